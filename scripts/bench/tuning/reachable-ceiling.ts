/**
 * Measuring aid (not a benchmark, changes nothing): how far a receipt folder's truth lets any reader go. A labelled
 * value is reachable when it is printed on the page as OCR read it, letter for letter and mark for mark once
 * normalised as bench:extract compares (`scripts/bench/score.ts`): names and addresses by `normText` with trailing
 * marks dropped, dates as the calendar day, totals as the number. The ceiling F1 is 2R/(N+R) for N values of which R
 * are reachable (every reachable value right, the others left empty).
 *
 *   tsx --conditions=react-server scripts/bench/tuning/reachable-ceiling.ts <folder>… --cache <dir> [--boxes <dir>]
 *     [--strict-joins]
 *
 * --boxes: a folder of SROIE's own line transcriptions (`data/box/<name>.csv` of the source repository), a human
 * reading of the print. An unreachable value the transcribed lines do give is counted an OCR misread; one they do
 * not give either, a truth that differs from the print (its punctuation, spacing or letters are not what is
 * printed). Without it the cause is left unknown. A value not printed as OCR read it that the shipped engine still
 * gets right (its mending of OCR's letter slips, "TANAN" for "TAMAN") is counted apart, with a second ceiling that
 * counts it reachable. --strict-joins: pieces of several lines are joined by spaces only, as if the line break were
 * the one mark a reader may not choose (so "PANAS." and "SETAPAK" give "PANAS. SETAPAK" only). Prints totals only (the dev sets are scored with it).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { listCorpus, readCached, type CorpusDocument } from "../../train/corpus";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { FIELDS as BENCH_FIELDS } from "../dataset";
import { equal, normText, parseDecimal } from "../score";

const FIELDS = ["vendor_name", "vendor_address", "invoice_date", "total_amount"] as const;
type Field = (typeof FIELDS)[number];
type Cause = "reachable" | "engine mends" | "ocr misread" | "truth differs from print" | "cause unknown";
const CAUSES: readonly Cause[] = ["reachable", "engine mends", "ocr misread", "truth differs from print", "cause unknown"];

const TRAILING_MARKS = /[.,;:]+$/;

const ALNUM = /[\p{L}\p{N}]/u;

/** A reader may cut a line where a word ends or where letters meet a mark ("S/B(587969-U)" gives "S/B"). */
function cutAt(line: string, at: number): boolean {
  if (at === 0 || at === line.length) return true;
  const before = line[at - 1]!;
  const after = line[at]!;
  return before === " " || after === " " || ALNUM.test(before) !== ALNUM.test(after);
}

/**
 * Whether `truth` is a piece of one line, or pieces of several lines joined as a reader would join them (an address
 * printed over several lines, in any order: the most a reader could compose). Within a piece every letter, space and
 * mark is the line's; where two pieces meet, the marks and spaces between them are the reader's choice (a line ending
 * "PANAS." may be joined "PANAS, SETAPAK"), as the line break carries none. Two pieces of one line must have printed
 * letters between them, so a space OCR put into "55, 57" is not mended. The scoring drops trailing marks.
 */
function composedOfLines(truth: string, lines: readonly string[], strictJoins: boolean): boolean {
  const want = normText(truth).replace(TRAILING_MARKS, "");
  if (want === "") return false;
  const texts = lines.map((l) => normText(l));
  // ends[i]: the pieces composing want[0, i) (the last one ending at line `line`, position `at`).
  const ends: Array<Array<{ line: number; at: number }>> = Array.from({ length: want.length + 1 }, () => []);
  const startsAt = (i: number, line: number, start: number): boolean => {
    if (i === 0) return true;
    return ends[i]!.some((end) => end.line !== line || (start > end.at && ALNUM.test(texts[line]!.slice(end.at, start))));
  };
  for (let i = 0; i < want.length; i += 1) {
    if (i > 0 && ends[i]!.length === 0) continue;
    texts.forEach((text, line) => {
      for (let start = 0; start < text.length; start += 1) {
        if (!cutAt(text, start) || text[start] !== want[i] || !startsAt(i, line, start)) continue;
        let k = 0;
        while (i + k < want.length && start + k < text.length && text[start + k] === want[i + k]) {
          k += 1;
          // A piece holds a letter or digit: a bare mark is the join's, not a piece of another line.
          if (!cutAt(text, start + k) || !ALNUM.test(text.slice(start, start + k))) continue;
          // The join: any marks and spaces of the truth after the piece.
          const end = { line, at: start + k };
          let j = i + k;
          const mark = (to: number) => {
            if (!ends[to]!.some((e) => e.line === end.line && e.at === end.at)) ends[to]!.push(end);
          };
          mark(j);
          while (j < want.length && (strictJoins ? /\s/ : /[\s.,;:]/).test(want[j]!)) mark((j += 1));
        }
      }
    });
  }
  return ends[want.length]!.length > 0;
}

