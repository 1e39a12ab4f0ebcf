/**
 * Leave-one-source-out validation of the value calibrator: for each real training source, a calibrator fitted without
 * that source's documents judges the dev documents of the same source, beside today's confidences and the shipped
 * calibrator. Run by `npm run bench:extract -- --loso-calibrator [--data <folder>]… [--synth <folder>]… [--datasets <dir>]`
 * (part of `--loso`). The rules choose every value (no scorer); the dev sets are never trained on.
 */
import path from "node:path";
import { CALIBRATOR, valueProbability, withCalibrator, type ValueCalibrator } from "../../lib/extraction/scorer/calibrator";
import { withScorer } from "../../lib/extraction/scorer";
import { listCorpus, readCached, type CorpusDocument } from "./corpus";
import { fitCalibrator, figures, type Figures } from "./calibrator-fit";
import { corpusOf, option, trainingFolders } from "./folders";
import { collectValueExamples, documentValues, type ValueExample } from "./value-examples";

export const CALIBRATOR_SOURCES: Array<{ source: string; label: string; dev: Array<{ set: string; under?: string }> }> = [
  { source: "receipts-sroie", label: "SROIE receipts", dev: [{ set: "dev", under: "sroie" }, { set: "receipts-dev" }] },
  { source: "einvoices", label: "e-invoice PDFs", dev: [{ set: "dev", under: "zugferd-corpus" }, { set: "invoices-dev" }] },
  { source: "contracts-nda", label: "NDAs", dev: [{ set: "contracts-dev" }] },
];

/** Every scalar value of the documents as the engine gives it with `model` as the calibrator (null: none). */
async function valuesWith(docs: CorpusDocument[], cache: string, model: ValueCalibrator | null, cachedOnly: boolean, withFeatures = false): Promise<{ values: ValueExample[]; ms: number; pages: number; uncached: number }> {
  const values: ValueExample[] = [];
  let ms = 0;
  let pages = 0;
  let uncached = 0;
  for (const doc of docs) {
    const page = await readCached(doc, cache, cachedOnly);
    if (!page) {
      uncached += 1;
      continue;
    }
    const started = performance.now();
    values.push(...withScorer(null, () => withCalibrator(model, () => documentValues(doc, page, withFeatures))));
    ms += performance.now() - started;
    pages += page.pages.length;
  }
  return { values, ms, pages, uncached };
}

const asJudged = (values: ValueExample[]) => values.map((v) => ({ emitted: v.emitted, hasTruth: v.hasTruth, right: v.right, confidence: v.before }));

/**
 * Today's values judged by `model` in one of its ways of combining (values unchanged unless it abstains): its
 * probability replaces the confidence, or caps it (the lower of the two), emptying the value below `abstainBelow`.
 */
function combined(values: ValueExample[], model: ValueCalibrator, combine: "replace" | "cap", abstainBelow: number) {
  return values.map((v) => {
    const judgedHere = v.features !== null && v.strategy !== null && model.strategies.includes(v.strategy);
    if (!v.emitted || !judgedHere) return { emitted: v.emitted, hasTruth: v.hasTruth, right: v.right, confidence: v.before };
    const p = valueProbability(model, v.features!);
    const confidence = combine === "cap" ? Math.min(v.before, p) : p;
    const kept = p >= abstainBelow;
    return { emitted: kept, hasTruth: v.hasTruth, right: kept && v.right, confidence };
  });
}

export function figureRow(label: string, f: Figures): string {
  return `| ${label} | ${f.truths} | ${f.values} | ${f.f1.toFixed(3)} | ${f.precision.toFixed(3)} | ${f.atNinety} | ${f.atNinety ? f.rightAtNinety.toFixed(3) : "–"} | ${f.ece.toFixed(3)} |`;
}
export const FIGURE_HEADER = "| run | truths | values | field F1 | precision | values ≥ 0.9 | right at ≥ 0.9 | ECE |\n| --- | --- | --- | --- | --- | --- | --- | --- |";

/** `collected`: the value examples of the same training folders when a run already gathered them (`--loso`). */
export async function runCalibratorLoso(args: string[], collected?: ValueExample[]): Promise<void> {
  const folders = trainingFolders(args);
  const root = option(args, "--datasets")[0] ?? "../shared/datasets";
  const cachedOnly = args.includes("--cached-only");
  const docs = corpusOf(folders);
  console.log(`\n== value calibrator, leave-one-source-out (training folders: ${[...folders.data, ...folders.synth].join(", ")}; dev sets: ${root})`);
  const examples = collected ?? (await collectValueExamples(docs, folders.cache, { cachedOnly }));
  for (const { source, label, dev } of CALIBRATOR_SOURCES) {
    const devDocs = dev.flatMap(({ set, under }) => listCorpus(path.join(root, set, under ?? ""), set));
    const kept = examples.filter((e) => e.source !== source);
    const { model } = fitCalibrator(kept, `without ${source}`);
    console.log(`\n${label}: calibrator fitted without ${source} (${kept.length} values; abstains below ${model.abstainBelow}), judged on ${dev.map((d) => d.set + (d.under ? `/${d.under}` : "")).join(" + ")} (${devDocs.length} documents)`);
    const before = await valuesWith(devDocs, folders.cache, null, cachedOnly, true);
    // With --cached-only a dev set missing from the cache would otherwise print a table of zeros.
    if (before.uncached > 0) console.log(`${before.uncached} of ${devDocs.length} dev documents are not in the cache ${folders.cache} and are left out: read them first (scripts/train/read-corpus.ts --cache ${folders.cache} <folder>)`);
    const after = await valuesWith(devDocs, folders.cache, model, cachedOnly);
    const shipped = await valuesWith(devDocs, folders.cache, CALIBRATOR, cachedOnly);
    console.log(FIGURE_HEADER);
    console.log(figureRow("today's confidence", figures(asJudged(before.values))));
    console.log(figureRow("left-out calibrator", figures(asJudged(after.values))));
    console.log(figureRow("shipped calibrator", figures(asJudged(shipped.values))));
    console.log(figureRow("left-out, replaces confidence, never abstains", figures(combined(before.values, model, "replace", 0))));
    console.log(figureRow("left-out, caps confidence, never abstains", figures(combined(before.values, model, "cap", 0))));
    console.log(figureRow(`left-out, caps confidence, abstains below ${model.abstainBelow}`, figures(combined(before.values, model, "cap", model.abstainBelow))));
    for (const field of [...new Set(before.values.map((v) => v.field))].sort()) {
      const of = (values: ValueExample[]) => asJudged(values.filter((v) => v.field === field));
      console.log(figureRow(`  ${field}: today → left-out`, figures(of(before.values))));
      console.log(figureRow(`  ${field}: left-out calibrator`, figures(of(after.values))));
    }
    console.log(`fields per page: ${(before.ms / Math.max(1, before.pages)).toFixed(2)} ms today, ${(after.ms / Math.max(1, after.pages)).toFixed(2)} ms with the calibrator (${after.pages} pages)`);
  }
}
