/**
 * The column typer of line-item tables (lib/extraction/tables/column-model.ts): every column of every header-led table
 * the engine reads, labelled from the ground truth's line items (column-labels.ts), one gradient-boosted ensemble per
 * concept (that concept against the rest), validated in folds by layout/sender group and leaving one source out, set
 * against the hand rules' typing (the header match and column-typing.ts), then fitted on everything.
 *
 *   tsx scripts/train/table-columns.ts [--data <folder>]… [--synth <folder>]… [--out <file>]
 *
 * Without --synth it generates its own synthetic invoices and receipts (COLUMN_SYNTH_SETS, written once under .cache).
 * Dev sets are never read.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument } from "../../lib/extraction";
import { COLUMN_CONCEPTS_TYPED, COLUMN_FEATURE_NAMES, type ColumnConceptKey } from "../../lib/extraction/tables/column-features";
import { bestConcept, observeTableColumns, withColumnModelAsync, type ColumnModel, type ObservedColumns } from "../../lib/extraction/tables/column-model";
import { FIELDS } from "../bench/dataset";
import { labelColumns } from "./column-labels";
import { listCorpus, type CorpusDocument } from "./corpus";
import { foldOf } from "./fit";
import { option } from "./folders";
import { trainGbdt, type GbdtSettings } from "./gbdt";

const SETTINGS: GbdtSettings = { rounds: 80, depth: 3, learningRate: 0.1, lambda: 1, minHessian: 2, bins: 32 };
const FOLDS = 5;

export type ColumnExample = { group: string; source: string; x: number[]; label: ColumnConceptKey; rules: ColumnConceptKey; header: string; cells: string[] };

const rulesConceptOf = (key: string): ColumnConceptKey => ((COLUMN_CONCEPTS_TYPED as readonly string[]).includes(key) ? (key as ColumnConceptKey) : "other");

/** Every labelled column of every header-led table of each PDF with line items in its ground truth. */
export async function collectColumnExamples(docs: CorpusDocument[]): Promise<ColumnExample[]> {
  const out: ColumnExample[] = [];
  for (const doc of docs) {
    const items = doc.gt.tables?.line_items;
    if (!items || items.length === 0 || !doc.file.toLowerCase().endsWith(".pdf")) continue;
    const tables: ObservedColumns[] = [];
    // With no column typer in force: the examples are the header's and the rules' columns, whatever model is committed.
    const extract = () => extractDocument({ bytes: new Uint8Array(readFileSync(doc.file)), mimeType: "application/pdf", fields: FIELDS });
    await observeTableColumns((t) => tables.push(t), () => withColumnModelAsync(null, extract));
    for (const table of tables) {
      const labels = labelColumns(table.columns, items);
      table.columns.forEach((c, k) => {
        const label = labels[k];
        if (label) out.push({ group: `${doc.source}:${doc.group}`, source: doc.source, x: c.features, label, rules: rulesConceptOf(c.key), header: c.label, cells: c.cells.slice(0, 3) });
      });
    }
  }
  return out;
}

const HEADER_FEATURES = COLUMN_FEATURE_NAMES.map((name, i) => (name.startsWith("header_") ? i : -1)).filter((i) => i >= 0);
const HEADER_OTHER = COLUMN_FEATURE_NAMES.indexOf("header_other");

/** The column as if its header named nothing: what the model must type from content alone. */
export function headerBlind(x: number[]): number[] {
  const blind = [...x];
  for (const i of HEADER_FEATURES) blind[i] = 0;
  blind[HEADER_OTHER] = 1;
  return blind;
}

/**
 * Fitted on the examples and on a header-blind copy of each (a header that names nothing is rare in the corpus, common
 * where the header match fails), so the model learns to type a column from its cells when its header says nothing.
 */
