import { findAmounts, type DecimalSeparator } from "../../normalise/amounts";
import { findDates } from "../../normalise/dates";
import type { Word } from "../types";
import type { TypedColumn } from "./column-typing";

/**
 * What the column typer (column-model.ts) reads of one column of a header-led table: the concept its header words
 * named (after the hand rules of column-typing.ts), what its cells hold over the lines under the header (shares of
 * numbers, money, percentages, dates, codes and words, their length and decimals, whether they multiply out with the
 * other columns' numbers) and where it stands (left to right, width, alignment). Geometry is in page fractions and
 * line heights, so it carries over between page sizes and fonts.
 */
export const COLUMN_CONCEPTS_TYPED = ["description", "quantity", "unit", "unit_price", "amount", "tax_rate", "item_code", "position", "discount_percent", "date", "other"] as const;
export type ColumnConceptKey = (typeof COLUMN_CONCEPTS_TYPED)[number];

/** The keys a header match can give (the rules' call), one indicator each; "" (no label) reads as `other`. */
const HEADER_KEYS = COLUMN_CONCEPTS_TYPED.filter((k) => k !== "date");

export const COLUMN_FEATURE_NAMES = [
  ...HEADER_KEYS.map((k) => `header_${k}`),
  "header_words",
  "header_has_percent",
  "header_is_currency",
  "filled_share",
  "numeric_share",
  "money_share",
  "integer_share",
  "percent_share",
  "date_share",
  "code_share",
  "text_share",
  "short_word_share",
  "mean_chars",
  "mean_words",
  "mean_decimals",
  "log_median_value",
  "small_integer_share",
  "running_number_share",
  "distinct_share",
  "product_of_others",
  "factor_of_product",
  "value_rank",
  "index_share",
  "is_first",
  "is_last",
  "columns",
  "x_centre",
  "width",
  "right_aligned",
  "numeric_columns_right",
] as const;

/** How many lines under the header are read: enough for a table's first items, before its totals. */
export const COLUMN_SAMPLE_LINES = 15;

const CODE = /^(?=[^\s]*\d)(?=[^\s]*\p{L})[\p{L}\d][\p{L}\d\-_./#]*$/u;
const NUMBER_ONLY = /^[-(]?\s*(?:\p{Sc}|[A-Z]{3})?\s*-?\d[\d.,' ]*\s*(?:\p{Sc}|%|[A-Z]{3})?\s*\)?$/u;
const CURRENCY_HEADING = /^(?:\p{Sc}|RM|Rs\.?|Rp\.?|[A-Z]{3})$/u;

type Cell = { text: string; words: Word[]; value: number | null; decimals: number };

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : 0);
const share = (cells: Cell[], test: (c: Cell) => boolean) => (cells.length ? cells.filter(test).length / cells.length : 0);
const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const std = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((v) => (v - m) ** 2)));
};

function cellOf(words: Word[], hint: DecimalSeparator | undefined): Cell {
  const text = words.map((w) => w.text).join(" ").trim();
  const amounts = NUMBER_ONLY.test(text) ? findAmounts(text, hint) : [];
  const last = amounts[amounts.length - 1];
  const decimals = last?.hasDecimals ? (/[.,](\d+)\D*$/.exec(last.text)?.[1]?.length ?? 0) : 0;
  return { text, words, value: last ? last.value : null, decimals };
}

/** Whether a ≈ b to a cent (or half a percent of it, for rounded prints). */
const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);

/**
 * The features of every column, in the columns' order. `lines` are the table's lines under its header, each as the
 * cells the engine cuts it into (column -> words).
 */
