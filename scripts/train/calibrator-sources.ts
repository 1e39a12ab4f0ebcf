/**
 * The value calibrator judged on training documents only: for each real training source, a calibrator fitted without
 * it judges that source's own training documents (every one out of fit, no dev set read), beside today's confidences;
 * and the sender folds of a calibrator fitted on everything. What a change to its features or data is chosen on.
 *
 *   npx tsx --conditions=react-server scripts/train/calibrator-sources.ts [--data <folder>]… [--synth <folder>]…
 *     [--cache <dir>] [--cached-only] [--save <file>] [--load <file>]
 *
 * --save writes the collected examples to a JSON file, --load reads them instead of extracting again (the features
 * are those of the code that saved them). --drop a,b holds the named features at 0 in every example (what the
 * calibrator would learn without them).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { valueProbability, type ValueCalibrator } from "../../lib/extraction/scorer/calibrator";
import { VALUE_FEATURE_NAMES } from "../../lib/extraction/scorer/value-features";
import { CALIBRATOR_SOURCES, FIGURE_HEADER, figureRow } from "./calibrator-loso";
import { figures, fitCalibrator, type Judged } from "./calibrator-fit";
import { corpusOf, option, trainingFolders } from "./folders";
import { collectValueExamples, type ValueExample } from "./value-examples";

/** Today's confidences of the examples, or the calibrator's probabilities with abstention below its threshold. */
function judgedBy(examples: ValueExample[], model: ValueCalibrator | null): Judged[] {
  return examples.map((e) => {
    const judgedHere = model !== null && e.features !== null && e.strategy !== null && model.strategies.includes(e.strategy);
    if (!e.emitted || !judgedHere) return { emitted: e.emitted, hasTruth: e.hasTruth, right: e.right, confidence: e.before };
    const p = valueProbability(model, e.features!);
    const kept = p >= model.abstainBelow;
    return { emitted: kept, hasTruth: e.hasTruth, right: kept && e.right, confidence: p };
  });
}

/** The examples with the features named in `drop` held at 0. */
function withoutFeatures(examples: ValueExample[], drop: string[]): ValueExample[] {
  const at = drop.map((name) => (VALUE_FEATURE_NAMES as readonly string[]).indexOf(name));
  const unknown = drop.filter((_, i) => at[i]! < 0);
  if (unknown.length > 0) throw new Error(`no such feature: ${unknown.join(", ")}`);
  return examples.map((e) => (e.features ? { ...e, features: e.features.map((v, i) => (at.includes(i) ? 0 : v)) } : e));
}

async function examplesOf(args: string[]): Promise<ValueExample[]> {
  const drop = option(args, "--drop")[0]?.split(",").filter(Boolean) ?? [];
  const load = option(args, "--load")[0];
  if (load) return withoutFeatures(JSON.parse(readFileSync(load, "utf8")) as ValueExample[], drop);
  const folders = trainingFolders(args);
  const examples = await collectValueExamples(corpusOf(folders), folders.cache, { cachedOnly: args.includes("--cached-only") });
  const save = option(args, "--save")[0];
  if (save) writeFileSync(save, JSON.stringify(examples));
  return withoutFeatures(examples, drop);
}

export async function runCalibratorSources(args: string[]): Promise<void> {
  const examples = await examplesOf(args);
  const sources = [...new Set(examples.map((e) => e.source))].sort();
  console.log(`${examples.length} values: ${sources.map((s) => `${s} ${examples.filter((e) => e.source === s).length}`).join(", ")}`);
  for (const { source, label } of CALIBRATOR_SOURCES) {
    const own = examples.filter((e) => e.source === source);
    if (own.length === 0) continue;
    const { model } = fitCalibrator(examples.filter((e) => e.source !== source), `without ${source}`);
    console.log(`\n${label}: calibrator fitted without ${source} (abstains below ${model.abstainBelow}), judged on its ${own.length} training values`);
    console.log(FIGURE_HEADER);
    console.log(figureRow("today's confidence", figures(judgedBy(own, null))));
    console.log(figureRow("left-out calibrator", figures(judgedBy(own, model))));
    for (const field of [...new Set(own.map((e) => e.field))].sort()) {
      const of = own.filter((e) => e.field === field);
      console.log(figureRow(`  ${field}: today`, figures(judgedBy(of, null))));
      console.log(figureRow(`  ${field}: left-out calibrator`, figures(judgedBy(of, model))));
    }
  }
  const { model } = fitCalibrator(examples, "every source");
  const folds = model.report.senderFolds as { bySource: Record<string, { before: ReturnType<typeof figures>; after: ReturnType<typeof figures> }> };
  console.log(`\nSender folds, calibrator fitted on every source (abstains below ${model.abstainBelow}), out of fold`);
  console.log(FIGURE_HEADER);
  for (const [source, f] of Object.entries(folds.bySource)) {
    console.log(figureRow(`${source}: today`, f.before));
    console.log(figureRow(`${source}: calibrator`, f.after));
  }
}

if (process.argv[1]?.endsWith("calibrator-sources.ts")) {
  runCalibratorSources(process.argv.slice(2))
    .then(() => terminateOcr())
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
