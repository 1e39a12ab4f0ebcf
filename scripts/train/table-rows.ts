/**
 * The row classifier of line-item tables (lib/extraction/tables/row-model.ts): every line the engine reads under a
 * table header, labelled from the printed page (which printed lines make up each ground-truth item,
 * printed-row-labels.ts) as an item's first line, a continuation of an item's description, a section heading or
 * anything else (subtotals, carried-forward lines, notes, page feet), one gradient-boosted ensemble
 * per role (that role against the rest), validated in folds by layout/sender group, then fitted on everything.
 *
 *   tsx scripts/train/table-rows.ts [--data <folder>]… [--synth <folder>]… [--out <file>]
 *
 * Without --synth it generates its own synthetic invoices (seed `rows-1`, 400 PDFs, .cache/train-synth-rows): the
 * generator's section headings are known by construction, so they are labelled exactly. Dev sets are never read.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument } from "../../lib/extraction";
import { ROW_FEATURE_NAMES } from "../../lib/extraction/tables/row-features";
import { observeTableRows, roleProbabilities, ROW_ROLES, type ObservedRow, type RowModel, type RowRole } from "../../lib/extraction/tables/row-model";
import { FIELDS } from "../bench/dataset";
import { listCorpus, type CorpusDocument } from "./corpus";
import { foldOf } from "./fit";
import { option } from "./folders";
import { labelPrintedLines, normaliseText } from "./printed-row-labels";
import { trainGbdt, type GbdtSettings } from "./gbdt";
import { SECTIONS } from "./synth/content";

const SETTINGS: GbdtSettings = { rounds: 100, depth: 3, learningRate: 0.1, lambda: 1, minHessian: 2, bins: 32 };
const FOLDS = 5;

export type RowExample = { group: string; source: string; x: number[]; role: RowRole; text: string };

/** The generator's section names (known by construction): the lines printing one are headings. */
const HEADINGS: ReadonlySet<string> = new Set(Object.values(SECTIONS).flat().map(normaliseText));

/** Every line read under a line-item header of each PDF that has line items in its ground truth, labelled. */
export async function collectRowExamples(docs: CorpusDocument[]): Promise<RowExample[]> {
  const out: RowExample[] = [];
  for (const doc of docs) {
    const gtRows = (doc.gt as { tables?: { line_items?: Array<Record<string, string>> } }).tables?.line_items;
    if (!gtRows || gtRows.length === 0 || !doc.file.toLowerCase().endsWith(".pdf")) continue;
    const rows: ObservedRow[] = [];
    await observeTableRows((r) => rows.push(r), () => extractDocument({ bytes: new Uint8Array(readFileSync(doc.file)), mimeType: "application/pdf", fields: FIELDS }));
    // Labels from the printed page (printed-row-labels.ts); a line whose role the ground truth cannot tell is left out.
    const roles = labelPrintedLines(rows.map((r) => r.text), gtRows, HEADINGS);
    rows.forEach((r, i) => {
      const role = roles[i];
      if (role) out.push({ group: `${doc.source}:${doc.group}`, source: doc.source, x: r.features, role, text: r.text });
    });
  }
  return out;
}

function fit(examples: RowExample[], trainedOn: string): RowModel {
  const x = examples.map((e) => e.x);
  const roles = Object.fromEntries(ROW_ROLES.map((role) => [role, trainGbdt(x, examples.map((e) => (e.role === role ? 1 : 0)), SETTINGS)])) as RowModel["roles"];
  return { version: 1, trainedOn, features: [...ROW_FEATURE_NAMES], roles, report: {} };
}

const feature = (x: number[], name: (typeof ROW_FEATURE_NAMES)[number]) => x[ROW_FEATURE_NAMES.indexOf(name)]!;

/** The rules' call on a text line under an item (row-rules.ts sectionHeading): heading when nearer the next item. */
function rulesSayHeading(x: number[]): boolean {
  const below = Math.max(0, feature(x, "gap_below_lines"));
  return feature(x, "next_starts_item") === 1 && feature(x, "gap_to_item_lines") > 1.15 * below && feature(x, "gap_to_item_lines") - below > 0.2;
}

type Versus = { lines: number; model: number; rules: number };
type Figures = { lines: number; accuracy: number; perRole: Record<string, { precision: number; recall: number; support: number }>; headingOrContinuation: Versus; continuationOrOther: Versus };

/** The rules' call on a text line under an item: it joins the description when close and no note or identifier. */
function rulesSayContinuation(x: number[]): boolean {
  return feature(x, "gap_to_item_lines") < 1.8 && feature(x, "key_value") === 0 && feature(x, "identifier") === 0 && !rulesSayHeading(x);
}

/** Share of `lines` where the model's and the rules' yes/no calls agree with the label. */
function versus(lines: Array<{ e: RowExample; p: RowRole }>, role: RowRole, rules: (x: number[]) => boolean): Versus {
  const modelRight = lines.filter(({ e, p }) => (p === role) === (e.role === role)).length;
  const rulesRight = lines.filter(({ e }) => rules(e.x) === (e.role === role)).length;
  return { lines: lines.length, model: round(modelRight / Math.max(1, lines.length)), rules: round(rulesRight / Math.max(1, lines.length)) };
}

