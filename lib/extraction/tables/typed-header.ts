import type { Word } from "../types";
import { tokenise } from "../fields/text-tokens";
import { findAmounts } from "../../normalise/amounts";
import { findDates } from "../../normalise/dates";
import { columnRole, isNumeric, type ColumnRole } from "./column-roles";

/** Money out and money in, for a field that has one signed amount column. */
const FLOW_ROLES: ColumnRole[] = [columnRole({ name: "debit", type: "currency" }), columnRole({ name: "credit", type: "currency" })];
import type { Row } from "./word-rows";

/** A header cell: the column it names (index into the field's columns; null when it names none) and its extent. */
/** `numeric`: a cell naming no column of this table but a number's column of the table beside it ("Amount"). */
export type Band = { col: number | null; x1: number; x2: number; negate?: boolean; numeric?: boolean };
export type TypedHeader = { bands: Band[]; next: number };

/** Words of one header cell stand closer than this many word heights; cells of neighbouring columns further apart. */
const CELL_GAP = 1.0;
/** A second header line hangs under the first closer than this many line heights. */
const STACK_GAP = 0.8;

type Phrase = { words: Word[]; x1: number; x2: number };

function phrases(words: Word[]): Phrase[] {
  const sorted = [...words].sort((a, b) => a.box.x - b.box.x);
  const out: Phrase[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.box.x - last.x2 < CELL_GAP * w.box.h) {
      last.words.push(w);
      last.x2 = Math.max(last.x2, w.box.x + w.box.w);
    } else out.push({ words: [w], x1: w.box.x, x2: w.box.x + w.box.w });
  }
  return out;
}

const rowText = (r: Row) => r.words.map((w) => w.text).join(" ");
/** Header rows hold no amount with decimals and no date. */
const valueFree = (r: Row) => !findAmounts(rowText(r)).some((a) => a.hasDecimals) && findDates(rowText(r)).length === 0;

/** The column a header cell names: the role whose label it holds with the most words (ties: the first column). */
function nameOf(tokens: string[], roles: ColumnRole[], taken: Set<number>): number | null {
  let best: { col: number; len: number } | null = null;
  roles.forEach((role, col) => {
    if (taken.has(col)) return;
    for (const label of role.labels) {
      const found = tokens.some((_, i) => label.every((t, k) => tokens[i + k] === t));
      if (found && (!best || label.length > best.len)) best = { col, len: label.length };
    }
  });
  const found = (best as { col: number; len: number } | null)?.col ?? null;
  return found ?? abbreviated(tokens, roles, taken);
}

/** The columns a header cell names: those whose label it holds with the most words, else the one it abbreviates. */
function columnsNamed(tokens: string[], roles: ColumnRole[]): Set<number> {
  const lengths = roles.map((role) => Math.max(0, ...role.labels.filter((label) => tokens.some((_, i) => label.every((t, k) => tokens[i + k] === t))).map((l) => l.length)));
  const best = Math.max(0, ...lengths);
  if (best > 0) return new Set(lengths.map((l, col) => (l === best ? col : -1)).filter((c) => c >= 0));
  const abbreviation = abbreviated(tokens, roles, new Set());
  return new Set(abbreviation === null ? [] : [abbreviation]);
}

/**
 * A cell of one short word abbreviating one column's one-word label ("Amt." amount, "Bal" balance, "Desc."
 * description, "Wdl" withdrawals): its letters in order in the label, the first one first; none when it could
 * abbreviate labels of two columns.
 */
function abbreviated(tokens: string[], roles: ColumnRole[], taken: Set<number>): number | null {
  const [word] = tokens;
  if (tokens.length !== 1 || !word || word.length < 3 || word.length > 5 || !/^\p{L}+$/u.test(word)) return null;
  const within = (label: string) => {
    let at = 0;
    for (const ch of label) if (ch === word[at]) at += 1;
    return at === word.length;
  };
  // A label the word starts wins over one it is scattered in ("Bal" is "balance", not "buchungsdetails").
  const matching = (test: (label: string) => boolean) => {
    const cols = new Set<number>();
    roles.forEach((role, col) => {
      if (role.labels.some((l) => l.length === 1 && l[0]!.length > word.length && test(l[0]!))) cols.add(col);
    });
    return cols;
  };
  const prefixed = matching((l) => l.startsWith(word));
  const cols = prefixed.size > 0 ? prefixed : matching((l) => l[0] === word[0] && within(l));
  const [only] = [...cols];
  return cols.size === 1 && only !== undefined && !taken.has(only) ? only : null;
}

