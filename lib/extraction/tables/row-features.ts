import { tokenise } from "../fields/text-tokens";
import type { Word } from "../types";
import type { TypedColumn } from "./column-typing";
import { IDENTIFIER_LINE, isCarryLine, KEY_VALUE_LINE, NUMERIC_CELL, NUMERIC_KEYS, STOP_WORDS, startsWithTotalsLabel } from "./row-rules";
import { RELATIVE_FEATURE_NAMES, relativeFeatures, type RowFacts, type TableProfile } from "./row-profile";
import type { Row } from "./word-rows";

/**
 * What the row classifier (row-model.ts) reads of one printed line under a line-item table's header: its gaps to the
 * lines around it in line heights, which columns it fills, its words' shape and the vocabulary of totals and running
 * totals. Geometry is in line heights and column positions, so it carries over between page sizes and fonts.
 */
const ABSOLUTE_FEATURE_NAMES = [
  "gap_above_lines",
  "gap_below_lines",
  "gap_to_item_lines",
  "numeric_cells",
  "money_cell",
  "quantity_cell",
  "description_text",
  "words",
  "has_digit",
  "carry_words",
  "totals_label",
  "decoration",
  "ends_with_colon",
  "capitals_share",
  "indent_lines",
  "reaches_numbers",
  "height_ratio",
  "key_value",
  "identifier",
  "item_open",
  "next_starts_item",
  "next_text_only",
] as const;

export const ROW_FEATURE_NAMES = [...ABSOLUTE_FEATURE_NAMES, ...RELATIVE_FEATURE_NAMES] as const;

export type RowContext = {
  row: Row;
  cells: Map<TypedColumn, Word[]>;
  columns: TypedColumn[];
  /** Bottom of the line read before this one (the header's for the first). */
  previousBottom: number;
  next: Row | undefined;
  nextStartsItem: boolean;
  nextTextOnly: boolean;
  /** The item being read, if any: its bottom and its first line's height. */
  item: { bottom: number; h: number } | null;
  /** The line's filled columns, amount and arithmetic, and its table's norms (row-profile.ts). */
  facts: RowFacts;
  profile: TableProfile;
};

const text = (ws: Word[]) => ws.map((w) => w.text).join(" ").trim();
/** Gaps beyond this many line heights read the same (a page break, the end of the table). */
const FAR = 10;
const clampGap = (v: number) => Math.max(-1, Math.min(FAR, v));

export function rowFeatures(c: RowContext): number[] {
  const { row, cells, columns } = c;
  const line = row.words.map((w) => w.text).join(" ");
  const entries = [...cells.entries()];
  const numeric = entries.filter(([col, ws]) => NUMERIC_KEYS.has(col.key) && NUMERIC_CELL.test(text(ws)));
  const description = entries.filter(([col]) => col.key === "description").flatMap(([, ws]) => ws);
  const descriptionColumn = columns.find((col) => col.key === "description");
  const firstNumberColumn = columns.filter((col) => NUMERIC_KEYS.has(col.key)).sort((a, b) => a.x1 - b.x1)[0];
  const first = row.words[0]!;
  const last = row.words[row.words.length - 1]!;
  const letters = line.replace(/[^\p{L}]/gu, "");
  const firstToken = tokenise(first.text)[0] ?? "";
  const descFirst = tokenise(description[0]?.text ?? "")[0] ?? "";
  const features: Record<(typeof ABSOLUTE_FEATURE_NAMES)[number], number> = {
    gap_above_lines: clampGap((row.top - c.previousBottom) / row.h),
    gap_below_lines: c.next ? clampGap((c.next.top - row.bottom) / row.h) : FAR,
    gap_to_item_lines: c.item ? clampGap((row.top - c.item.bottom) / row.h) : FAR,
    numeric_cells: numeric.length,
    money_cell: numeric.some(([col]) => col.key === "amount" || col.key === "unit_price") ? 1 : 0,
    quantity_cell: numeric.some(([col]) => col.key === "quantity") ? 1 : 0,
    description_text: description.some((w) => /\p{L}/u.test(w.text)) ? 1 : 0,
    words: row.words.length,
    has_digit: /\d/.test(line) ? 1 : 0,
    carry_words: isCarryLine(line, numeric.length) ? 1 : 0,
    totals_label: STOP_WORDS.has(firstToken) || STOP_WORDS.has(descFirst) || startsWithTotalsLabel(row.words) ? 1 : 0,
    decoration: /[-=*#_]{2,}/.test(line) ? 1 : 0,
    ends_with_colon: /:\s*$/.test(line) ? 1 : 0,
    capitals_share: letters.length > 0 ? letters.replace(/[^\p{Lu}]/gu, "").length / letters.length : 0,
    indent_lines: descriptionColumn ? clampGap((first.box.x - descriptionColumn.x1) / row.h) : 0,
    reaches_numbers: firstNumberColumn && last.box.x + last.box.w > firstNumberColumn.x1 ? 1 : 0,
    height_ratio: c.item ? row.h / c.item.h : 1,
    key_value: KEY_VALUE_LINE.test(text(description) || line) ? 1 : 0,
    identifier: IDENTIFIER_LINE.test(text(description) || line) ? 1 : 0,
    item_open: c.item ? 1 : 0,
    next_starts_item: c.nextStartsItem ? 1 : 0,
    next_text_only: c.nextTextOnly ? 1 : 0,
  };
  return [...ABSOLUTE_FEATURE_NAMES.map((name) => features[name]), ...relativeFeatures(row, c.facts, c.profile)];
}
