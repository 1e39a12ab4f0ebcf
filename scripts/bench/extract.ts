/**
 * Extraction benchmark: runs the offline engine over a dataset folder in the format of
 * ../shared/datasets/README.md (manifest.json + <doc>.gt.json) and scores it the way that README describes.
 *
 *   npm run bench:extract -- [dataset dir] [--verbose] [--only <substring>] [--mode fast|balanced|accurate] [--advanced] [--einvoice] [--no-throughput]
 *     [--engine tesseract|paddle|combined] [--no-engines] [--half a|b] [--tables] [--models rules|scorer|scorer-fill|calibrator|both] [--row-model <file>] [--column-model <file> [--column-sure <unnamed>,<named>]]
 *     [--scorer-model <file>]
 *     [--name-model <file> [--name-sure <p>]]
 *   npm run bench:extract -- --loso [--data <folder>]… [--synth <folder>]… [--datasets <dir>] [--cache <dir>]
 *     (the learned scorer's leave-one-source-out table: scripts/train/loso.ts)
 *   npm run bench:extract -- --stages [dataset dir …] [--runs N] [--mode fast|balanced]
 *     (text-layer pages/s with each stage's ms per page: scripts/bench/extract-stages.ts)
 *
 * After the main run, the images are extracted once more with each OCR engine pinned (field F1, CPU s/page, peak RSS).
 * contracts-dev (manifest split "contracts-dev") is scored with its own parser and rules (bench/contracts-scoring.ts);
 * a set whose ground truth carries `field_specs` (the synthetic kinds set, bench/kinds/generate.ts) is extracted with
 * each document's own specs, scored by field type and reported per kind and per field type ("field types"); a value
 * predicted for a spec field the document does not print counts as a false positive there (the real documents of
 * other kinds, bench/kinds/real, are read the same way once `npm run bench:kinds-real-data` has assembled them), and
 * its table fields (`tables.<name>` in the ground truth) are scored like line items, cell by the column's declared type;
 * `--tables` prints the line-item report alone per source (cells per column; rows: recall, spurious; cells shown
 * green and how many of them are wrong), without the speed passes. A folder without manifest.json (the training
 * corpus's train-data/einvoices) is read as every document with a `.gt.json` beside it.
 * `--half a|b` keeps the first or second half of the split groups (tune on one, confirm on the other).
 *
 * The engine only ever sees the document bytes and generic field definitions; it never reads PDF attachments.
 * At the end, text-layer speed against poppler's `pdftotext` on the same PDFs (read in place), when it is installed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { extractDocument, serverExtractionSettings, type TableRow } from "../../lib/extraction";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { clearImageTextReadings } from "../../lib/extraction/loaders/pdf/pdf-image-text";
import { FIELDS, MIME, readGt, readManifest, splitHalf, type Gt } from "./dataset";
import { compareWithPdftotext, type EndToEnd } from "./pdftotext-compare";
import { alignRows, equal, normText, type CellEqual } from "./score";
import { valueOutcomes, type ScoredTable, type ValueOutcome } from "./value-outcomes";
import { contractOutcomes } from "./contract-outcomes";
import { CALIBRATION, formatReliability, reliability } from "../../lib/extraction/confidence";
import { engineFigures } from "./engine-figures";
import { CONTRACT_FIELDS, contractValueEqual, inHalf, scoreParties } from "./contracts-scoring";
import { judgeBySpecs, specCellEqual, specValueEqual, type SpecGt } from "./kinds-scoring";
import { runLoso } from "../train/loso";
import { runStageProfile } from "./extract-stages";
import { runCalibratorLoso } from "../train/calibrator-loso";
import { CALIBRATOR, withCalibratorAsync } from "../../lib/extraction/scorer/calibrator";
import { SCORER, withNameScorerAsync, withScorerAsync, type ScorerModel } from "../../lib/extraction/scorer";
import { observeVetoes, ROW_MODEL, withRowModelAsync, type RowModel } from "../../lib/extraction/tables/row-model";
import { withColumnModelAsync, type ColumnModel } from "../../lib/extraction/tables/column-model";

/** Warm passes over the merged PDF whose median is the reported throughput. */
const THROUGHPUT_RUNS = 7;

