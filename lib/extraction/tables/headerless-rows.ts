import { unionBox } from "../fields/document-lines";
import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import type { TableRow, ValueMetadata, Word } from "../types";
import { COLUMN_CONCEPTS } from "../fields/column-concepts";
import { hasDescription, isTotalsOrTaxRow, looksLikeTaxLine, parseRow, type ParsedRow, type TextRow } from "./headerless-cells";
import { aligned, ALIGN_TOLERANCE, assignColumns, confirmedByArithmetic, type ItemCells, type RunItem } from "./headerless-columns";
import { IDENTIFIER_LINE, KEY_VALUE_LINE } from "./row-rules";

/** Rows further below the previous item than this many line heights end a run. */
const MAX_GAP = 3;
/** A description line continues the item above when it starts within this many line heights of it. */
const CONTINUATION_GAP = 1.8;

type Kind = "items" | "amounts";
type Run = { kind: Kind; items: Array<RunItem & { bottom: number; closed: boolean }>; lastBottom: number };

const SUM_TOLERANCE = 0.011;

/** "items": a description and at least two numbers, one of them money; "amounts": a description and one money value. */
function kindOf(parsed: ParsedRow): Kind | null {
  if (!hasDescription(parsed)) return null;
  const numbers = parsed.numbers;
  const money = numbers.filter((n) => n.decimals && !n.percent);
  if (numbers.length >= 2 && money.length >= 1 && !looksLikeTaxLine(numbers)) return "items";
  if (numbers.length === 1 && money.length === 1) return "amounts";
  return null;
}

const leftEdge = (p: ParsedRow) => p.row.words[0]!.box.x;

/** A row continues a run when it starts where the run's rows start and its numbers stand in the run's columns. */
function fits(run: Run, parsed: ParsedRow): boolean {
  const first = run.items[0]!.parsed;
  if (Math.abs(leftEdge(first) - leftEdge(parsed)) > ALIGN_TOLERANCE * 2) return false;
  const runNumbers = run.items.flatMap((it) => it.parsed.numbers);
  const last = parsed.numbers[parsed.numbers.length - 1]!;
  if (!aligned(first.numbers[first.numbers.length - 1]!, last)) return false;
  const inColumns = parsed.numbers.filter((n) => runNumbers.some((m) => aligned(m, n))).length;
  return inColumns >= Math.min(2, parsed.numbers.length);
}

function amountOf(item: RunItem): number {
  return item.parsed.numbers[item.parsed.numbers.length - 1]!.value;
}

/**
 * Lines of one amount each are items only when a later line adds them up ("Privathaftpflicht 50,00 / Partner 0,00 /
 * Gesamtbeitrag 50,00"): the items are the lines before the first one that equals their sum (at least two of them).
 */
function summedItems(run: Run, totals: number[]): RunItem[] {
  let sum = 0;
  for (let k = 0; k < run.items.length; k += 1) {
    const value = amountOf(run.items[k]!);
    if (k >= 2 && sum > 0 && Math.abs(value - sum) <= SUM_TOLERANCE) return run.items.slice(0, k);
    sum += value;
  }
  return run.items.length >= 2 && sum > 0 && totals.some((t) => Math.abs(t - sum) <= SUM_TOLERANCE) ? run.items : [];
}

function lastMoney(row: TextRow, hint: DecimalSeparator | undefined): number | null {
  const amounts = findAmounts(row.words.map((w) => w.text).join(" "), hint).filter((a) => a.hasDecimals);
  return amounts[amounts.length - 1]?.value ?? null;
}

/**
 * Line items of a page without a recognised table header, found from the rows' content and geometry alone: runs of
 * rows with a description and aligned numbers, accepted when at least two rows line up or one multiplies out
 * (quantity × price = amount); lines of one amount each only when a following line is their sum. Totals, tax and
 * payment lines end a run and are never items, so totals blocks, address blocks and bank details yield nothing.
 */
