/**
 * `npm run train`: trains the learned value scorer (lib/extraction/scorer) and writes its model file.
 *
 *   npm run train -- [--data <folder>]… [--synth <folder>]… [--cache <dir>] [--out <file>]
 *
 * --data     a fetched training folder (../shared/datasets/train/README.md: `node fetch.mjs --out <folder>`), each
 *            document beside its `.gt.json`; repeatable. Default: TRAIN_DATA (folders joined by ":"), else
 *            ../train-data/receipts-sroie and ../train-data/einvoices.
 * --synth    a synthetic generator's output folder (same layout; split_group = layout id); repeatable. Default: the
 *            generator's seed 1, 1,000 PDFs, written once into .cache/train-synth (default-synth.ts); the row
 *            classifier keeps its own generated invoices whatever --synth says (--rows-synth replaces them).
 * --cache    where page models are cached (OCR runs once per document): TRAIN_CACHE, else .cache/train-readings.
 * --out      the model file: lib/extraction/scorer/model.json.
 * --names-only  fit and write the seller's-name scorer alone (model.json stays as committed; the calibrator too).
 * --names-out  the seller's-name scorer's file: lib/extraction/scorer/name-model.json (candidates: the header's lines).
 * --names-synth  the name scorer's own synthetic folder, beside --synth (repeatable; "none": without): default
 *            default-synth.ts NAME_SHAPES_SYNTH, 400 invoices with header noise and --name-shapes, written once under .cache.
 * --names-mask  features the name scorer's trees are fitted blind to (comma-separated, e.g. its rule_* features: a
 *            second opinion instead of the rules' echo); recorded in the file, zeroed by the engine too.
 * --calibrator-out  the value calibrator's file: lib/extraction/scorer/calibrator.json (every scalar field's chosen
 *            value judged right or wrong; trained on every folder, the NDAs included).
 * --fields   fields to train a scorer for (comma-separated; default fit.ts → SCORED_FIELDS).
 * --scorer-only  fit and write the value scorer alone (the name scorer, the calibrator and the row classifier stay as
 *            committed): what an experiment on the scorer's fields needs.
 * --calibrator-only  fit and write the value calibrator alone (model.json, the scorer, stays as committed).
 * --cached-only  skip documents whose reading is not cached yet (quick experiments; never for the shipped model).
 * --rows-out the line-item row classifier's file: lib/extraction/tables/row-model.json (scripts/train/table-rows.ts:
 *            the e-invoices among --data and its own synthetic invoices, table-rows.ts ROW_SYNTH_SETS: three seeds,
 *            two of them with the generator's table shapes, written once under .cache).
 * --rows-synth  synthetic folders for the row classifier instead of its own sets (experiments); repeatable.
 * --rows-only  fit and write the row classifier alone.
 * --columns-out  the line-item column typer's file: lib/extraction/tables/column-model.json (scripts/train/table-columns.ts:
 *            the e-invoices among --data and its own synthetic documents, COLUMN_SYNTH_SETS, written once under .cache).
 * --columns-synth  synthetic folders for the column typer instead of its own sets (experiments); repeatable.
 * --columns-only  fit and write the column typer alone.
 * --check    train into a temporary folder and compare with the committed model files, leaving them as they are:
 *            exits 1 naming what differs (the date, CPU and seconds a training took are not compared).
 *
 * Nothing is fetched; the dev sets are never read. Out-of-fold figures (sender-group folds) go into the model file.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import type { CorpusDocument } from "./corpus";
import { corpusOf, option, trainingFolders } from "./folders";
import { collectExamples } from "./examples";
import { fitModel, NAME_FIELDS, SCORED_FIELDS } from "./fit";
import { NAME_FEATURE_NAMES } from "../../lib/extraction/scorer";
import { fitCalibrator } from "./calibrator-fit";
import { collectValueExamples } from "./value-examples";
import { trainRowModel } from "./table-rows";
import { trainColumnModel } from "./table-columns";
import { nameSynthFolders, synthFoldersOrDefault } from "./default-synth";
import { listCorpus } from "./corpus";
import { modelDifferences } from "./same-model";

/** The model files `npm run train` writes, by the option that moves each. */
const MODEL_FILES: Array<{ option: string; committed: string }> = [
  { option: "--out", committed: "lib/extraction/scorer/model.json" },
  { option: "--names-out", committed: "lib/extraction/scorer/name-model.json" },
  { option: "--calibrator-out", committed: "lib/extraction/scorer/calibrator.json" },
  { option: "--rows-out", committed: "lib/extraction/tables/row-model.json" },
  { option: "--columns-out", committed: "lib/extraction/tables/column-model.json" },
];