type Counts = { tp: number; fp: number; fn: number };
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
function add(map: Map<string, Counts>, key: string, d: Partial<Counts>): void {
  const c = map.get(key) ?? zero();
  c.tp += d.tp ?? 0;
  c.fp += d.fp ?? 0;
  c.fn += d.fn ?? 0;
  map.set(key, c);
}
function prf(c: Counts): string {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f = p + r ? (2 * p * r) / (p + r) : 0;
  return `P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f.toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
}
function total(map: Map<string, Counts>): Counts {
  const t = zero();
  for (const c of map.values()) {
    t.tp += c.tp;
    t.fp += c.fp;
    t.fn += c.fn;
  }
  return t;
}

/** Normalised Levenshtein similarity (1 = equal), for the README's secondary fuzzy rate on names and addresses. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length, 1);
}
const FUZZY_KEYS = new Set(["vendor_name", "customer_name", "vendor_address"]);

/** Cells by the confidence shown to a reviewer: how many, how many wrong (a wrong value shown green costs money). */
type Trust = { n: number; wrong: number };
type Group = {
  fuzzy: { n: number; ok: number };
  fields: Map<string, Counts>;
  cells: Map<string, Counts>;
  docs: number;
  exact: number;
  exactWithItems: number;
  gtRows: number;
  matchedRows: number;
  predRows: number;
  spuriousRows: number;
  tableDocs: number;
  exactRowCount: number;
  trusted: Trust;
  certain: Trust;
  pages: number;
  ms: number;
};
const newGroup = (): Group => ({ fuzzy: { n: 0, ok: 0 }, fields: new Map(), cells: new Map(), docs: 0, exact: 0, exactWithItems: 0, gtRows: 0, matchedRows: 0, predRows: 0, spuriousRows: 0, tableDocs: 0, exactRowCount: 0, trusted: { n: 0, wrong: 0 }, certain: { n: 0, wrong: 0 }, pages: 0, ms: 0 });
/** A cell at or above this confidence is shown green in review (docs/review.md). */
const TRUSTED = 0.9;
/** A cell at or above this confidence reads "100%" in review. */
const SHOWN_CERTAIN = 0.995;

function scoreTable(gtRows: Array<Record<string, string>>, predRows: TableRow[], group: Group[], verbose: boolean, same: CellEqual = equal): boolean {
  const { score, assignment } = alignRows(gtRows, predRows, same);
  const usedColumns = new Set(gtRows.flatMap((r) => Object.keys(r)));
  const matchedPred = new Set<number>();
  let allCorrect = predRows.length === gtRows.length;
  gtRows.forEach((g, i) => {
    const j = assignment[i] ?? -1;
    const matched = j >= 0 && (score[i]?.[j] ?? 0) > 0;
    if (matched) matchedPred.add(j);
    for (const gr of group) if (matched) gr.matchedRows += 1;
    for (const [k, v] of Object.entries(g)) {
      const pred = matched ? predRows[j]?.[k] : undefined;
      const ok = matched && same(k, v, pred ?? null);
      if (!ok) allCorrect = false;
      if (verbose && !ok) console.log(`    cell ${k}: gt ${JSON.stringify(v)} pred ${JSON.stringify(pred ?? null)}`);
      for (const gr of group) add(gr.cells, k, ok ? { tp: 1 } : pred === undefined || pred === null ? { fn: 1 } : { fp: 1, fn: 1 });
    }
  });
  predRows.forEach((row, j) => {
    if (matchedPred.has(j)) return;
    if (verbose) console.log(`    spurious row: ${JSON.stringify(row)}`);
    for (const gr of group) {
      gr.spuriousRows += 1;
      for (const k of usedColumns) add(gr.cells, k, { fp: 1 });
    }
  });
  for (const gr of group) {
    gr.gtRows += gtRows.length;
    gr.predRows += predRows.length;
    gr.tableDocs += 1;
    if (predRows.length === gtRows.length) gr.exactRowCount += 1;
  }
  return allCorrect;
}

/**
 * Reliability of the calibrated confidences: expected calibration error and the values at ≥ 0.9, for the
 * split_group half the calibration was not fitted on (B), and for every value. With an LLM provider configured
 * (LLM_BASE_URL), every document is also extracted with it and the same report is printed beside; without one the
 * report says so rather than leaving the comparison out silently.
 */
function reportCalibration(runs: { main: { label: string; outcomes: HalfOutcome[] }; beside: { label: string; outcomes: HalfOutcome[] } | null; note: string | null }): void {
  const show = (label: string, list: ValueOutcome[]) => {
    if (list.length > 0) console.log(formatReliability(label, reliability(list)));
  };
  for (const run of [runs.main, ...(runs.beside ? [runs.beside] : [])]) {
    console.log(`\n== confidence calibration, ${run.label} (model: ${CALIBRATION.fittedOn})`);
    const heldOut = run.outcomes.filter((o) => o.half === "B");
    show("half B (not fitted on), all values", heldOut);
    show("half B, fields", heldOut.filter((o) => o.scope === "field"));
    show("half B, table cells", heldOut.filter((o) => o.scope === "cell"));
    show("all documents, all values", run.outcomes);
  }
  if (runs.note) console.log(runs.note);
}

type HalfOutcome = ValueOutcome & { half: "A" | "B" };

/** The provider's host for the report (never its path or credentials). */
function providerHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "configured";
  }
}

/** Runs `extract` with the LLM provider switched on (the benchmark's own run keeps it off). */
async function withLlm<T>(baseUrl: string, extract: () => Promise<T>): Promise<T> {
  process.env.LLM_BASE_URL = baseUrl;
  try {
    return await extract();
  } finally {
    delete process.env.LLM_BASE_URL;
  }
}

async function main(): Promise<void> {
  // `--loso`: the learned scorer's leave-one-source-out table (scripts/train/loso.ts) instead of a dataset run.
  // `--loso-calibrator`: the value calibrator's part of it alone (scripts/train/calibrator-loso.ts).
  if (process.argv.includes("--loso") || process.argv.includes("--loso-calibrator")) {
    // With `--row-veto <p>` the row classifier vetoes items at p in the line-item cells of the table too.
    const lvIdx = process.argv.indexOf("--row-veto");
    // `--row-model <file>` gives another model (one trained without the left-out source, for a fair cell).
    const lmIdx = process.argv.indexOf("--row-model");
    const losoModel = lmIdx >= 0 && process.argv[lmIdx + 1] ? (JSON.parse(readFileSync(process.argv[lmIdx + 1]!, "utf8")) as RowModel) : ROW_MODEL;
    const losoVeto = lvIdx >= 0 && losoModel ? { ...losoModel, policy: "veto" as const, vetoAt: Number(process.argv[lvIdx + 1]) } : null;
    if (losoVeto) console.log(`row classifier in force: ${lmIdx >= 0 ? process.argv[lmIdx + 1] : "committed"} (${losoVeto.trainedOn}; veto at ${losoVeto.vetoAt})`);
    const runLeftOut = () => runLoso(process.argv.slice(2));
    const collected = process.argv.includes("--loso") ? await (losoVeto ? withRowModelAsync(losoVeto, runLeftOut) : runLeftOut()) : undefined;
    await runCalibratorLoso(process.argv.slice(2), collected);
    await terminateOcr();
    return;
  }
  if (process.argv.includes("--stages")) {
    await runStageProfile(process.argv.slice(2).filter((a) => a !== "--stages"));
    await terminateOcr();
    return;
  }
  const args = process.argv.slice(2);
  // The benchmark measures the offline engine unless asked otherwise, and never reads embedded e-invoice XML
  // (those PDFs' XML is their ground truth).
  // A configured provider is measured beside the offline engine (`--llm` instead runs the main pass with it).
  const llmBaseUrl = process.env.LLM_BASE_URL;
  if (!args.includes("--llm")) delete process.env.LLM_BASE_URL;
  const llmBeside = Boolean(llmBaseUrl) && !args.includes("--llm");
  const llmLabel = llmBaseUrl ? `with the LLM provider (${providerHost(llmBaseUrl)}${process.env.LLM_MODEL ? `, ${process.env.LLM_MODEL}` : ""})` : "offline engine (no LLM provider configured)";
  const llmOutcomes: HalfOutcome[] = [];
  // `--einvoice` measures the e-invoice reader instead (separately: it reads the answers).
  process.env.EINVOICE_XML = args.includes("--einvoice") ? "on" : "off";
  if (args.includes("--einvoice")) console.log("EINVOICE_XML=on: embedded e-invoice XML is read (not a measurement of the page engine)");
  const verbose = args.includes("--verbose");
  const onlyIdx = args.indexOf("--only");
  const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;
  const modeIdx = args.indexOf("--mode");
  const modeArg = modeIdx >= 0 ? args[modeIdx + 1] : undefined;
  const mode = modeArg === "fast" || modeArg === "accurate" ? modeArg : "balanced";
  // --engine pins the OCR engine of the main run (default: the one the mode picks, see lib/extraction/README.md).
  const engineIdx = args.indexOf("--engine");
  if (engineIdx >= 0 && args[engineIdx + 1]) process.env.OCR_ENGINE = args[engineIdx + 1];
  const halfIdx = args.indexOf("--half");
  const halfArg = halfIdx >= 0 ? args[halfIdx + 1] : undefined;
  const half = halfArg === "a" || halfArg === "b" ? halfArg : undefined;
  // `--models rules|scorer|scorer-fill|calibrator|both`: the main run with exactly these learned models in force
  // (default: the ones the engine ships in force), to judge them on a set neither they nor the rules were built from.
  const modelsIdx = args.indexOf("--models");
  const models = modelsIdx >= 0 ? (args[modelsIdx + 1] ?? "rules") : null;
  const scorer = models === "scorer" || models === "both" ? SCORER : models === "scorer-fill" && SCORER ? { ...SCORER, policy: "fill" as const } : null;
  const calibrator = models === "calibrator" || models === "both" ? CALIBRATOR : null;
  if (models !== null) console.log(`learned models in force: scorer ${scorer ? (scorer.policy ?? "decide") : "no"}, value calibrator ${calibrator ? "yes" : "no"}`);
  // `--row-model <file>`: the main run with that line-item row classifier in force (a trained candidate judged before
  // it is committed in force; lib/extraction/tables/ROW-MODEL.md).
  const rowModelIdx = args.indexOf("--row-model");
  const rowModelFile = rowModelIdx >= 0 && args[rowModelIdx + 1] ? (JSON.parse(readFileSync(args[rowModelIdx + 1]!, "utf8")) as RowModel) : undefined;
  // `--row-veto <p>`: that row classifier (or the committed one) only refusing candidate items it calls no item at
  // probability p or more (row-model.ts vetoesItem).
  const rowVetoIdx = args.indexOf("--row-veto");
  const vetoAt = rowVetoIdx >= 0 ? Number(args[rowVetoIdx + 1]) : NaN;
  const vetoModel = rowModelFile ?? ROW_MODEL ?? undefined;
  const rowModel = Number.isFinite(vetoAt) && vetoModel ? { ...vetoModel, policy: "veto" as const, vetoAt } : rowModelFile;
  const vetoedLines: string[] = [];
  if (rowModel?.policy === "veto") observeVetoes((text) => vetoedLines.push(text));
  if (rowModel) console.log(`row classifier in force: ${rowModelIdx >= 0 ? args[rowModelIdx + 1] : "committed"} (${rowModel.trainedOn}; ${rowModel.policy ?? "lines"}${rowModel.vetoAt ? ` at ${rowModel.vetoAt}` : ""})`);
  // `--scorer-model <file>`: the main run with that value scorer in force instead of the committed one (a trained
  // candidate judged before it is committed; the other models stay as shipped).
  const scorerModelIdx = args.indexOf("--scorer-model");
  const scorerModel = scorerModelIdx >= 0 && args[scorerModelIdx + 1] ? (JSON.parse(readFileSync(args[scorerModelIdx + 1]!, "utf8")) as ScorerModel) : undefined;
  if (scorerModel) console.log(`value scorer in force: ${args[scorerModelIdx + 1]} (${scorerModel.trainedOn}; fields ${Object.keys(scorerModel.fields).join(", ")})`);
  // `--column-model <file>` (with `--column-sure <unnamed>,<named>`: the certainty a retyping needs for a column the
  // header named nothing and for one it named): that column typer in force for the run instead of the committed one
  // (`none`: no column typer; column-model.ts, docs/extraction.md "The column typer").
  const columnModelIdx = args.indexOf("--column-model");
  const columnSure = (args[args.indexOf("--column-sure") + 1] ?? "").split(",").map(Number);
  const columnModelArg = columnModelIdx >= 0 ? args[columnModelIdx + 1] : undefined;
  const columnModelFile = columnModelArg && columnModelArg !== "none" ? (JSON.parse(readFileSync(columnModelArg, "utf8")) as ColumnModel) : columnModelArg === "none" ? null : undefined;
  const columnModel = columnModelFile && args.includes("--column-sure") ? { ...columnModelFile, unnamedAt: columnSure[0], namedAt: columnSure[1] } : columnModelFile;
  if (columnModel) console.log(`column typer in force: ${columnModelArg} (${columnModel.trainedOn}; unnamed at ${columnModel.unnamedAt ?? "default"}, named at ${columnModel.namedAt ?? "default"})`);
  if (columnModel === null) console.log("column typer: none in force (the header's words and the hand rules type every column)");
  const withColumns: typeof extractDocument = (input) => (columnModel === undefined ? extractDocument(input) : withColumnModelAsync(columnModel, () => extractDocument(input)));
  const withRowModel: typeof extractDocument = (input) => (rowModel === undefined ? withColumns(input) : withRowModelAsync(rowModel, () => withColumns(input)));
  // `--name-model <file>` (with `--name-sure <p>`: its name replaces the rules' only at that confidence or more): the
  // seller's-name scorer in force for the run (not in force by default; lib/extraction/scorer/MODEL.md).
  const nameModelIdx = args.indexOf("--name-model");
  const nameSureIdx = args.indexOf("--name-sure");
  const nameSure = nameSureIdx >= 0 ? Number(args[nameSureIdx + 1]) : NaN;
  const nameModelFile = nameModelIdx >= 0 && args[nameModelIdx + 1] ? (JSON.parse(readFileSync(args[nameModelIdx + 1]!, "utf8")) as ScorerModel) : undefined;
  const nameModel = nameModelFile && Number.isFinite(nameSure) ? { ...nameModelFile, sureAt: nameSure } : nameModelFile;
  if (nameModel) console.log(`name scorer in force: ${args[nameModelIdx + 1]} (${nameModel.trainedOn}${nameModel.sureAt !== undefined ? `; replaces the rules' name at >= ${nameModel.sureAt}` : "; decides"})`);
  const withNames: typeof extractDocument = (input) => (nameModel === undefined ? withRowModel(input) : withNameScorerAsync(nameModel, () => withRowModel(input)));
  const withRows: typeof extractDocument = (input) => (scorerModel === undefined ? withNames(input) : withScorerAsync(scorerModel, () => withNames(input)));
  const extractWithModels: typeof extractDocument = (input) => (models === null ? withRows(input) : withScorerAsync(scorer, () => withCalibratorAsync(calibrator, () => withRows(input))));
  const dir = path.resolve(args.find((a, i) => !a.startsWith("--") && !["--only", "--mode", "--engine", "--half", "--models", "--row-model", "--row-veto", "--scorer-model", "--name-model", "--name-sure", "--column-model", "--column-sure"].includes(args[i - 1] ?? "")) ?? "../shared/datasets/dev");
  const manifest = readManifest(dir);
  const outcomes: HalfOutcome[] = [];
  // contracts-dev and the training corpus's contracts-nda: the contract parser and its scoring rules.
  const contracts = manifest.split?.startsWith("contracts") ?? false;
  const fields = contracts ? CONTRACT_FIELDS : FIELDS;
  const equalFor = contracts ? contractValueEqual : equal;
  const allGroups = manifest.documents.map((d) => d.split_group ?? d.id);
  const groups = new Map<string, Group>();
  const group = (k: string) => {
    let g = groups.get(k);
    if (!g) {
      g = newGroup();
      groups.set(k, g);
    }
    return g;
  };
  // Warm-up: the first extraction pays for loading pdfjs/tesseract; time steady-state throughput instead.
  const warm = manifest.documents.find((d) => d.document.toLowerCase().endsWith(".pdf"));
  if (warm) await extractDocument({ ...serverExtractionSettings(), bytes: new Uint8Array(readFileSync(path.join(dir, warm.document))), mimeType: "application/pdf", fields });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  for (const entry of manifest.documents) {
    if (only && !entry.id.includes(only)) continue;
    if (!inHalf(entry.split_group ?? entry.id, allGroups, half)) continue;
    const ext = path.extname(entry.document).toLowerCase();
    const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
    const gt: Gt & SpecGt = readGt(dir, entry);
    const specs = gt.field_specs ?? null;
    const started = performance.now();
    let result;
    try {
      result = await extractWithModels({ ...serverExtractionSettings(), bytes, mimeType: MIME[ext] ?? "application/octet-stream", fields: specs ?? fields, settings: { markdownParsing: true, dataExtractionMode: mode, advancedTableExtraction: args.includes("--advanced") } });
    } catch (error) {
      console.log(`! ${entry.id}: ${(error as Error).message}`);
      continue;
    }
    const ms = performance.now() - started;
    const source = contracts ? (manifest.split ?? "contracts") : (gt.kind ?? entry.id.split("/")[0] ?? "?");
    const inputType = ext === ".pdf" ? "pdf" : "image";
    const sameValue = judgeBySpecs(specs, equal);
    // Sets with their own specs: the confidence report also covers the cells of every table field of the spec.
    const specTables: ScoredTable[] | undefined = specs?.filter((f) => f.type === "table").map((f) => ({ name: f.name, same: specCellEqual(f, equal) }));
    const docOutcomes = contracts ? contractOutcomes(gt, result) : valueOutcomes(gt, result, sameValue, specTables);
    for (const o of docOutcomes) outcomes.push({ ...o, half: splitHalf(entry.split_group) });
    if (llmBeside && llmBaseUrl) {
      try {
        const withModel = await withLlm(llmBaseUrl, () => extractDocument({ ...serverExtractionSettings(), bytes, mimeType: MIME[ext] ?? "application/octet-stream", fields, settings: { markdownParsing: false, dataExtractionMode: mode, advancedTableExtraction: args.includes("--advanced") } }));
        for (const o of contracts ? contractOutcomes(gt, withModel) : valueOutcomes(gt, withModel)) llmOutcomes.push({ ...o, half: splitHalf(entry.split_group) });
      } catch (error) {
        console.log(`! ${entry.id} (LLM provider): ${(error as Error).message}`);
      }
    }
    const gs = [group("overall"), group(`source:${source}`), group(`input:${inputType}`)];
    for (const o of docOutcomes) {
      if (o.scope !== "cell") continue;
      for (const g of gs) {
        for (const [trust, floor] of [[g.trusted, TRUSTED], [g.certain, SHOWN_CERTAIN]] as const) {
          if (o.confidence < floor) continue;
          trust.n += 1;
          if (!o.correct) trust.wrong += 1;
        }
      }
    }
    // Sets with their own specs are also reported per layout group (a kind's variants, "fresh-…" layouts apart).
    if (specs && entry.split_group) gs.push(group(`layout:${entry.split_group}`));
    let docOk = true;
    if (verbose) console.log(`# ${entry.id} (${Math.round(ms)} ms)`);
    for (const [k, v] of Object.entries(gt.fields)) {
      const pred = result.data[k];
      const spec = specs?.find((f) => f.name === k);
      const ok = spec ? specValueEqual(spec, v, pred) : equalFor(k, v, pred);
      if (!ok) docOk = false;
      if (verbose && !ok) {
        const confidence = docOutcomes.find((o) => o.scope === "field" && o.key === k)?.confidence;
        console.log(`  ${k}: gt ${JSON.stringify(v)} pred ${JSON.stringify(pred ?? null)}${confidence === undefined ? "" : ` (confidence ${confidence.toFixed(2)})`}`);
      }
      for (const g of gs) add(g.fields, k, ok ? { tp: 1 } : pred === null || pred === undefined ? { fn: 1 } : { fp: 1, fn: 1 });
      // Sets with their own specs: the same counts by the field's declared type, across kinds.
      if (spec) add(group("field types").fields, spec.type, ok ? { tp: 1 } : pred === null || pred === undefined ? { fn: 1 } : { fp: 1, fn: 1 });
      if (FUZZY_KEYS.has(k)) {
        const norm = (x: string) => normText(x).replace(/[.,;:]+$/, "");
        const close = typeof pred === "string" && similarity(norm(v), norm(pred)) >= 0.9;
        for (const g of gs) {
          g.fuzzy.n += 1;
          if (close) g.fuzzy.ok += 1;
        }
      }
    }
    for (const spec of specs ?? []) {
      // A document's own spec field it does not print: any value is wrong.
      const pred = result.data[spec.name];
      if (spec.type === "table" || gt.fields[spec.name] !== undefined || pred === null || pred === undefined) continue;
      docOk = false;
      if (verbose) console.log(`  ${spec.name}: gt none pred ${JSON.stringify(pred)}`);
      for (const g of gs) add(g.fields, spec.name, { fp: 1 });
      add(group("field types").fields, spec.type, { fp: 1 });
    }
    const gtParties = contracts ? (gt.tables?.parties ?? []).map((p) => p.party) : null;
    if (gtParties) {
      const pred = Array.isArray(result.data.parties) ? result.data.parties.map((row) => String(row.party ?? "")) : [];
      const s = scoreParties(gtParties, pred);
      if (s.fp + s.fn > 0) docOk = false;
      if (verbose && s.fp + s.fn > 0) console.log(`  parties: missed ${JSON.stringify(s.missed)} wrong ${JSON.stringify(s.wrong)}`);
      for (const g of gs) add(g.fields, "party", { tp: s.tp, fp: s.fp, fn: s.fn });
    }
    if (contracts && verbose) {
      for (const k of ["effective_date", "jurisdiction", "term"]) {
        if (gt.fields[k] === undefined && result.data[k] !== null) console.log(`  ${k}: gt none pred ${JSON.stringify(result.data[k])}`);
      }
    }
    if (contracts) {
      // A value predicted for a field without ground truth counts as a false positive (GT notes).
      for (const k of ["effective_date", "jurisdiction", "term"]) if (gt.fields[k] === undefined && result.data[k] !== null && result.data[k] !== undefined) for (const g of gs) add(g.fields, k, { fp: 1 });
    }
    let itemsOk = true;
    const gtItems = gt.tables?.line_items;
    if (gtItems) {
      const pred = result.data.line_items;
      if (verbose) console.log(`  rows: gt ${gtItems.length} pred ${Array.isArray(pred) ? pred.length : 0}`);
      itemsOk = scoreTable(gtItems, Array.isArray(pred) ? pred : [], gs, verbose);
    }
    // Sets with their own specs: every table field the ground truth labels (statement transactions, résumé
    // experience), its cells compared by the column's declared type; reported with the line items' counts.
    for (const spec of specs ?? []) {
      const gtRows = spec.type === "table" && spec.name !== "line_items" ? gt.tables?.[spec.name] : undefined;
      if (!gtRows) continue;
      const pred = result.data[spec.name];
      const sameCell: CellEqual = specCellEqual(spec, equal);
      if (verbose) console.log(`  ${spec.name} rows: gt ${gtRows.length} pred ${Array.isArray(pred) ? pred.length : 0}`);
      if (!scoreTable(gtRows, Array.isArray(pred) ? pred : [], gs, verbose, sameCell)) itemsOk = false;
    }
    for (const g of gs) {
      g.docs += 1;
      if (docOk) g.exact += 1;
      if (docOk && itemsOk) g.exactWithItems += 1;
      g.pages += result.stats.pageCount;
      g.ms += ms;
    }
  }
  // Steady-state text-layer throughput: every dataset PDF page, merged three times into one document in memory
  // (pdf-lib), so per-file start-up does not dominate; end to end with fields, tables and markdown.
  // contracts-dev (and any run with --no-throughput) is measured for accuracy only: its 40 long PDFs merged three times would dominate the run.
  const pdfEntries = contracts || args.includes("--no-throughput") || args.includes("--tables") ? [] : manifest.documents.filter((d) => d.document.toLowerCase().endsWith(".pdf") && (!only || d.id.includes(only)));
  let throughput = "";
  let merged: { bytes: Uint8Array; endToEnd: EndToEnd } | null = null;
  // `--no-throughput` skips the speed passes (accuracy only).
  if (pdfEntries.length > 0 && !args.includes("--no-throughput")) {
    const mergedPdf = await PDFDocument.create();
    for (let round = 0; round < 3; round += 1) {
      for (const entry of pdfEntries) {
        const src = await PDFDocument.load(readFileSync(path.join(dir, entry.document)), { ignoreEncryption: true });
        for (const page of await mergedPdf.copyPages(src, src.getPageIndices())) mergedPdf.addPage(page);
      }
    }
    const bytes = await mergedPdf.save();
    // The first pass is cold (V8 still compiling pdfjs's font code, the heap growing), so it is reported apart and
    // the throughput is the median of the warm passes that follow, one process, one core. `fast` reads the text layer
    // only; the default `balanced` also OCRs text-sized images painted where the text layer has no words (the logos
    // and saeco's company block here), once with its per-thread cache of readings and once with it cleared before
    // every pass (what a document with images nobody has seen before costs).
    const measure = async (mode: "fast" | "balanced", cached: boolean) => {
      const runs: Array<{ pages: number; ms: number }> = [];
      for (let run = 0; run < 1 + THROUGHPUT_RUNS; run += 1) {
        if (!cached) clearImageTextReadings();
        const t0 = performance.now();
        const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType: "application/pdf", fields, settings: { markdownParsing: true, dataExtractionMode: mode } });
        runs.push({ pages: result.stats.pageCount, ms: performance.now() - t0 });
      }
      const [cold, ...warm] = runs as [{ pages: number; ms: number }, ...Array<{ pages: number; ms: number }>];
      const median = warm.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? cold.ms;
      return { cold, median, warmRuns: warm.length };
    };
    const fast = await measure("fast", true);
    const balanced = await measure("balanced", true);
    const uncached = await measure("balanced", false);
    const pages = fast.cold.pages;
    merged = { bytes, endToEnd: { pages, ms: fast.median } };
    const rate = (ms: number) => `${((1000 * pages) / ms).toFixed(1)} pages/s (${(ms / pages).toFixed(1)} ms/page)`;
    throughput =
      `text-layer throughput (one ${pages}-page PDF merged from the dataset PDFs, fields + tables + markdown, one core), median of ${fast.warmRuns} warm runs:\n` +
      `  fast (text layer only): ${rate(fast.median)}; first (cold) run ${rate(fast.cold.ms)}\n` +
      `  balanced (default; images with text OCR'd), readings cached: ${rate(balanced.median)}; first run ${rate(balanced.cold.ms)}\n` +
      `  balanced, image readings cache cleared before every run: ${rate(uncached.median)}`;
  }
  clearInterval(sampler);
  // The count is a total; the lines themselves (`--show-vetoes`) only for sets that may be looked at.
  if (rowModel?.policy === "veto") console.log(`row classifier vetoed ${vetoedLines.length} candidate items${args.includes("--show-vetoes") && vetoedLines.length ? `: ${vetoedLines.map((t) => JSON.stringify(t)).join(", ")}` : ""}`);
  // Per OCR engine on the images (skip with --no-engines): three more passes over them.
  const engines = args.includes("--no-engines") || args.includes("--tables") ? "" : await engineFigures(dir, manifest.documents.filter((d) => !only || d.id.includes(only)), mode);
  await terminateOcr();
  const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(1) : "0.0"}% (${a}/${b})`;
  const tableReport = (g: Group) => {
    console.log(`line-item cells overall: ${prf(total(g.cells))}`);
    for (const [k, c] of [...g.cells.entries()].sort()) console.log(`  ${k.padEnd(16)} ${prf(c)}`);
    console.log(`rows: recall ${pct(g.matchedRows, g.gtRows)}; spurious ${pct(g.spuriousRows, g.predRows)} of predicted; exact row count: ${pct(g.exactRowCount, g.tableDocs)}`);
    console.log(`cells shown green (≥ ${TRUSTED}): ${g.trusted.n}, wrong ${pct(g.trusted.wrong, g.trusted.n)}; shown as 100% (≥ ${SHOWN_CERTAIN}): ${g.certain.n}, wrong ${pct(g.certain.wrong, g.certain.n)}`);
  };
  // `--tables`: the line-item report alone, per source (cells per column, rows, trust), for table work.
  if (args.includes("--tables")) {
    for (const [name, g] of [...groups.entries()].sort()) {
      if (g.tableDocs === 0) continue;
      console.log(`\n== ${name}: ${g.docs} documents, ${g.tableDocs} with line items; fields ${prf(total(g.fields))}`);
      tableReport(g);
    }
    await terminateOcr();
    return;
  }
  for (const [name, g] of [...groups.entries()].sort()) {
    // "field types" regroups the values of every kind by declared type; it has no documents of its own.
    console.log(g.docs > 0 ? `\n== ${name}: ${g.docs} documents, ${g.pages} pages` : `\n== ${name} (all kinds)`);
    console.log(`fields overall: ${prf(total(g.fields))}`);
    for (const [k, c] of [...g.fields.entries()].sort()) console.log(`  ${k.padEnd(16)} ${prf(c)}`);
    if (g.docs > 0) console.log(`exact documents (fields): ${pct(g.exact, g.docs)}; with line items: ${pct(g.exactWithItems, g.docs)}`);
    if (g.fuzzy.n > 0) console.log(`names/addresses within Levenshtein similarity 0.9 (secondary): ${pct(g.fuzzy.ok, g.fuzzy.n)}`);
    if (g.tableDocs > 0) tableReport(g);
    if (g.docs > 0) console.log(`time: ${(g.ms / Math.max(1, g.pages)).toFixed(0)} ms/page, ${((1000 * g.pages) / Math.max(1, g.ms)).toFixed(1)} pages/s`);
  }
  if (throughput) console.log(`\n${throughput}`);
  if (engines) console.log(`\n${engines}`);
  console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  reportCalibration({
    main: { label: args.includes("--llm") ? llmLabel : "offline engine", outcomes },
    beside: llmBeside ? { label: llmLabel, outcomes: llmOutcomes } : null,
    note: llmBaseUrl ? null : "LLM provider: not configured (LLM_BASE_URL unset), so there is no LLM report beside the offline one; set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL) to get it.",
  });
  const pdfGroup = groups.get("input:pdf");
  if (merged && pdfGroup) {
    await compareWithPdftotext({
      files: pdfEntries.map((entry) => path.join(dir, entry.document)),
      merged: merged.bytes,
      mergedEndToEnd: merged.endToEnd,
      perFileEndToEnd: { pages: pdfGroup.pages, ms: pdfGroup.ms },
    });
  }
}

void main();