export function columnFeatures(columns: TypedColumn[], lines: Array<Map<TypedColumn, Word[]>>, hint: DecimalSeparator | undefined): number[][] {
  const sample = lines.slice(0, COLUMN_SAMPLE_LINES);
  const grid = sample.map((cells) => columns.map((c) => cellOf(cells.get(c) ?? [], hint)));
  const numericCols = columns.map((_, k) => share(grid.map((r) => r[k]!).filter((c) => c.text !== ""), (c) => c.value !== null) >= 0.5);
  const medians = columns.map((_, k) => median(grid.map((r) => r[k]!.value).filter((v): v is number => v !== null)));
  // Arithmetic per line: which column is the product of two others (qty × price = amount) and which are its factors.
  const productHits = new Array<number>(columns.length).fill(0);
  const factorHits = new Array<number>(columns.length).fill(0);
  for (const line of grid) {
    for (let c = 0; c < columns.length; c += 1) {
      const v = line[c]!.value;
      if (v === null || v === 0) continue;
      let found = false;
      for (let a = 0; a < columns.length && !found; a += 1) {
        for (let b = a + 1; b < columns.length && !found; b += 1) {
          if (a === c || b === c) continue;
          const va = line[a]!.value;
          const vb = line[b]!.value;
          if (va === null || vb === null || va === 1 || vb === 1) continue;
          if (near(va * vb, v)) {
            found = true;
            factorHits[a] = (factorHits[a] ?? 0) + 1;
            factorHits[b] = (factorHits[b] ?? 0) + 1;
          }
        }
      }
      if (found) productHits[c] = (productHits[c] ?? 0) + 1;
    }
  }
  return columns.map((col, k) => {
    const all = grid.map((r) => r[k]!);
    const cells = all.filter((c) => c.text !== "");
    const values = cells.map((c) => c.value).filter((v): v is number => v !== null);
    const rightNumeric = numericCols.filter((n, i) => n && i > k).length;
    const rank = numericCols[k] ? medians.filter((m, i) => numericCols[i] && m > medians[k]!).length : -1;
    const lefts = cells.map((c) => c.words[0]!.box.x);
    const rights = cells.map((c) => c.words[c.words.length - 1]!.box.x + c.words[c.words.length - 1]!.box.w);
    const label = col.label.trim();
    let running = 0;
    for (let i = 1; i < all.length; i += 1) if (all[i]!.value !== null && all[i - 1]!.value !== null && all[i]!.value === all[i - 1]!.value! + 1) running += 1;
    const features: Record<(typeof COLUMN_FEATURE_NAMES)[number], number> = {
      ...(Object.fromEntries(HEADER_KEYS.map((key) => [`header_${key}`, (col.key === "" ? "other" : col.key) === key ? 1 : 0])) as Record<`header_${(typeof HEADER_KEYS)[number]}`, number>),
      header_words: label ? label.split(/\s+/).length : 0,
      header_has_percent: /%/.test(label) ? 1 : 0,
      header_is_currency: CURRENCY_HEADING.test(label) ? 1 : 0,
      filled_share: all.length ? cells.length / all.length : 0,
      numeric_share: share(cells, (c) => c.value !== null),
      money_share: share(cells, (c) => c.value !== null && c.decimals === 2),
      integer_share: share(cells, (c) => c.value !== null && c.decimals === 0 && Number.isInteger(c.value)),
      percent_share: share(cells, (c) => /%/.test(c.text)),
      date_share: share(cells, (c) => findDates(c.text).length > 0),
      code_share: share(cells, (c) => c.words.length === 1 && CODE.test(c.text)),
      text_share: share(cells, (c) => /\p{L}{3}/u.test(c.text) && c.value === null),
      short_word_share: share(cells, (c) => c.words.length <= 2 && /^\p{L}{1,5}\.?$/u.test(c.words[c.words.length - 1]!.text)),
      mean_chars: mean(cells.map((c) => c.text.length)),
      mean_words: mean(cells.map((c) => c.words.length)),
      mean_decimals: mean(cells.filter((c) => c.value !== null).map((c) => c.decimals)),
      log_median_value: values.length ? Math.log10(1 + Math.abs(median(values))) : -1,
      small_integer_share: share(cells, (c) => c.value !== null && Number.isInteger(c.value) && c.value >= 0 && c.value < 1000 && c.decimals === 0),
      running_number_share: all.length > 1 ? running / (all.length - 1) : 0,
      distinct_share: cells.length ? new Set(cells.map((c) => c.text)).size / cells.length : 0,
      product_of_others: sample.length ? productHits[k]! / sample.length : 0,
      factor_of_product: sample.length ? factorHits[k]! / sample.length : 0,
      value_rank: rank,
      index_share: columns.length > 1 ? k / (columns.length - 1) : 0,
      is_first: k === 0 ? 1 : 0,
      is_last: k === columns.length - 1 ? 1 : 0,
      columns: columns.length,
      x_centre: (col.x1 + col.x2) / 2,
      width: col.x2 - col.x1,
      right_aligned: cells.length >= 2 ? (std(rights) < std(lefts) ? 1 : 0) : 0.5,
      numeric_columns_right: rightNumeric,
    };
    return COLUMN_FEATURE_NAMES.map((name) => features[name] ?? 0);
  });
}
