/**
 * Leave-one-source-out validation of the learned scorer: for each real training source, a model trained without
 * that source's documents scores the dev documents of that source, beside the rules alone and the shipped model; and
 * the line-item cells of the same documents (loso-cells.ts), which no scorer touches.
 * Run by `npm run bench:extract -- --loso [--data <folder>]… [--synth <folder>]… [--datasets <dir>] [--cache <dir>]
 * [--fields <a,b>] [--name-sure <a,b>]` (--fields: the fields the left-out models score; default fit.ts → SCORED_FIELDS;
 * --name-sure: the tie-break thresholds the left-out name model is also run at, default 0.8,0.9).
 */
import path from "node:path";
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import { NAME_FEATURE_NAMES, SCORER, withNameScorer, withScorer, type ScorerModel } from "../../lib/extraction/scorer";
import { FIELDS } from "../bench/dataset";
import { equal } from "../bench/score";
import { listCorpus, readCached, type CorpusDocument } from "./corpus";
import { collectExamples } from "./examples";
import { fitModel, NAME_FIELDS, SCORED_FIELDS, summarise, type Outcome, type Summary } from "./fit";
import { corpusOf, option, trainingFolders } from "./folders";
import { CELLS_HEADER, countCells, formatCells, lineItemsOf, noCells, type CellCounts } from "./loso-cells";
import { rowModelNow } from "../../lib/extraction/tables/row-model";
import { withCalibrator, type ValueCalibrator } from "../../lib/extraction/scorer/calibrator";
import { fitCalibrator } from "./calibrator-fit";
import { collectValueExamples, type ValueExample } from "./value-examples";

/** A real training source and the dev documents of the same source (the dev sets themselves are never trained on). */
const SOURCES: Array<{ source: string; label: string; dev: Array<{ set: string; under?: string }> }> = [
  { source: "receipts-sroie", label: "SROIE receipts", dev: [{ set: "dev", under: "sroie" }, { set: "receipts-dev" }] },
  { source: "einvoices", label: "e-invoice PDFs", dev: [{ set: "dev", under: "zugferd-corpus" }, { set: "invoices-dev" }] },
];

const SCALARS = FIELDS.filter((f) => f.type !== "table");

function devDocuments(root: string, dev: Array<{ set: string; under?: string }>): CorpusDocument[] {
  return dev.flatMap(({ set, under }) => listCorpus(path.join(root, set, under ?? ""), set));
}

/** The value scorer, the seller's-name scorer and the value calibrator a run puts in force (null: the rules decide,
 * the confidences of `confidence/` stand). */
type Models = { values: ScorerModel | null; names: ScorerModel | null; calibrator?: ValueCalibrator | null };

/** Every ground-truth scalar of the documents, extracted with `models` in force, as outcomes. */
async function score(docs: CorpusDocument[], cache: string, models: Models, cachedOnly: boolean): Promise<{ all: Outcome[]; ms: number; pages: number }> {
  const all: Outcome[] = [];
  let ms = 0;
  let pages = 0;
  for (const doc of docs) {
    const page = await readCached(doc, cache, cachedOnly);
    if (!page) continue;
    const fields = SCALARS.filter((f) => doc.gt.fields[f.name] !== undefined);
    const started = performance.now();
    const { data, fieldMetadata } = withScorer(models.values, () => withNameScorer(models.names, () => withCalibrator(models.calibrator ?? null, () => extractFromPageModel(page, fields))));
    ms += performance.now() - started;
    pages += page.pages.length;
    for (const f of fields) {
      const value = data[f.name] ?? null;
      const emitted = value !== null && !(Array.isArray(value) && value.length === 0);
      all.push({ field: f.name, source: doc.source, confidence: fieldMetadata[f.name]?.confidence ?? 0, right: equal(f.name, doc.gt.fields[f.name]!, value), emitted, hasTruth: true });
    }
  }
  return { all, ms, pages };
}

/** Line-item cells of the documents with line items in their ground truth (PDFs alone with `pdfOnly`). */
async function cells(docs: CorpusDocument[], cache: string, cachedOnly: boolean, pdfOnly = false): Promise<CellCounts> {
  const counts = noCells();
  for (const doc of docs) {
    const gtRows = doc.gt.tables?.line_items;
    if (!gtRows || gtRows.length === 0 || (pdfOnly && !doc.file.toLowerCase().endsWith(".pdf"))) continue;
    const page = await readCached(doc, cache, cachedOnly);
    if (page) countCells(counts, gtRows, lineItemsOf(page));
  }
  return counts;
}

