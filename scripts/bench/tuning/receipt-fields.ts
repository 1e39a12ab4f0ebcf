/**
 * Tuning aid (not a benchmark): every scalar field of a training folder's documents (SROIE receipts: seller's name and
 * address, date, total) from cached page models, right / wrong / empty per field and per sender-group half, with the
 * expected calibration error of the confidences, so a receipt rule can be written looking at one half and confirmed
 * on the other. Values are judged as bench:extract judges them (`scripts/bench/score.ts`), engine as shipped.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/receipt-fields.ts <folder> <cache dir> [--half a|b]
 *     [--field <name>] [--verbose] [--text] [--json <file>]
 *
 * --read reads (and caches) the documents not cached yet; without it they are skipped.
 * --verbose prints every wrong or empty value beside its truth and whether the truth is in the page text (a reading
 * miss when not); --text adds the page's lines; --json writes each document's values for a before/after diff.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { listCorpus, readCached } from "../../train/corpus";
import { corpusArgs } from "./corpus-args";
import { inHalf } from "../contracts-scoring";
import { FIELDS } from "../dataset";
import { equal, normText } from "../score";

type Tally = { right: number; wrong: number; empty: number; printed: number };
type Judged = { confidence: number; right: boolean };

/** Expected calibration error over ten equal-width confidence bins. */
function ece(values: readonly Judged[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (let bin = 0; bin < 10; bin += 1) {
    const inBin = values.filter((v) => Math.min(9, Math.floor(v.confidence * 10)) === bin);
    if (inBin.length === 0) continue;
    const meanConfidence = inBin.reduce((s, v) => s + v.confidence, 0) / inBin.length;
    const shareRight = inBin.filter((v) => v.right).length / inBin.length;
    sum += (inBin.length / values.length) * Math.abs(meanConfidence - shareRight);
  }
  return sum;
}

function printedIn(text: string, field: string, truth: string): boolean {
  if (field === "total_amount") return new RegExp(`(?<![\\d.])${truth.replace(/\./g, "\\.")}(?!\\d)`).test(text);
  if (field === "invoice_date") return true;
  return text.includes(normText(truth).replace(/[.,;:]+$/, ""));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { folder, cache, half, onlyField, option } = corpusArgs(args, ["--json"]);
  const docs = listCorpus(folder);
  const groups = docs.map((d) => d.group);
  const tallies = new Map<string, Tally>();
  const judged: Judged[] = [];
  const dump: Record<string, Record<string, string | null>> = {};
  let read = 0;
  for (const doc of docs) {
    if (!inHalf(doc.group, groups, half)) continue;
    const page = await readCached(doc, cache, !args.includes("--read"));
    if (!page) continue;
    read += 1;
    const fields = FIELDS.filter((f) => f.type !== "table" && doc.gt.fields[f.name] !== undefined);
    const { data, fieldMetadata } = extractFromPageModel(page, fields);
    const lines = page.pages.flatMap((p) => pageLines(p).map((l) => l.text));
    const text = normText(lines.join(" "));
    const name = path.basename(doc.file);
    dump[name] = {};
    for (const field of fields.map((f) => f.name)) {
      const truth = doc.gt.fields[field];
      if (truth === undefined || (onlyField && field !== onlyField)) continue;
      const value = data[field] ?? null;
      dump[name][field] = value === null ? null : String(value);
      const tally = tallies.get(field) ?? { right: 0, wrong: 0, empty: 0, printed: 0 };
      tallies.set(field, tally);
      const printed = printedIn(text, field, truth);
      if (printed) tally.printed += 1;
      const right = equal(field, truth, value);
      if (value === null) tally.empty += 1;
      else {
        if (right) tally.right += 1;
        else tally.wrong += 1;
        judged.push({ confidence: fieldMetadata[field]?.confidence ?? 0, right });
      }
      if (args.includes("--verbose") && !right) {
        console.log(`${name} [${doc.group}] ${field} ${printed ? "PRINTED" : "unread"} conf ${(fieldMetadata[field]?.confidence ?? 0).toFixed(2)}\n  truth: ${truth}\n  value: ${value === null ? "(empty)" : String(value)}`);
        if (args.includes("--text")) console.log(lines.map((l) => `    | ${l}`).join("\n"));
      }
    }
  }
  console.log(`${read} documents read${half ? ` (half ${half})` : ""}`);
  let right = 0;
  let wrong = 0;
  let truths = 0;
  for (const [field, t] of tallies) {
    right += t.right;
    wrong += t.wrong;
    truths += t.right + t.wrong + t.empty;
    const p = t.right / Math.max(1, t.right + t.wrong);
    const r = t.right / Math.max(1, t.right + t.wrong + t.empty);
    console.log(`${field}: right ${t.right}, wrong ${t.wrong}, empty ${t.empty} (truth printed ${t.printed}) F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)} P ${p.toFixed(3)}`);
  }
  const p = right / Math.max(1, right + wrong);
  const r = right / Math.max(1, truths);
  console.log(`all: right ${right}, wrong ${wrong}, of ${truths} F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)} P ${p.toFixed(3)} ECE ${ece(judged).toFixed(3)}`);
  const jsonOut = option("--json");
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(dump, null, 1));
}

void main();
