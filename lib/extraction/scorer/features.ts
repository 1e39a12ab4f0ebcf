import { sameRow, type DocLine } from "../fields/document-lines";
import { findLabelMatches, type LabelMatch } from "../fields/label-matches";
import type { ValueCandidate, ScoredKind } from "./candidates";

/**
 * What the model sees of one candidate: numbers only, the same list for every field (a feature that does not apply
 * to a kind is 0). Order matters: model.json records these names and refuses to run on a different list.
 */
export const FEATURE_NAMES = [
  // The rule engine's own choice, as evidence rather than a verdict.
  "rule_same_value",
  "rule_same_line",
  "rule_score",
  "rule_abstained",
  "derived",
  // Label words of the field's concept and of its rivals, on the value's row (left of it) or just above it.
  ...["total_amount", "subtotal_amount", "tax_amount", "amount_due", "invoice_date", "due_date"].flatMap((c) => [`label_row_${c}`, `label_above_${c}`]),
  "label_gap",
  // Context words on the row (any language the vocabulary knows is already in the labels; these are the generic ones).
  "kw_total",
  "kw_sub",
  "kw_tax",
  "kw_tender",
  "kw_change",
  "kw_round",
  "round_below",
  "kw_discount",
  "kw_item",
  "kw_time",
  "kw_other_date",
  "name_match",
  "description_match",
  // Geometry and typography.
  "y",
  "x_right",
  "pages_from_end",
  "rows_from_bottom",
  "height_ratio",
  "row_values",
  "last_on_row",
  "ocr",
  "ocr_min_conf",
  // Type validity and repetition.
  "has_decimals",
  "log_value",
  "negative",
  "rank_desc",
  "is_max",
  "frac_of_max",
  "repeats",
  "candidates_in_doc",
  // Arithmetic agreement.
  "sum_of_two",
  "part_of_sum",
  "tender_minus_change",
  // Dates.
  "date_order",
  "date_is_earliest",
  "date_is_latest",
  "date_days_from_latest",
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Every feature at 0, in order: copies share one object shape, so filling and reading them stays fast. */
const ZERO: Record<string, number> = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0]));

/** What the rule engine picked for the field (or null when it abstained). */
export type RulePick = { value: number | string; line: number; score: number } | null;

export type FieldAsked = { key: string; name: string; description?: string };

const RIVALS = ["total_amount", "subtotal_amount", "tax_amount", "amount_due", "invoice_date", "due_date"];

const KEYWORDS: Array<[FeatureName, RegExp]> = [
  ["kw_total", /\b(?:total|totaal|totale|gesamt|summe|jumlah|montant|importe|betrag)/i],
  ["kw_sub", /\b(?:sub|net|netto|zwischen|ht\b|hors|excl|exkl|before)/i],
  ["kw_tax", /\b(?:tax|gst|sst|vat|mwst|ust|tva|iva|btw|steuer)/i],
  ["kw_tender", /\b(?:cash|tunai|tender|paid|bayar|visa|master|card|kartu|payment|received|bezahlt|gegeben)/i],
  ["kw_change", /\b(?:change|baki|kembali|rückgeld|wechselgeld|rendu|cambio)/i],
  ["kw_round", /\bround/i],
  ["kw_discount", /\b(?:disc|rabatt|remise|descuento|sconto|korting|savings?)/i],
  ["kw_item", /\b(?:qty|quantity|menge|unit|price|preis|prix|x\s*\d|@)/i],
  ["kw_time", /\d{1,2}:\d{2}/],
  ["kw_other_date", /\b(?:due|fällig|echéance|échéance|vencimiento|scadenza|delivery|liefer|order|bestell|period|zeitraum|from|to|bis|valid)/i],
];