/**
 * A header row at `i`: printed cells (a cell's words on this line and, stacked, the line under it) that name at
 * least two of the field's columns, at most one cell naming none, no values. Columns are matched by meaning
 * (column-roles.ts), so "Buchungstext" names a description and "Money / Out" a debit.
 */
export function typedHeaderAt(rows: Row[], i: number, roles: ColumnRole[]): TypedHeader | null {
  const row = rows[i]!;
  if (!valueFree(row) || row.words.length > 16) return null;
  const cells = phrases(row.words).map((p) => ({ ...p, words: [...p.words] }));
  let next = i + 1;
  const below = rows[i + 1];
  // A header on two lines: every cell of the lower line stands under a cell of the upper one (or adds a column).
  const lower = below ? phrases(below.words) : [];
  const overlaps = (a: Phrase, b: Phrase) => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > 0;
  // Cells of a two-line header stand one over one; a line spanning several cells below it is a heading.
  const oneOverOne = lower.every((p) => cells.filter((c) => overlaps(c, p)).length <= 1) && cells.every((c) => lower.filter((p) => overlaps(c, p)).length <= 1);
  // …and is set in one size: a taller line over the header is the table's title ("Umsätze", "Transactions").
  const sameSize = below !== undefined && Math.abs(below.h - row.h) < 0.15 * Math.max(below.h, row.h);
  // A second header line holds no digit at all (a first row of whole amounts "Basic Pay 55000" would pass for one).
  if (below && below.top - row.bottom < STACK_GAP * row.h && valueFree(below) && !/\d/.test(rowText(below)) && oneOverOne && sameSize) {
    for (const p of lower) {
      const over = cells.find((c) => Math.min(c.x2, p.x2) - Math.max(c.x1, p.x1) > 0);
      if (over) {
        over.words.push(...p.words);
        over.x1 = Math.min(over.x1, p.x1);
        over.x2 = Math.max(over.x2, p.x2);
      } else cells.push({ ...p, words: [...p.words] });
    }
    next = i + 2;
  }
  cells.sort((a, b) => a.x1 - b.x1);
  // "Debit/Withdrawal", "Soll/Haben": a slash separates words of a header cell (tokens drop inner punctuation).
  const tokens = cells.map((c) => tokenise(c.words.map((w) => w.text).join(" ").replace(/\//g, " ")));
  const names = tokens.map((t) => columnsNamed(t, roles));
  // Columns in the field's order, each named by the first free cell right of the previous one (else any free
  // cell): a second table printed beside this one ("Earnings Amount | Deductions Amount") keeps its own cells.
  const colOf: Array<number | null> = cells.map(() => null);
  let after = -1;
  roles.forEach((_, col) => {
    const free = (k: number) => colOf[k] === null && names[k]!.has(col);
    let k = cells.findIndex((_, at) => at > after && free(at));
    if (k >= 0) after = k;
    else k = cells.findIndex((_, at) => free(at));
    if (k >= 0) colOf[k] = col;
  });
  const amountCol = roles.findIndex((r) => r.role === "amount");
  const bands: Band[] = cells.map((c, k) => {
    const col = colOf[k] ?? null;
    if (col !== null) return { col, x1: c.x1, x2: c.x2 };
    if (amountCol < 0) return { col: null, x1: c.x1, x2: c.x2, numeric: [...names[k]!].some((n) => isNumeric(roles[n]!.type)) };
    // Money in and money out printed apart feed a field's one signed amount column (out negative).
    const flow = nameOf(tokens[k]!, FLOW_ROLES, new Set());
    if (flow !== null) return { col: amountCol, x1: c.x1, x2: c.x2, negate: flow === 0 };
    return { col: null, x1: c.x1, x2: c.x2, numeric: [...names[k]!].some((n) => isNumeric(roles[n]!.type)) };
  });
  // Cells left and right of the named ones belong to another table beside this one: no column, not counted.
  const namedAt = bands.map((b, k) => (b.col !== null ? k : -1)).filter((k) => k >= 0);
  const lo = Math.min(...namedAt);
  const hi = Math.max(...namedAt);
  const named = namedAt.length;
  const unnamed = bands.filter((b, k) => b.col === null && k > lo && k < hi).length;
  if (named < Math.min(2, roles.length) || unnamed > Math.max(1, named / 3)) return null;
  // A line of two words both naming columns may be a sentence; a typed table's header names a typed column.
  if (!bands.some((b) => b.col !== null && roles[b.col]!.type !== "text") && named < 3) return null;
  return { bands, next };
}