function figures(examples: RowExample[], predicted: RowRole[]): Figures {
  const perRole: Figures["perRole"] = {};
  for (const role of ROW_ROLES) {
    const tp = examples.filter((e, i) => e.role === role && predicted[i] === role).length;
    const said = predicted.filter((p) => p === role).length;
    const support = examples.filter((e) => e.role === role).length;
    perRole[role] = { precision: round(said ? tp / said : 0), recall: round(support ? tp / support : 0), support };
  }
  // The decision the engine hands the model: a line without numbers under an open item, heading or description.
  const underItem = examples.map((e, i) => ({ e, p: predicted[i]! })).filter(({ e }) => feature(e.x, "item_open") === 1 && feature(e.x, "numeric_cells") === 0);
  return {
    lines: examples.length,
    accuracy: round(examples.filter((e, i) => e.role === predicted[i]).length / Math.max(1, examples.length)),
    perRole,
    headingOrContinuation: versus(underItem.filter(({ e }) => e.role === "heading" || e.role === "continuation"), "heading", rulesSayHeading),
    continuationOrOther: versus(underItem.filter(({ e }) => e.role === "continuation" || e.role === "other"), "continuation", rulesSayContinuation),
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
const argmax = (model: RowModel, x: number[]): RowRole => {
  const p = roleProbabilities(model, x);
  return ROW_ROLES.reduce((best, role) => (p[role] > p[best] ? role : best), ROW_ROLES[0]);
};

/** Out-of-fold roles: each group's lines judged by a model fitted on the other folds. */
function outOfFold(examples: RowExample[]): RowRole[] {
  const predicted: RowRole[] = new Array<RowRole>(examples.length);
  for (let k = 0; k < FOLDS; k += 1) {
    const train = examples.filter((e) => foldOf(e.group, FOLDS) !== k);
    const model = fit(train, "fold");
    examples.forEach((e, i) => {
      if (foldOf(e.group, FOLDS) === k) predicted[i] = argmax(model, e.x);
    });
  }
  return predicted;
}

/**
 * The row classifier's own synthetic invoices, each set written once under .cache: the generator's plain layouts and,
 * with `--table-shapes`, the shapes of real tables (section subtotals, bundles and groups, totals on a description's
 * last line, narrow description columns) under other seeds, some with header noise, so the group folds (by layout)
 * and the model see many table layouts rather than one seed's.
 */
export const ROW_SYNTH_SETS: ReadonlyArray<{ seed: string; count: number; extra: string[] }> = [
  { seed: "rows-1", count: 400, extra: [] },
  { seed: "rows-2", count: 400, extra: ["--table-shapes"] },
  { seed: "rows-3", count: 400, extra: ["--table-shapes", "--distractors", "0.3"] },
];

function synthFolders(given: string[]): string[] {
  if (given.length > 0) return given;
  return ROW_SYNTH_SETS.map(({ seed, count, extra }) => {
    const out = `.cache/train-synth-${seed}`;
    if (!existsSync(path.join(out, "pdf", "manifest.json"))) {
      execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/train/generate.ts", "--out", out, "--count", String(count), "--seed", seed, "--receipt-share", "0", ...extra], { stdio: "inherit" });
    }
    return path.join(out, "pdf");
  });
}

/** Trains, validates and writes the row classifier; returns its report. */
export async function trainRowModel(options: { data: string[]; synth: string[]; out: string; note: string }): Promise<Record<string, unknown>> {
  const docs = [...options.data.map((f) => listCorpus(f)), ...synthFolders(options.synth).map((f) => listCorpus(f, `synthetic:${path.basename(path.dirname(path.resolve(f)))}`))].flat();
  const started = performance.now();
  const examples = await collectRowExamples(docs);
  const predicted = outOfFold(examples);
  const bySource = Object.fromEntries([...new Set(examples.map((e) => e.source))].map((s) => {
    const idx = examples.map((e, i) => (e.source === s ? i : -1)).filter((i) => i >= 0);
    return [s, figures(idx.map((i) => examples[i]!), idx.map((i) => predicted[i]!))];
  }));
  const model = fit(examples, options.note);
  model.report = {
    settings: SETTINGS,
    folds: `${FOLDS} by split_group (layout or sender)`,
    corpus: { documents: new Set(examples.map((e) => `${e.source}:${e.group}`)).size, groups: new Set(examples.map((e) => e.group)).size, lines: examples.length, roles: Object.fromEntries(ROW_ROLES.map((r) => [r, examples.filter((e) => e.role === r).length])) },
    groupFolds: figures(examples, predicted),
    groupFoldsBySource: bySource,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(options.out, `${JSON.stringify(model)}\n`);
  return model.report;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const data = option(args, "--data");
  const report = await trainRowModel({
    data: data.length > 0 ? data : ["../train-data/einvoices"],
    synth: option(args, "--synth"),
    out: option(args, "--out")[0] ?? "lib/extraction/tables/row-model.json",
    note: `${new Date().toISOString().slice(0, 10)}: line-item rows of the training e-invoices and synthetic invoices`,
  });
  console.log(JSON.stringify(report, null, 2));
}

if (process.argv[1]?.endsWith("table-rows.ts")) void main();