/** Index of the first sorted value greater than `v`. */
function upperBound(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A label match with what every candidate asks of it, computed once per document. */
type PlacedLabel = { line: DocLine; right: number; quality: number };

/** Per-document facts every candidate's features read: label positions, row heights, all values. */
export type DocumentFacts = {
  lines: DocLine[];
  labels: Map<string, PlacedLabel[]>;
  medianHeight: Map<number, number>;
  pageLines: Map<number, DocLine[]>;
  /** The lines of each line's visual row (itself included), by line index. */
  rowMates: Map<number, DocLine[]>;
  /** How many lines of its page lie below each line (by line index). */
  linesBelow: Map<number, number>;
  lastPage: number;
  ocr: boolean;
  /** The document's candidates per kind, filled by the first field that asks. */
  candidates: Map<ScoredKind, ValueCandidate[]>;
};

export function documentFacts(lines: DocLine[]): DocumentFacts {
  const labels = new Map<string, PlacedLabel[]>();
  for (const concept of RIVALS) labels.set(concept, findLabelMatches(lines, concept).map(placed));
  const medianHeight = new Map<number, number>();
  const pageLines = new Map<number, DocLine[]>();
  const rowMates = new Map<number, DocLine[]>();
  const linesBelow = new Map<number, number>();
  for (const page of new Set(lines.map((l) => l.page))) {
    const onPage = lines.filter((l) => l.page === page);
    pageLines.set(page, onPage);
    medianHeight.set(page, median(onPage.map((l) => l.box.h)));
    for (const line of onPage) rowMates.set(line.index, onPage.filter((l) => l.index === line.index || sameRow(l.box, line.box)));
    const centres = onPage.map((l) => l.box.y).sort((a, b) => a - b);
    for (const line of onPage) linesBelow.set(line.index, centres.length - upperBound(centres, line.box.y + line.box.h / 2));
  }
  return {
    lines,
    labels,
    medianHeight,
    pageLines,
    rowMates,
    linesBelow,
    lastPage: Math.max(1, ...lines.map((l) => l.page)),
    ocr: lines.some((l) => l.words.some((w) => w.confidence < 1)),
    candidates: new Map(),
  };
}

/** The lines of the value's row left of it (labels sit there), the value's own line included. */
function rowLeft(facts: DocumentFacts, candidate: ValueCandidate): DocLine[] {
  const line = candidate.line;
  return (facts.rowMates.get(line.index) ?? [line]).filter((l) => l.index === line.index || l.box.x < candidate.source.x);
}

function placed(m: LabelMatch): PlacedLabel {
  const labelWords = m.line.words.slice(m.start, m.end);
  return { line: m.line, right: Math.max(...labelWords.map((w) => w.box.x + w.box.w)), quality: Math.min(1, 0.55 + 0.2 * m.length) };
}

function labelRow(matches: PlacedLabel[], row: ReadonlySet<number>, candidate: ValueCandidate): { hit: number; gap: number } {
  let hit = 0;
  let gap = 1;
  for (const m of matches) {
    if (!row.has(m.line.index)) continue;
    if (m.right > candidate.source.x + 0.001) continue;
    const mGap = candidate.source.x - m.right;
    if (m.quality > hit || (m.quality === hit && mGap < gap)) {
      hit = m.quality;
      gap = mGap;
    }
  }
  return { hit, gap };
}

function labelAbove(matches: PlacedLabel[], candidate: ValueCandidate): number {
  const line = candidate.line;
  for (const m of matches) {
    if (m.line.page !== line.page || m.line.index === line.index) continue;
    const gap = line.box.y - (m.line.box.y + m.line.box.h);
    if (gap < -line.box.h * 0.2 || gap > line.box.h * 2.5) continue;
    const overlap = Math.min(m.line.box.x + m.line.box.w, candidate.source.x + candidate.source.w) - Math.max(m.line.box.x, candidate.source.x);
    if (overlap > 0) return 1;
  }
  return 0;
}

/** A rounding line within the next three lines of the page: it adjusts an amount printed after it, not this one. */
function roundingBelow(facts: DocumentFacts, line: DocLine): boolean {
  const page = facts.pageLines.get(line.page) ?? [];
  const at = page.indexOf(line);
  return page.slice(at + 1, at + 4).some((l) => /\bround/i.test(l.text));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 3);
}

