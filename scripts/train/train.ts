/**
 * `npm run train`: trains the learned value scorer (lib/extraction/scorer) and writes its model file.
 *
 *   npm run train -- [--data <folder>]… [--synth <folder>]… [--cache <dir>] [--out <file>]
 *
 * --data     a fetched training folder (../shared/datasets/train/README.md: `node fetch.mjs --out <folder>`), each
 *            document beside its `.gt.json`; repeatable. Default: TRAIN_DATA (folders joined by ":"), else
 *            ../train-data/receipts-sroie and ../train-data/einvoices.
 * --synth    a synthetic generator's output folder (same layout; split_group = layout id); repeatable, optional.
 * --cache    where page models are cached (OCR runs once per document): TRAIN_CACHE, else .cache/train-readings.
 * --out      the model file: lib/extraction/scorer/model.json.
 * --names-only  fit and write the seller's-name scorer alone (model.json stays as committed; the calibrator too).
 * --names-out  the seller's-name scorer's file: lib/extraction/scorer/name-model.json (candidates: the header's lines).
 * --calibrator-out  the value calibrator's file: lib/extraction/scorer/calibrator.json (every scalar field's chosen
 *            value judged right or wrong; trained on every folder, the NDAs included).
 * --fields   fields to train a scorer for (comma-separated; default invoice_date,total_amount).
 * --calibrator-only  fit and write the value calibrator alone (model.json, the scorer, stays as committed).
 * --cached-only  skip documents whose reading is not cached yet (quick experiments; never for the shipped model).
 * --rows-out the line-item row classifier's file: lib/extraction/tables/row-model.json (scripts/train/table-rows.ts:
 *            the e-invoices among --data and synthetic invoices, its own generated set when no --synth is given).
 * --rows-only  fit and write the row classifier alone.
 *
 * Nothing is fetched; the dev sets are never read. Out-of-fold figures (sender-group folds) go into the model file.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import type { CorpusDocument } from "./corpus";
import { corpusOf, option, trainingFolders } from "./folders";
import { collectExamples } from "./examples";
import { fitModel, NAME_FIELDS, SCORED_FIELDS } from "./fit";
import { NAME_FEATURE_NAMES } from "../../lib/extraction/scorer";
import { fitCalibrator } from "./calibrator-fit";
import { collectValueExamples } from "./value-examples";
import { trainRowModel } from "./table-rows";

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
  const names = fitModel(examples, note, undefined, NAME_FIELDS, NAME_FEATURE_NAMES);
  names.model.report.corpus = corpus;
  const namesOut = option(args, "--names-out")[0] ?? "lib/extraction/scorer/name-model.json";
  writeFileSync(namesOut, `${JSON.stringify(names.model)}\n`);
  console.log(`wrote ${namesOut}`);
  for (const field of names.fits.keys()) console.log(`  ${field}: ${JSON.stringify((names.model.report.fields as Record<string, unknown>)[field])}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folders = trainingFolders(args);
  const docs = corpusOf(folders);
  console.log(`corpus: ${docs.length} documents from ${[...folders.data, ...folders.synth].join(", ")}`);
  const note = `${new Date().toISOString().slice(0, 10)}: ${docs.length} documents (${[...new Set(docs.map((d) => d.source))].join(", ")}), ${os.cpus()[0]?.model ?? "cpu"}`;
  const corpus = { documents: docs.length, groups: new Set(docs.map((d) => d.group)).size, bySource: Object.fromEntries([...new Set(docs.map((d) => d.source))].map((s) => [s, docs.filter((d) => d.source === s).length])) };
  // --names-only and --calibrator-only fit one model alone, so the row classifier stays as committed there.
  if (!args.includes("--names-only") && !args.includes("--calibrator-only")) {
    const rowsOut = option(args, "--rows-out")[0] ?? "lib/extraction/tables/row-model.json";
    const rows = await trainRowModel({ data: folders.data, synth: folders.synth, out: rowsOut, note });
    console.log(`wrote ${rowsOut} (${JSON.stringify(rows.corpus)}); group folds ${JSON.stringify((rows.groupFolds as { headingOrContinuation: unknown }).headingOrContinuation)}`);
  }
  if (args.includes("--rows-only")) return;
  if (!args.includes("--calibrator-only")) await trainScorer(args, docs, folders, note, corpus);
  if (args.includes("--names-only")) return;
  const calibratorOut = option(args, "--calibrator-out")[0] ?? "lib/extraction/scorer/calibrator.json";
  const values = await collectValueExamples(docs, folders.cache, { cachedOnly: args.includes("--cached-only") });
  const { model: calibrator } = fitCalibrator(values, note);
  calibrator.report.corpus = corpus;
  writeFileSync(calibratorOut, `${JSON.stringify(calibrator)}\n`);
  const folds = calibrator.report.senderFolds as { all: { before: unknown; after: unknown } };
  console.log(`wrote ${calibratorOut} (${values.length} values, abstains below ${calibrator.abstainBelow}); sender folds before ${JSON.stringify(folds.all.before)} after ${JSON.stringify(folds.all.after)}`);
  await terminateOcr();
}

void main();