export function fitColumnModel(examples: ColumnExample[], trainedOn: string): ColumnModel {
  const rows = [...examples, ...examples.map((e) => ({ ...e, x: headerBlind(e.x) }))];
  const x = rows.map((e) => e.x);
  const concepts = Object.fromEntries(COLUMN_CONCEPTS_TYPED.map((c) => [c, trainGbdt(x, rows.map((e) => (e.label === c ? 1 : 0)), SETTINGS)])) as ColumnModel["concepts"];
  return { version: 1, trainedOn, features: [...COLUMN_FEATURE_NAMES], concepts, report: {} };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
export type Call = { concept: ColumnConceptKey; p: number };

/** The engine's combination (column-model.ts retypeColumns, without the fields' bookkeeping): the rules unless sure. */
const combined = (e: ColumnExample, call: Call, unnamedAt: number, namedAt: number): ColumnConceptKey =>
  call.concept !== e.rules && call.p >= (e.rules === "other" ? unnamedAt : namedAt) ? call.concept : e.rules;

type Figures = { columns: number; rules: number; model: number; combined: Record<string, { accuracy: number; changed: number; fixed: number; broke: number }>; unnamed: { columns: number; rules: number; model: number }; perConcept: Record<string, { support: number; rules: number; model: number }> };

const THRESHOLDS: Array<[number, number]> = [[0.5, 0.9], [0.7, 0.95], [0.8, 0.98], [0.9, 0.98], [0.9, 1.01], [0.95, 1.01]];

export function figures(examples: ColumnExample[], calls: Call[]): Figures {
  const acc = (pred: (e: ColumnExample, i: number) => ColumnConceptKey, idx: number[]) => round(idx.filter((i) => pred(examples[i]!, i) === examples[i]!.label).length / Math.max(1, idx.length));
  const all = examples.map((_, i) => i);
  const unnamed = all.filter((i) => examples[i]!.rules === "other");
  const comb: Figures["combined"] = {};
  for (const [u, n] of THRESHOLDS) {
    const pred = (e: ColumnExample, i: number) => combined(e, calls[i]!, u, n);
    const changed = all.filter((i) => pred(examples[i]!, i) !== examples[i]!.rules);
    comb[`unnamed>=${u} named>=${n > 1 ? "never" : n}`] = {
      accuracy: acc(pred, all),
      changed: changed.length,
      fixed: changed.filter((i) => pred(examples[i]!, i) === examples[i]!.label).length,
      broke: changed.filter((i) => examples[i]!.rules === examples[i]!.label).length,
    };
  }
  const perConcept: Figures["perConcept"] = {};
  for (const c of COLUMN_CONCEPTS_TYPED) {
    const idx = all.filter((i) => examples[i]!.label === c);
    if (idx.length) perConcept[c] = { support: idx.length, rules: acc((e) => e.rules, idx), model: acc((_, i) => calls[i]!.concept, idx) };
  }
  return {
    columns: examples.length,
    rules: acc((e) => e.rules, all),
    model: acc((_, i) => calls[i]!.concept, all),
    combined: comb,
    unnamed: { columns: unnamed.length, rules: acc((e) => e.rules, unnamed), model: acc((_, i) => calls[i]!.concept, unnamed) },
    perConcept,
  };
}

/** Out-of-fold calls: each example judged by a model fitted without its fold (`foldOfExample`). */
/** Out-of-fold calls, and the same calls with each column's header hidden (content alone). */
function outOfFold(examples: ColumnExample[], foldOfExample: (e: ColumnExample) => string | number): { calls: Call[]; blind: Call[] } {
  const calls = new Array<Call>(examples.length);
  const blind = new Array<Call>(examples.length);
  for (const k of new Set(examples.map(foldOfExample))) {
    const train = examples.filter((e) => foldOfExample(e) !== k);
    if (train.length === 0) continue;
    const model = fitColumnModel(train, "fold");
    examples.forEach((e, i) => {
      if (foldOfExample(e) !== k) return;
      calls[i] = bestConcept(model, e.x);
      blind[i] = bestConcept(model, headerBlind(e.x));
    });
  }
  return { calls, blind };
}

/** Share of the columns the model types right from content alone (the rules type none of them without a header). */
const blindAccuracy = (examples: ColumnExample[], blind: Call[]) => round(examples.filter((e, i) => blind[i]!.concept === e.label).length / Math.max(1, examples.length));

function withBlind(examples: ColumnExample[], calls: Call[], blind: Call[]): Figures & { headerBlindModel: number } {
  return { ...figures(examples, calls), headerBlindModel: blindAccuracy(examples, blind) };
}

function bySource(examples: ColumnExample[], { calls, blind }: { calls: Call[]; blind: Call[] }): Record<string, Figures & { headerBlindModel: number }> {
  return Object.fromEntries([...new Set(examples.map((e) => e.source))].map((s) => {
    const idx = examples.map((e, i) => (e.source === s ? i : -1)).filter((i) => i >= 0);
    return [s, withBlind(idx.map((i) => examples[i]!), idx.map((i) => calls[i]!), idx.map((i) => blind[i]!))];
  }));
}

/** The column typer's own synthetic documents, each set written once under .cache (invoices and some receipts). */
export const COLUMN_SYNTH_SETS: ReadonlyArray<{ seed: string; count: number; extra: string[] }> = [
  { seed: "cols-1", count: 300, extra: ["--receipt-share", "0.2", "--table-shapes"] },
  { seed: "cols-2", count: 300, extra: ["--receipt-share", "0.2", "--distractors", "0.3"] },
];

function synthFolders(given: string[]): string[] {
  if (given.length > 0) return given;
  return COLUMN_SYNTH_SETS.map(({ seed, count, extra }) => {
    const out = `.cache/train-synth-${seed}`;
    if (!existsSync(path.join(out, "pdf", "manifest.json"))) {
      execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/train/generate.ts", "--out", out, "--count", String(count), "--seed", seed, ...extra], { stdio: "inherit" });
    }
    return path.join(out, "pdf");
  });
}

/** Trains, validates and writes the column typer; returns its report. */
export async function trainColumnModel(options: { data: string[]; synth: string[]; out: string; note: string }): Promise<Record<string, unknown>> {
  const docs = [...options.data.map((f) => listCorpus(f)), ...synthFolders(options.synth).map((f) => listCorpus(f, `synthetic:${path.basename(path.dirname(path.resolve(f)))}`))].flat();
  const started = performance.now();
  const examples = await collectColumnExamples(docs);
  const groupCalls = outOfFold(examples, (e) => foldOf(e.group, FOLDS));
  const sourceCalls = outOfFold(examples, (e) => e.source);
  const model = fitColumnModel(examples, options.note);
  model.report = {
    settings: SETTINGS,
    corpus: {
      documents: new Set(examples.map((e) => e.group)).size,
      columns: examples.length,
      labels: Object.fromEntries(COLUMN_CONCEPTS_TYPED.map((c) => [c, examples.filter((e) => e.label === c).length])),
      bySource: Object.fromEntries([...new Set(examples.map((e) => e.source))].map((s) => [s, examples.filter((e) => e.source === s).length])),
    },
    groupFolds: { folds: `${FOLDS} by split_group (layout or sender)`, all: withBlind(examples, groupCalls.calls, groupCalls.blind), bySource: bySource(examples, groupCalls) },
    leaveOneSourceOut: bySource(examples, sourceCalls),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(options.out, `${JSON.stringify(model)}\n`);
  const wrongDump = option(process.argv.slice(2), "--mistakes")[0];
  if (wrongDump) {
    const lines = examples.map((e, i) => ({ e, c: groupCalls.calls[i]! })).filter(({ e, c }) => e.rules !== e.label || c.concept !== e.label).map(({ e, c }) => `${e.source}\t${e.group}\tlabel=${e.label}\trules=${e.rules}\tmodel=${c.concept}@${round(c.p)}\theader=${e.header}\tcells=${e.cells.join(" | ")}`);
    writeFileSync(wrongDump, `${lines.join("\n")}\n`);
  }
  return model.report;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const data = option(args, "--data");
  const report = await trainColumnModel({
    data: data.length > 0 ? data : ["../train-data/einvoices"],
    synth: option(args, "--synth"),
    out: option(args, "--out")[0] ?? ".cache/column-model.json",
    note: `${new Date().toISOString().slice(0, 10)}: line-item table columns of the training e-invoices and synthetic invoices`,
  });
  console.log(JSON.stringify(report, null, 2));
}

if (process.argv[1]?.endsWith("table-columns.ts")) void main();