/** Share of the words of a field's name or description found on the value's row. */
function wordMatch(words: string[], rowText: string): number {
  const generic = new Set(["amount", "the", "and", "value", "number", "date", "including", "excluding"]);
  const wanted = words.filter((w) => !generic.has(w));
  if (wanted.length === 0) return 0;
  const row = rowText.toLowerCase();
  return wanted.filter((w) => row.includes(w)).length / wanted.length;
}

const toCents = (v: number) => Math.round(v * 100);
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

/** One feature vector per candidate, in FEATURE_NAMES order. */
export function candidateFeatures(facts: DocumentFacts, kind: ScoredKind, field: FieldAsked, candidates: ValueCandidate[], rule: RulePick): number[][] {
  // The row left of each value, its own line included: a label may be a separate phrase of the same row.
  const rows = candidates.map((c) => rowLeft(facts, c));
  const rowIndices = rows.map((row) => new Set(row.map((l) => l.index)));
  const rowTexts = rows.map((row) => row.map((l) => l.text).join(" "));
  // Candidates per visual row and per value, counted once rather than per candidate.
  const byRow = new Map<number, ValueCandidate[]>();
  const byValue = new Map<number | string, number>();
  for (const c of candidates) {
    for (const mate of facts.rowMates.get(c.line.index) ?? [c.line]) {
      const onRow = byRow.get(mate.index);
      if (onRow) onRow.push(c);
      else byRow.set(mate.index, [c]);
    }
    byValue.set(c.value, (byValue.get(c.value) ?? 0) + 1);
  }
  const amounts = candidates.flatMap((c, i) => (typeof c.value === "number" ? [{ v: c.value, line: c.line.index, text: rowTexts[i]! }] : []));
  const max = Math.max(0, ...amounts.map((a) => a.v));
  const distinctDesc = [...new Set(amounts.map((a) => a.v))].sort((a, b) => b - a);
  const dates = [...new Set(candidates.filter((c) => typeof c.value === "string").map((c) => c.value as string))];
  const sortedDates = [...dates].sort();
  const firstSeen = dates; // reading order
  // Lines printing each amount, by cents: the sum checks look a value up instead of trying every pair.
  const linesByCents = new Map<number, Set<number>>();
  for (const a of amounts) {
    const set = linesByCents.get(toCents(a.v)) ?? new Set<number>();
    set.add(a.line);
    linesByCents.set(toCents(a.v), set);
  }
  const tender = amounts.filter((a) => KEYWORDS[3]![1].test(a.text)).map((a) => a.v);
  const change = amounts.filter((a) => KEYWORDS[4]![1].test(a.text)).map((a) => a.v);
  const rowWords = new Map<string, number[]>();
  const nameWords = field.name.split(/[_\s]+/);
  const descriptionWords = wordsOf(field.description ?? "");
  // Arithmetic agreement depends on the value and its line only: computed once per distinct pair.
  const sums = new Map<string, [number, number]>();
  return candidates.map((c, index) => {
    const f: Record<string, number> = { ...ZERO };
    const row = rowIndices[index]!;
    const rowText = rowTexts[index]!;
    f.rule_same_value = rule && (typeof c.value === "number" ? typeof rule.value === "number" && near(rule.value, c.value) : rule.value === c.value) ? 1 : 0;
    f.rule_same_line = f.rule_same_value && rule?.line === c.line.index ? 1 : 0;
    f.rule_score = f.rule_same_value ? (rule?.score ?? 0) : 0;
    f.rule_abstained = rule ? 0 : 1;
    f.derived = c.derived ? 1 : 0;
    let gap = 1;
    for (const concept of RIVALS) {
      const matches = facts.labels.get(concept) ?? [];
      const hit = labelRow(matches, row, c);
      f[`label_row_${concept}`] = hit.hit;
      f[`label_above_${concept}`] = labelAbove(matches, c);
      if (concept === field.key && hit.hit > 0) gap = hit.gap;
    }
    f.label_gap = gap;
    // Candidates of one row share its words: read once per row text.
    let words = rowWords.get(rowText);
    if (!words) {
      words = [...KEYWORDS.map(([, re]) => (re.test(rowText) ? 1 : 0)), wordMatch(nameWords, rowText), wordMatch(descriptionWords, rowText)];
      rowWords.set(rowText, words);
    }
    KEYWORDS.forEach(([name], k) => (f[name] = words[k]!));
    f.round_below = roundingBelow(facts, c.line) ? 1 : 0;
    f.name_match = words[KEYWORDS.length]!;
    f.description_match = words[KEYWORDS.length + 1]!;
    const pageLines = facts.pageLines.get(c.line.page) ?? [];
    const below = facts.linesBelow.get(c.line.index) ?? 0;
    f.y = c.source.y;
    f.x_right = c.source.x + c.source.w;
    f.pages_from_end = facts.lastPage - c.line.page;
    f.rows_from_bottom = below / Math.max(1, pageLines.length);
    f.height_ratio = c.source.h / Math.max(1e-4, facts.medianHeight.get(c.line.page) ?? c.source.h);
    const sameRowValues = byRow.get(c.line.index) ?? [c];
    f.row_values = sameRowValues.length;
    f.last_on_row = sameRowValues.every((o) => o.source.x <= c.source.x) ? 1 : 0;
    f.ocr = facts.ocr ? 1 : 0;
    f.ocr_min_conf = Math.min(1, ...c.words.map((w) => w.confidence));
    f.has_decimals = c.hasDecimals ? 1 : 0;
    f.repeats = byValue.get(c.value) ?? 1;
    f.candidates_in_doc = candidates.length;
    if (kind === "amount" && typeof c.value === "number") {
      const v = c.value;
      f.log_value = Math.log10(1 + Math.abs(v));
      f.negative = v < 0 ? 1 : 0;
      f.rank_desc = distinctDesc.indexOf(v) / Math.max(1, distinctDesc.length);
      f.is_max = v === max ? 1 : 0;
      f.frac_of_max = max > 0 ? v / max : 0;
      const elsewhere = (cents: number, a: number, b: number) => {
        const found = linesByCents.get(cents);
        if (!found) return false;
        for (const l of found) if (l !== a && l !== b) return true;
        return false;
      };
      const key = `${toCents(v)}@${c.line.index}`;
      let sum = sums.get(key);
      if (!sum) {
        sum = [0, 0];
        for (const a of amounts) {
          if (a.line === c.line.index) continue;
          if (sum[0] === 0 && a.v > 0 && a.v < v && elsewhere(toCents(v - a.v), a.line, c.line.index)) sum[0] = 1;
          if (sum[1] === 0 && a.v > v && elsewhere(toCents(a.v - v), a.line, c.line.index)) sum[1] = 1;
        }
        sums.set(key, sum);
      }
      f.sum_of_two = sum[0];
      f.part_of_sum = sum[1];
      f.tender_minus_change = tender.some((t) => change.some((ch) => near(t - ch, v))) ? 1 : 0;
    } else if (typeof c.value === "string") {
      f.date_order = firstSeen.indexOf(c.value) / Math.max(1, firstSeen.length);
      f.date_is_earliest = sortedDates[0] === c.value ? 1 : 0;
      f.date_is_latest = sortedDates[sortedDates.length - 1] === c.value ? 1 : 0;
      const latest = sortedDates[sortedDates.length - 1] ?? c.value;
      f.date_days_from_latest = Math.min(3650, daysBetween(latest, c.value)) / 365;
    }
    return FEATURE_NAMES.map((name) => f[name] ?? 0);
  });
}