export function findHeaderlessItems(rows: TextRow[], hint: DecimalSeparator | undefined): ItemCells[] {
  const out: ItemCells[] = [];
  // Totals printed anywhere on the page (a summary above the details) may confirm lines of one amount each.
  const pageTotals = rows.filter((r) => isTotalsOrTaxRow(r, [])).map((r) => lastMoney(r, hint)).filter((v) => v !== null);
  /** Ends a run, keeping its items when it is accepted; `after` is the amount of the totals line that ended it. */
  const close = (ended: Run | null, after: number | null): null => {
    if (!ended) return null;
    const totals = after === null ? pageTotals : [after, ...pageTotals];
    const accepted = ended.kind === "amounts" ? summedItems(ended, totals) : ended.items.length >= 2 || confirmedByArithmetic(ended.items) ? ended.items : [];
    if (accepted.length > 0) out.push(...assignColumns(accepted));
    return null;
  };
  let run: Run | null = null;
  for (const row of besideTheirText(rows, hint)) {
    // Gaps are measured in the run's line height: a row of small marks ("**") does not set the scale.
    const lineH = Math.max(row.h, run?.items[0]!.parsed.row.h ?? 0);
    if (run && row.top - run.lastBottom > lineH * MAX_GAP) run = close(run, null);
    const parsed = parseRow(row, hint);
    const lastItem = run?.items[run.items.length - 1];
    // Indented lines under an amount line ("Charges $1.87", "VAT $0.00" under a service) are its breakdown.
    if (run?.kind === "amounts" && lastItem && parsed.numbers.length <= 1 && leftEdge(parsed) > leftEdge(run.items[0]!.parsed) + ALIGN_TOLERANCE && row.top - run.lastBottom < lineH * CONTINUATION_GAP) {
      run.lastBottom = row.bottom;
      continue;
    }
    if (isTotalsOrTaxRow(row, parsed.description)) {
      run = close(run, lastMoney(row, hint));
      continue;
    }
    const kind = kindOf(parsed);
    if (kind) {
      const item: Run["items"][number] = { parsed, more: [], bottom: row.bottom, closed: false };
      if (run && run.kind === kind && fits(run, parsed)) {
        run.items.push(item);
        run.lastBottom = row.bottom;
      } else {
        close(run, null);
        run = { kind, items: [item], lastBottom: row.bottom };
      }
      continue;
    }
    const last = run?.items[run.items.length - 1];
    if (run && last && parsed.numbers.length === 0 && continuesDescription(last, row, lineH)) {
      const text = row.words.map((w) => w.text).join(" ");
      // Identifier and "key: value" lines under an item (GTIN, serial numbers, service ids) end its description.
      if (IDENTIFIER_LINE.test(text) || KEY_VALUE_LINE.test(text)) last.closed = true;
      if (!last.closed) last.more.push(...row.words);
      last.bottom = row.bottom;
      run.lastBottom = row.bottom;
      continue;
    }
    run = close(run, null);
  }
  close(run, null);
  return out;
}

/**
 * Figures and their item's text printed on one line at two heights ("2 | шт. 15.000000 357 142.86 …" with "Wi-fi
 * роутер 5G" set a little lower): a row of figures without a description of its own and a text-only row starting
 * less than three quarters of a line below its top (overlapping it: lines under one another are a line and more apart)
 * are one row.
 */
function besideTheirText(rows: TextRow[], hint: DecimalSeparator | undefined): TextRow[] {
  const out: TextRow[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    const next = rows[i + 1];
    if (next && next.top - row.top < Math.min(row.h, next.h) * 0.75 && next.top > row.top) {
      const figures = parseRow(row, hint);
      const text = parseRow(next, hint);
      const firstNumber = figures.numbers.find((n) => n.decimals && !n.percent)?.x1 ?? 0;
      if (figures.numbers.length >= 2 && !hasDescription(figures) && text.numbers.length === 0 && hasDescription(text) && next.words[next.words.length - 1]!.box.x < firstNumber) {
        const words = [...row.words, ...next.words].sort((a, b) => a.box.x - b.box.x);
        out.push({ words, top: row.top, bottom: Math.max(row.bottom, next.bottom), h: Math.max(row.h, next.h) });
        i += 1;
        continue;
      }
    }
    out.push(row);
  }
  return out;
}

/** A text line right under an item, inside its description band (not reaching into the number columns). */
function continuesDescription(item: RunItem & { bottom: number }, row: TextRow, lineH: number): boolean {
  const start = item.parsed.description[0]?.box.x ?? leftEdge(item.parsed);
  const firstNumber = item.parsed.numbers[0]!.x1;
  const last = row.words[row.words.length - 1]!.box;
  return row.top - item.bottom < lineH * CONTINUATION_GAP && row.words[0]!.box.x >= start - ALIGN_TOLERANCE && last.x + last.w <= firstNumber + ALIGN_TOLERANCE;
}

/** A cell of a row found from typed, aligned cells without a header, before calibration. */
const HEADERLESS_CELL_SCORE = 0.6;

const KIND = new Map(COLUMN_CONCEPTS.map((c) => [c.key, c.kind] as const));

/** Typed values and metadata of header-less items for the table field's columns (concept key → field name). */
export function headerlessRows(items: ItemCells[], options: { fieldForKey: Map<string, string>; hint: DecimalSeparator | undefined; page: number }) {
  return items.map((cells) => {
    const row: TableRow = {};
    const meta: Record<string, ValueMetadata> = {};
    const words: Word[] = [];
    for (const [key, ws] of cells) {
      const name = options.fieldForKey.get(key);
      if (!name) continue;
      const raw = ws.map((w) => w.text).join(" ");
      const kind = KIND.get(key);
      const value = kind === "number" ? (findAmounts(raw, options.hint).at(-1)?.value ?? null) : kind === "integer" ? (/\d+/.exec(raw)?.[0] ?? null) : raw.trim() || null;
      if (value === null) continue;
      row[name] = kind === "integer" ? String(Number(value)) : value;
      meta[name] = { confidence: HEADERLESS_CELL_SCORE, source: { page: options.page, ...unionBox(ws.map((w) => w.box)) }, raw, evidence: { strategy: "table-headerless", score: HEADERLESS_CELL_SCORE } };
      words.push(...ws);
    }
    return { row, meta, words };
  });
}