function row(label: string, s: Summary): string {
  return `| ${label} | ${s.n} | ${s.f1.toFixed(3)} | ${s.precision.toFixed(3)} | ${s.atNinety} | ${s.atNinety ? s.rightAtNinety.toFixed(3) : "–"} | ${s.ece.toFixed(3)} |`;
}

/** Runs the table; returns the value calibrator's examples it collected (the calibrator's own run reuses them). */
export async function runLoso(args: string[]): Promise<ValueExample[]> {
  const folders = trainingFolders(args);
  const root = option(args, "--datasets")[0] ?? "../shared/datasets";
  const docs = corpusOf(folders);
  console.log(`\n== leave-one-source-out (training folders: ${[...folders.data, ...folders.synth].join(", ")}; dev sets: ${root})`);
  const cachedOnly = args.includes("--cached-only");
  const examples = await collectExamples(docs, folders.cache, { cachedOnly });
  const valueExamples = await collectValueExamples(docs, folders.cache, { cachedOnly });
  const scoredFields = option(args, "--fields")[0]?.split(",") ?? SCORED_FIELDS;
  const header = "| run | values | field F1 | precision | values ≥ 0.9 | right at ≥ 0.9 | ECE |\n| --- | --- | --- | --- | --- | --- | --- |";
  for (const { source, label, dev } of SOURCES) {
    const devDocs = devDocuments(root, dev);
    const { model } = fitModel(examples.filter((e) => e.source !== source), `without ${source}`, undefined, scoredFields);
    const { model: names } = fitModel(examples.filter((e) => e.source !== source), `without ${source}`, undefined, NAME_FIELDS, NAME_FEATURE_NAMES, option(args, "--names-mask")[0]?.split(",") ?? []);
    // The value calibrator fitted without the source too: it judges the rules' values the left-out scorer leaves them.
    const { model: calibrator } = fitCalibrator(valueExamples.filter((e) => e.source !== source), `without ${source}`);
    const decided = new Set(Object.keys(model.fields));
    const named = new Set(Object.keys(names.fields));
    console.log(`\n${label}: trained without ${source} (${examples.filter((e) => e.source !== source).length} field examples; scorer decides ${[...decided].join(", ") || "nothing"}), scored on ${dev.map((d) => d.set + (d.under ? `/${d.under}` : "")).join(" + ")} (${devDocs.length} documents)`);
    const rules = await score(devDocs, folders.cache, { values: null, names: null }, cachedOnly);
    const loso = await score(devDocs, folders.cache, { values: model, names: null }, cachedOnly);
    const withNames = await score(devDocs, folders.cache, { values: model, names }, cachedOnly);
    // The name model as a tie-break: the rules' name stands unless it is this sure of another (`--name-sure a,b`).
    const sureAts = (option(args, "--name-sure")[0] ?? "0.8,0.9").split(",").map(Number).filter(Number.isFinite);
    const tieBreaks: Array<[number, Awaited<ReturnType<typeof score>>]> = [];
    for (const sureAt of sureAts) tieBreaks.push([sureAt, await score(devDocs, folders.cache, { values: model, names: { ...names, sureAt } }, cachedOnly)]);
    const filling = await score(devDocs, folders.cache, { values: { ...model, policy: "fill" }, names: null }, cachedOnly);
    const judged = await score(devDocs, folders.cache, { values: model, names: null, calibrator }, cachedOnly);
    const shipped = await score(devDocs, folders.cache, { values: SCORER, names: null }, cachedOnly);
    console.log(header);
    console.log(row("rules alone, all fields", summarise(rules.all)));
    console.log(row("left-out model, all fields", summarise(loso.all)));
    console.log(row("left-out model and left-out name model, all fields", summarise(withNames.all)));
    console.log(row("left-out model filling the rules' blanks, all fields", summarise(filling.all)));
    console.log(row(`left-out model and left-out value calibrator (abstains below ${calibrator.abstainBelow}), all fields`, summarise(judged.all)));
    console.log(row("shipped model, all fields", summarise(shipped.all)));
    const fieldsOf = (all: Outcome[]) => all.filter((o) => decided.has(o.field));
    console.log(row("rules alone, scored fields", summarise(fieldsOf(rules.all))));
    console.log(row("left-out model, scored fields", summarise(fieldsOf(loso.all))));
    console.log(row("left-out model filling blanks, scored fields", summarise(fieldsOf(filling.all))));
    for (const field of decided) {
      const of = (all: Outcome[]) => all.filter((o) => o.field === field);
      if (of(rules.all).length === 0) continue;
      console.log(row(`  ${field}: rules → left-out model`, summarise(of(rules.all))));
      console.log(row(`  ${field}: left-out model`, summarise(of(loso.all))));
    }
    for (const field of named) {
      const of = (all: Outcome[]) => all.filter((o) => o.field === field);
      console.log(row(`  ${field}: rules → left-out name model`, summarise(of(rules.all))));
      console.log(row(`  ${field}: left-out name model`, summarise(of(withNames.all))));
      for (const [sureAt, run] of tieBreaks) console.log(row(`  ${field}: left-out name model replacing the rules' name at >= ${sureAt}`, summarise(of(run.all))));
    }
    for (const field of ["vendor_address"]) {
      const of = (all: Outcome[]) => all.filter((o) => o.field === field);
      if (of(rules.all).length > 0) console.log(row(`  ${field}: rules (every run)`, summarise(of(rules.all))));
    }
    // Where the confidence is off: every field's own reliability under the left-out and the shipped model.
    for (const field of SCALARS.map((f) => f.name)) {
      const of = (all: Outcome[]) => all.filter((o) => o.field === field);
      if (of(loso.all).length === 0) continue;
      console.log(row(`  ${field}: left-out model, its confidence`, summarise(of(loso.all))));
      console.log(row(`  ${field}: left-out model and calibrator`, summarise(of(judged.all))));
      console.log(row(`  ${field}: shipped model, its confidence`, summarise(of(shipped.all))));
    }
    const sourceCells = await cells(devDocs, folders.cache, cachedOnly);
    if (sourceCells.documents > 0) console.log(`${CELLS_HEADER}\n${formatCells(`${label} out: the engine's line items (rules${rowModelNow() ? " and the row classifier in force" : ""})`, sourceCells)}`);
    console.log(`fields per page: ${(rules.ms / Math.max(1, rules.pages)).toFixed(2)} ms rules alone, ${(loso.ms / Math.max(1, loso.pages)).toFixed(2)} ms with the scorer (${loso.pages} pages)`);
  }
  console.log(`\n== dev sets, scalar fields, rules alone → shipped model (${SCORER?.trainedOn ?? "no model"}); the same cached readings`);
  console.log(header);
  for (const set of ["dev", "receipts-dev", "invoices-dev"]) {
    const devDocs = listCorpus(path.join(root, set), set);
    const rules = await score(devDocs, folders.cache, { values: null, names: null }, cachedOnly);
    const shipped = await score(devDocs, folders.cache, { values: SCORER, names: null }, cachedOnly);
    console.log(row(`${set}: rules alone`, summarise(rules.all)));
    console.log(row(`${set}: shipped model`, summarise(shipped.all)));
    console.log(`| ${set}: ms per page (fields and tables) | ${shipped.pages} pages | ${(rules.ms / Math.max(1, rules.pages)).toFixed(2)} → ${(shipped.ms / Math.max(1, shipped.pages)).toFixed(2)} | | | | |`);
  }
  console.log(`\n== dev sets, line items as the engine extracts them (rules${rowModelNow() ? " and the row classifier in force" : ""}); the same cached readings`);
  console.log(CELLS_HEADER);
  for (const [set, pdfOnly] of [["dev", true], ["invoices-dev", false], ["receipts-dev", false]] as const) {
    const counts = await cells(listCorpus(path.join(root, set), set), folders.cache, cachedOnly, pdfOnly);
    if (counts.documents > 0) console.log(formatCells(`${set}${pdfOnly ? " PDFs" : ""}`, counts));
  }
  console.log("\nNDAs: the scorer decides no contract field (effective date, term, jurisdiction, parties are read by the narrative reader); contracts-dev is the rules' figure of the main run.");
  return valueExamples;
}
