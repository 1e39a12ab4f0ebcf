/**
 * Tuning aid (not a benchmark): every wrong seller's name and address the engine gives on a training folder's
 * receipts (cached page models), put in one cause class each, with counts: marks and spaces only (what
 * `scripts/bench/score.ts` still tells apart after its normalisation), a line too many or too few, another line or
 * block, letters misread, and the truth not printed as read. Values are judged as bench:extract judges them.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/header-errors.ts <folder> <cache dir> [--half a|b] [--verbose]
 *     [--field vendor_name|vendor_address] [--within <other cache dir>]
 */
import path from "node:path";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { listCorpus, readCached } from "../../train/corpus";
import { corpusArgs } from "./corpus-args";
import { inHalf } from "../contracts-scoring";
import { FIELDS } from "../dataset";
import { equal, normText } from "../score";

const HEADER_FIELDS = ["vendor_name", "vendor_address"] as const;

/** Letters and digits only. */
const key = (text: string) => normText(text).replace(/[^\p{L}\d]/gu, "");
/** Letters, digits and marks, no spaces. */
const noSpace = (text: string) => normText(text).replace(/\s/g, "").replace(/[.,;:]+$/, "");

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The cause of one wrong value. */
export function cause(truth: string, value: string, pageKey: string): string {
  const t = key(truth);
  const v = key(value);
  if (t === v) return noSpace(truth) === noSpace(value) ? "spaces only" : "marks (and spaces) only";
  if (v.length > 0 && t.includes(v)) return t.startsWith(v) ? "too few: end cut" : "too few: start cut";
  if (t.length > 0 && v.includes(t)) return v.startsWith(t) ? "too many: line after" : "too many: line before";
  const d = distance(t, v);
  if (d <= Math.max(2, Math.round(t.length * 0.08))) return pageKey.includes(t) ? "letters: near, truth readable elsewhere" : "letters misread (≤ 8 %)";
  // Span difference with a misread inside: the value's letters cover the truth's start or end and differ in length.
  const shorter = Math.min(t.length, v.length);
  const head = distance(t.slice(0, shorter), v.slice(0, shorter));
  if (head <= Math.max(2, Math.round(shorter * 0.08))) return t.length > v.length ? "too few (+ misread)" : "too many (+ misread)";
  const tail = distance(t.slice(-shorter), v.slice(-shorter));
  if (tail <= Math.max(2, Math.round(shorter * 0.08))) return t.length > v.length ? "too few at start (+ misread)" : "too many at start (+ misread)";
  if (d <= Math.round(t.length * 0.25)) return "letters misread (many)";
  return "another line or block";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { folder, cache, half, onlyField, option } = corpusArgs(args, ["--within"]);
  // Only the documents another cache holds too: two readings of the same documents compared.
  const within = option("--within");
  const docs = listCorpus(folder);
  const groups = docs.map((d) => d.group);
  const counts = new Map<string, Map<string, number>>();
  const tally = new Map<string, { right: number; wrong: number; empty: number }>();
  let read = 0;
  for (const doc of docs) {
    if (!inHalf(doc.group, groups, half)) continue;
    if (within && !(await readCached(doc, within, true))) continue;
    const page = await readCached(doc, cache, true);
    if (!page) continue;
    read += 1;
    const fields = FIELDS.filter((f) => f.type !== "table" && doc.gt.fields[f.name] !== undefined);
    const { data, fieldMetadata } = extractFromPageModel(page, fields);
    const lines = page.pages.flatMap((p) => pageLines(p).map((l) => l.text));
    const pageKey = key(lines.join(" "));
    for (const field of Object.keys(doc.gt.fields)) {
      if (onlyField && field !== onlyField) continue;
      const truth = doc.gt.fields[field];
      if (truth === undefined) continue;
      const t = tally.get(field) ?? { right: 0, wrong: 0, empty: 0 };
      tally.set(field, t);
      const value = data[field];
      if (value === null || value === undefined) {
        t.empty += 1;
        continue;
      }
      if (equal(field, truth, value)) {
        t.right += 1;
        continue;
      }
      t.wrong += 1;
      if (!(HEADER_FIELDS as readonly string[]).includes(field)) continue;
      const c = cause(truth, String(value), pageKey);
      const byCause = counts.get(field) ?? new Map<string, number>();
      counts.set(field, byCause);
      byCause.set(c, (byCause.get(c) ?? 0) + 1);
      if (args.includes("--verbose")) {
        console.log(`${path.basename(doc.file)} [${doc.group}] ${field} ${c} conf ${(fieldMetadata[field]?.confidence ?? 0).toFixed(2)}\n  truth: ${truth}\n  value: ${String(value)}`);
      }
    }
  }
  console.log(`${read} documents read${half ? ` (half ${half})` : ""}`);
  let right = 0;
  let wrong = 0;
  let truths = 0;
  for (const field of tally.keys()) {
    const t = tally.get(field);
    if (!t) continue;
    right += t.right;
    wrong += t.wrong;
    truths += t.right + t.wrong + t.empty;
    console.log(`${field}: right ${t.right}, wrong ${t.wrong}, empty ${t.empty}`);
    for (const [c, n] of [...(counts.get(field) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(3)}  ${c}`);
  }
  const p = right / Math.max(1, right + wrong);
  const r = right / Math.max(1, truths);
  console.log(`all: right ${right}, wrong ${wrong}, of ${truths}: F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)} P ${p.toFixed(3)}`);
}

void main();
