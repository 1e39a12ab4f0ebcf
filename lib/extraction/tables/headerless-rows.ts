import { unionBox } from "../fields/document-lines";
import { findAmounts, type DecimalSeparator } from "../normalise/amounts";
import type { TableRow, ValueMetadata, Word } from "../types";
import { COLUMN_CONCEPTS } from "./column-concepts";
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
function summedItems(run: Run, after: number | null): RunItem[] {
  let sum = 0;
  for (let k = 0; k < run.items.length; k += 1) {
    const value = amountOf(run.items[k]!);
    if (k >= 2 && Math.abs(value - sum) <= SUM_TOLERANCE) return run.items.slice(0, k);
    sum += value;
  }
  return run.items.length >= 2 && after !== null && Math.abs(after - sum) <= SUM_TOLERANCE ? run.items : [];
}

/**
 * Line items of a page without a recognised table header, found from the rows' content and geometry alone: runs of
 * rows with a description and aligned numbers, accepted when at least two rows line up or one multiplies out
 * (quantity × price = amount); lines of one amount each only when a following line is their sum. Totals, tax and
 * payment lines end a run and are never items, so totals blocks, address blocks and bank details yield nothing.
 */
export function findHeaderlessItems(rows: TextRow[], hint: DecimalSeparator | undefined): ItemCells[] {
  const out: ItemCells[] = [];
  /** Ends a run, keeping its items when it is accepted; `after` is the amount of the totals line that ended it. */
  const close = (ended: Run | null, after: number | null): null => {
    if (!ended) return null;
    const accepted = ended.kind === "amounts" ? summedItems(ended, after) : ended.items.length >= 2 || confirmedByArithmetic(ended.items) ? ended.items : [];
    if (accepted.length > 0) out.push(...assignColumns(accepted));
    return null;
  };
  let run: Run | null = null;
  for (const row of rows) {
    if (run && row.top - run.lastBottom > row.h * MAX_GAP) run = close(run, null);
    const parsed = parseRow(row, hint);
    if (isTotalsOrTaxRow(row, parsed.description)) {
      const amounts = findAmounts(row.words.map((w) => w.text).join(" "), hint).filter((a) => a.hasDecimals);
      run = close(run, amounts[amounts.length - 1]?.value ?? null);
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
    if (run && last && parsed.numbers.length === 0 && continuesDescription(last, row)) {
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

/** A text line right under an item, inside its description band (not reaching into the number columns). */
function continuesDescription(item: RunItem & { bottom: number }, row: TextRow): boolean {
  const start = item.parsed.description[0]?.box.x ?? leftEdge(item.parsed);
  const firstNumber = item.parsed.numbers[0]!.x1;
  const last = row.words[row.words.length - 1]!.box;
  return row.top - item.bottom < row.h * CONTINUATION_GAP && row.words[0]!.box.x >= start - ALIGN_TOLERANCE && last.x + last.w <= firstNumber + ALIGN_TOLERANCE;
}

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
      meta[name] = { confidence: 0.6, source: { page: options.page, ...unionBox(ws.map((w) => w.box)) }, raw };
      words.push(...ws);
    }
    return { row, meta, words };
  });
}