/** `--check`: the arguments that send every model file to a temporary folder, and the comparison to run after. */
function checkRun(args: string[]): { args: string[]; compare: () => boolean } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "quarry-train-check-"));
  const files = MODEL_FILES.map((file) => ({ ...file, trained: path.join(dir, path.basename(file.committed)) }));
  return {
    args: [...args, ...files.flatMap((file) => [file.option, file.trained])],
    compare: () => {
      let same = true;
      // --rows-only, --names-only and --calibrator-only write some of the files: the others are not compared.
      for (const file of files.filter((candidate) => existsSync(candidate.trained))) {
        const differences = modelDifferences(JSON.parse(readFileSync(file.committed, "utf8")), JSON.parse(readFileSync(file.trained, "utf8")));
        same &&= differences.length === 0;
        console.log(differences.length === 0 ? `${file.committed}: the same model` : `${file.committed}: differs at ${differences.length} places, first ${differences.slice(0, 5).join(", ")} (trained: ${file.trained})`);
      }
      return same;
    },
  };
}

/** The learned value scorer (model.json): candidates of every amount and date field, GBDT, out-of-fold calibration. */
async function trainScorer(args: string[], docs: CorpusDocument[], folders: { cache: string }, note: string, corpus: Record<string, unknown>): Promise<void> {
  const out = option(args, "--out")[0] ?? "lib/extraction/scorer/model.json";
  const started = performance.now();
  const examples = await collectExamples(docs, folders.cache, { cachedOnly: args.includes("--cached-only"), onProgress: (n) => n % 100 === 0 && console.log(`  ${n} documents read`) });
  const collected = performance.now();
  const only = option(args, "--fields")[0]?.split(",") ?? SCORED_FIELDS;
  if (!args.includes("--names-only")) {
    const { model, fits } = fitModel(examples, note, undefined, only);
    model.report.corpus = corpus;
    model.report.seconds = { readAndCandidates: Math.round((collected - started) / 100) / 10, fit: Math.round((performance.now() - collected) / 100) / 10 };
    writeFileSync(out, `${JSON.stringify(model)}\n`);
    console.log(`wrote ${out} (${fits.size} fields scored: ${[...fits.keys()].join(", ")})`);
    for (const [field, fit] of fits) {
      const report = (model.report.fields as Record<string, { senderFolds: unknown; senderFoldsBySource: Record<string, unknown> }>)[field];
      console.log(`  ${field}: ${fit.documents} documents, ${fit.positives} with the value among the candidates; sender folds ${JSON.stringify(report?.senderFolds)}`);
      for (const [source, figures] of Object.entries(report?.senderFoldsBySource ?? {})) console.log(`    ${source}: ${JSON.stringify(figures)}`);
    }
  }
  if (args.includes("--scorer-only")) return;
  // The name scorer also learns from its own synthetic invoices (default-synth.ts NAME_SHAPES_SYNTH).
  const nameDocs = nameSynthFolders(option(args, "--names-synth")).flatMap((folder) => listCorpus(folder, "synthetic:name-shapes"));
  const nameExamples = nameDocs.length === 0 ? [] : await collectExamples(nameDocs, folders.cache, { cachedOnly: args.includes("--cached-only") });
  const names = fitModel([...examples, ...nameExamples], note, undefined, NAME_FIELDS, NAME_FEATURE_NAMES, option(args, "--names-mask")[0]?.split(",") ?? []);
  names.model.report.corpus = { ...corpus, nameShapes: nameDocs.length };
  const namesOut = option(args, "--names-out")[0] ?? "lib/extraction/scorer/name-model.json";
  writeFileSync(namesOut, `${JSON.stringify(names.model)}\n`);
  console.log(`wrote ${namesOut}`);
  for (const field of names.fits.keys()) console.log(`  ${field}: ${JSON.stringify((names.model.report.fields as Record<string, unknown>)[field])}`);
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check") ? checkRun(process.argv.slice(2)) : null;
  const args = check?.args ?? process.argv.slice(2);
  const given = trainingFolders(args);
  const folders = { ...given, synth: synthFoldersOrDefault(given.synth) };
  const docs = corpusOf(folders);
  console.log(`corpus: ${docs.length} documents from ${[...folders.data, ...folders.synth].join(", ")}`);
  const note = `${new Date().toISOString().slice(0, 10)}: ${docs.length} documents (${[...new Set(docs.map((d) => d.source))].join(", ")}), ${os.cpus()[0]?.model ?? "cpu"}`;
  const corpus = { documents: docs.length, groups: new Set(docs.map((d) => d.group)).size, bySource: Object.fromEntries([...new Set(docs.map((d) => d.source))].map((s) => [s, docs.filter((d) => d.source === s).length])) };
  // --names-only, --calibrator-only and --scorer-only fit one model alone, so the table models stay as committed there.
  const scorerOnly = args.includes("--scorer-only");
  const tableModels = !args.includes("--names-only") && !args.includes("--calibrator-only") && !scorerOnly;
  if (tableModels && !args.includes("--rows-only")) {
    const columnsOut = option(args, "--columns-out")[0] ?? "lib/extraction/tables/column-model.json";
    const columns = await trainColumnModel({ data: folders.data, synth: option(args, "--columns-synth"), out: columnsOut, note });
    console.log(`wrote ${columnsOut} (${JSON.stringify(columns.corpus)}); group folds ${JSON.stringify((columns.groupFolds as { all: unknown }).all)}`);
  }
  if (args.includes("--columns-only")) {
    if (check && !check.compare()) process.exitCode = 1;
    return;
  }
  if (tableModels) {
    const rowsOut = option(args, "--rows-out")[0] ?? "lib/extraction/tables/row-model.json";
    const rows = await trainRowModel({ data: folders.data, synth: option(args, "--rows-synth"), out: rowsOut, note });
    console.log(`wrote ${rowsOut} (${JSON.stringify(rows.corpus)}); group folds ${JSON.stringify((rows.groupFolds as { headingOrContinuation: unknown }).headingOrContinuation)}`);
  }
  if (args.includes("--rows-only")) return;
  if (!args.includes("--calibrator-only")) await trainScorer(args, docs, folders, note, corpus);
  if (args.includes("--names-only") || scorerOnly) {
    await terminateOcr();
    if (check && !check.compare()) process.exitCode = 1;
    return;
  }
  const calibratorOut = option(args, "--calibrator-out")[0] ?? "lib/extraction/scorer/calibrator.json";
  const values = await collectValueExamples(docs, folders.cache, { cachedOnly: args.includes("--cached-only") });
  const { model: calibrator } = fitCalibrator(values, note);
  calibrator.report.corpus = corpus;
  writeFileSync(calibratorOut, `${JSON.stringify(calibrator)}\n`);
  const folds = calibrator.report.senderFolds as { all: { before: unknown; after: unknown } };
  console.log(`wrote ${calibratorOut} (${values.length} values, abstains below ${calibrator.abstainBelow}); sender folds before ${JSON.stringify(folds.all.before)} after ${JSON.stringify(folds.all.after)}`);
  await terminateOcr();
  if (check && !check.compare()) process.exitCode = 1;
}

void main();