/** Every number printed (a run of digits, dots and commas), as the scoring parses it. */
function printedNumbers(lines: readonly string[]): number[] {
  return lines.flatMap((l) => [...l.matchAll(/\d[\d.,]*/g)].map((m) => parseDecimal(m[0].replace(/[.,]+$/, ""))).filter((n): n is number => n !== null));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function iso(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (month < 1 || month > 12 || day < 1 || day > 31 || y < 1990 || y > 2099) return null;
  return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Every calendar day a printed date could be read as (day-month-year, month-day-year, year-month-day, month names). */
function printedDates(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  const add = (d: string | null) => d !== null && out.add(d);
  for (const line of lines.map((l) => normText(l))) {
    for (const m of line.matchAll(/(?<!\d)(?=(\d{1,4})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{2,4})(?!\d))/g)) {
      const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (m[1]!.length === 4) add(iso(a, b, c));
      else {
        add(iso(c, b, a));
        add(iso(c, a, b));
      }
    }
    for (const m of line.matchAll(/(?<!\d)(\d{1,2})[\s\-/.]*([a-z]{3})[a-z]*[\s\-/.,]*(\d{2,4})(?!\d)/g)) add(iso(Number(m[3]), MONTHS.indexOf(m[2]!) + 1, Number(m[1])));
    for (const m of line.matchAll(/([a-z]{3})[a-z]*[\s\-/.]*(\d{1,2})[\s,\-/.]+(\d{2,4})(?!\d)/g)) add(iso(Number(m[3]), MONTHS.indexOf(m[1]!) + 1, Number(m[2])));
    for (const m of line.matchAll(/(?<!\d)(20\d\d)(\d\d)(\d\d)(?!\d)/g)) add(iso(Number(m[1]), Number(m[2]), Number(m[3])));
  }
  return out;
}

/** Whether a reader of these lines could give the truth, compared as bench:extract compares it. */
function reachable(field: Field, truth: string, lines: readonly string[], strictJoins = false): boolean {
  if (field === "total_amount") {
    const want = parseDecimal(truth);
    return want !== null && printedNumbers(lines).some((n) => Math.abs(n - want) < 0.005);
  }
  if (field === "invoice_date") return printedDates(lines).has(truth);
  return composedOfLines(truth, lines, strictJoins);
}

/** SROIE's transcribed lines of a document (`x1,y1,…,x4,y4,text` a line), when the folder has them. */
function boxLines(doc: CorpusDocument, boxes: string | undefined): string[] | null {
  // The ground truth names the source repository's image (`…/data/img/000.jpg`); its transcription is `000.csv`.
  const { source } = JSON.parse(readFileSync(`${doc.file}.gt.json`, "utf8")) as { source?: string };
  const file = boxes ? path.join(boxes, `${path.basename(source ?? doc.file).replace(/\.[^.]+$/, "")}.csv`) : "";
  if (!boxes || !existsSync(file)) return null;
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((row) => row.split(",").slice(8).join(","))
    .filter((text) => text.trim() !== "");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const cache = path.resolve(option("--cache") ?? "../train-readings");
  const boxes = option("--boxes");
  const strictJoins = args.includes("--strict-joins");
  const folders = args.filter((a, i) => !a.startsWith("--") && !["--cache", "--boxes"].includes(args[i - 1] ?? ""));
  const counts = new Map<Field, Map<Cause, number>>(FIELDS.map((f) => [f, new Map(CAUSES.map((c) => [c, 0]))]));
  // What the shipped engine gives on the values of each cause: right, wrong (a value unlike the truth) or empty.
  const engine = new Map<Cause, { right: number; wrong: number; empty: number }>(CAUSES.map((c) => [c, { right: 0, wrong: 0, empty: 0 }]));
  let documents = 0;
  let uncached = 0;
  let withBoxes = 0;
  for (const folder of folders) {
    for (const doc of listCorpus(folder)) {
      const page = await readCached(doc, cache, true);
      if (!page) {
        uncached += 1;
        continue;
      }
      documents += 1;
      const lines = page.pages.flatMap((p) => pageLines(p).map((l) => l.text));
      const printed = boxLines(doc, boxes);
      if (printed) withBoxes += 1;
      const asked = BENCH_FIELDS.filter((f) => (FIELDS as readonly string[]).includes(f.name) && doc.gt.fields[f.name]);
      const { data } = extractFromPageModel(page, asked);
      for (const field of FIELDS) {
        const truth = doc.gt.fields[field];
        if (truth === undefined || truth === "") continue;
        const cause: Cause = reachable(field, truth, lines, strictJoins)
          ? "reachable"
          : equal(field, truth, data[field] ?? null)
            ? "engine mends"
            : !printed
              ? "cause unknown"
              : reachable(field, truth, printed, strictJoins)
                ? "ocr misread"
                : "truth differs from print";
        const value = data[field] ?? null;
        const outcome = engine.get(cause)!;
        if (value === null) outcome.empty += 1;
        else if (equal(field, truth, value)) outcome.right += 1;
        else outcome.wrong += 1;
        const tally = counts.get(field)!;
        tally.set(cause, tally.get(cause)! + 1);
      }
    }
  }
  console.log(`${folders.join(" + ")}: ${documents} documents read from ${cache}${uncached ? ` (${uncached} not cached, left out)` : ""}; SROIE's line transcriptions for ${withBoxes}`);
  console.log(
    "| field | values | printed as OCR read it | OCR misread, engine mends it | OCR misread | truth differs from print | cause unknown | ceiling F1 (printed) | with the engine's mends |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  const row = (label: string, of: (c: Cause) => number) => {
    const n = CAUSES.reduce((s, c) => s + of(c), 0);
    const r = of("reachable");
    const mended = r + of("engine mends");
    const ceiling = (reached: number) => ((2 * reached) / Math.max(1, n + reached)).toFixed(3);
    console.log(`| ${label} | ${n} | ${r} | ${of("engine mends")} | ${of("ocr misread")} | ${of("truth differs from print")} | ${of("cause unknown")} | ${ceiling(r)} | ${ceiling(mended)} |`);
  };
  for (const field of FIELDS) row(field, (c) => counts.get(field)!.get(c)!);
  row("all", (c) => FIELDS.reduce((s, f) => s + counts.get(f)!.get(c)!, 0));
  console.log("\n| values (all fields) | shipped engine right | wrong | empty |\n| --- | --- | --- | --- |");
  for (const [cause, o] of engine) console.log(`| ${cause} | ${o.right} | ${o.wrong} | ${o.empty} |`);
}

void main();
