import { sameRow, type DocLine } from "../fields/document-lines";
import { findLabelMatches, type LabelMatch } from "../fields/label-matches";
import type { ValueCandidate, ScoredKind } from "./candidates";
import { lowerBound, near, sumChecker, tenderMinusChange, toCents, upperBound, type Amount } from "./sums";

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

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A label match with what every candidate asks of it, computed once per document. */
type PlacedLabel = { line: DocLine; right: number; quality: number };

/** One concept's label matches, indexed by the line they sit on and by page (a candidate asks about its row or page). */
type LabelIndex = { byLine: Map<number, PlacedLabel[]>; byPage: Map<number, PlacedLabel[]> };

/** Per-document facts every candidate's features read: label positions, row heights, all values. */
export type DocumentFacts = {
  lines: DocLine[];
  labels: Map<string, LabelIndex>;
  medianHeight: Map<number, number>;
  pageLines: Map<number, DocLine[]>;
  /** Each line's position among its page's lines, by line index. */
  positionOnPage: Map<number, number>;
  /** The lines of each line's visual row (itself included), by line index. */
  rowMates: Map<number, DocLine[]>;
  /** How many lines of its page lie below each line (by line index). */
  linesBelow: Map<number, number>;
  lastPage: number;
  ocr: boolean;
  /** The document's candidates per kind, filled by the first field that asks. */
  candidates: Map<ScoredKind, ValueCandidate[]>;
  /** The features no field changes, per kind, for the candidate list they were computed on (see sharedFeatures). */
  shared: Map<ScoredKind, SharedFeatures>;
};

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexLabels(matches: PlacedLabel[]): LabelIndex {
  const byLine = new Map<number, PlacedLabel[]>();
  const byPage = new Map<number, PlacedLabel[]>();
  for (const m of matches) {
    pushTo(byLine, m.line.index, m);
    pushTo(byPage, m.line.page, m);
  }
  return { byLine, byPage };
}

/**
 * Each line's row mates (sameRow, itself included, in page order). Two lines share a row only when their centres lie
 * within 0.6 of the lower one's height (or 0.002), so each line looks only at lines whose centre is that near its own
 * (centres sorted once) rather than at every line of the page.
 */
function rowsOfPage(onPage: DocLine[], rowMates: Map<number, DocLine[]>): void {
  const centre = (l: DocLine) => l.box.y + l.box.h / 2;
  const byCentre = onPage.map((line, position) => ({ line, position, centre: centre(line) })).sort((a, b) => a.centre - b.centre);
  const centres = byCentre.map((e) => e.centre);
  for (const line of onPage) {
    // Widened a little past sameRow's own reach, which then decides.
    const reach = Math.max(line.box.h * 0.6, 0.002) * 1.01 + 1e-9;
    const mine = centre(line);
    const near: Array<{ line: DocLine; position: number }> = [];
    for (let i = lowerBound(centres, mine - reach); i < byCentre.length && centres[i]! <= mine + reach; i += 1) {
      const other = byCentre[i]!;
      if (other.line.index === line.index || sameRow(other.line.box, line.box)) near.push(other);
    }
    if (near.length > 1) near.sort((a, b) => a.position - b.position);
    rowMates.set(line.index, near.map((e) => e.line));
  }
}

export function documentFacts(lines: DocLine[]): DocumentFacts {
  const labels = new Map<string, LabelIndex>();
  for (const concept of RIVALS) labels.set(concept, indexLabels(findLabelMatches(lines, concept).map(placed)));
  const medianHeight = new Map<number, number>();
  const pageLines = new Map<number, DocLine[]>();
  const positionOnPage = new Map<number, number>();
  const rowMates = new Map<number, DocLine[]>();
  const linesBelow = new Map<number, number>();
  for (const line of lines) pushTo(pageLines, line.page, line);
  for (const [page, onPage] of pageLines) {
    medianHeight.set(page, median(onPage.map((l) => l.box.h)));
    onPage.forEach((line, position) => positionOnPage.set(line.index, position));
    rowsOfPage(onPage, rowMates);
    const centres = onPage.map((l) => l.box.y).sort((a, b) => a - b);
    for (const line of onPage) linesBelow.set(line.index, centres.length - upperBound(centres, line.box.y + line.box.h / 2));
  }
  return {
    lines,
    labels,
    medianHeight,
    pageLines,
    positionOnPage,
    rowMates,
    linesBelow,
    lastPage: Math.max(1, ...lines.map((l) => l.page)),
    ocr: lines.some((l) => l.words.some((w) => w.confidence < 1)),
    candidates: new Map(),
    shared: new Map(),
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

type RowLabel = { hit: number; gap: number };

/** The best label on the value's row left of it: the highest quality, then the smallest gap (whatever the order). */
function labelRow(labels: LabelIndex, row: DocLine[], candidate: ValueCandidate): RowLabel {
  let hit = 0;
  let gap = 1;
  for (const line of row) {
    for (const m of labels.byLine.get(line.index) ?? []) {
      if (m.right > candidate.source.x + 0.001) continue;
      const mGap = candidate.source.x - m.right;
      if (m.quality > hit || (m.quality === hit && mGap < gap)) {
        hit = m.quality;
        gap = mGap;
      }
    }
  }
  return { hit, gap };
}

function labelAbove(labels: LabelIndex, candidate: ValueCandidate): number {
  const line = candidate.line;
  for (const m of labels.byPage.get(line.page) ?? []) {
    if (m.line.index === line.index) continue;
    const gap = line.box.y - (m.line.box.y + m.line.box.h);
    if (gap < -line.box.h * 0.2 || gap > line.box.h * 2.5) continue;
    const overlap = Math.min(m.line.box.x + m.line.box.w, candidate.source.x + candidate.source.w) - Math.max(m.line.box.x, candidate.source.x);
    if (overlap > 0) return 1;
  }
  return 0;
}

/** How many lines below an amount a rounding adjustment still belongs to it. */
const ROUNDING_REACH = 3;

/** The rounding line within the next ROUNDING_REACH lines of the page, if any: it adjusts an amount printed after it. */
export function roundingLineBelow(facts: DocumentFacts, line: DocLine): DocLine | undefined {
  const page = facts.pageLines.get(line.page) ?? [];
  const position = facts.positionOnPage.get(line.index) ?? -1;
  return page.slice(position + 1, position + 1 + ROUNDING_REACH).find((l) => /\bround/i.test(l.text));
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

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

/**
 * What every field of a kind sees alike in a candidate list: each candidate's vector with the fields' own features
 * left at 0, its row (for the field's name and description) and its row's labels per concept in RIVALS order (for the field's gap).
 * The amount fields of a document read one list: computed once for it, not once per field.
 */
export type SharedFeatures = { candidates: ValueCandidate[]; vectors: number[][]; rowTexts: string[]; rowLabels: RowLabel[][] };

/** Each feature's position in a vector. */
const SLOTS = new Map<string, number>(FEATURE_NAMES.map((name, i) => [name, i]));
const slot = (name: FeatureName): number => SLOTS.get(name)!;
const LABEL_ROW_SLOTS = RIVALS.map((concept) => slot(`label_row_${concept}`));
const LABEL_ABOVE_SLOTS = RIVALS.map((concept) => slot(`label_above_${concept}`));
const KEYWORD_SLOTS = KEYWORDS.map(([name]) => slot(name));

export function sharedFeatures(facts: DocumentFacts, kind: ScoredKind, candidates: ValueCandidate[]): SharedFeatures {
  // The row left of each value, its own line included: a label may be a separate phrase of the same row.
  const rows = candidates.map((c) => rowLeft(facts, c));
  const rowTexts = rows.map((row) => row.map((l) => l.text).join(" "));
  // Candidates per visual row and per value, counted once rather than per candidate.
  const byRow = new Map<number, ValueCandidate[]>();
  const byValue = new Map<number | string, number>();
  for (const c of candidates) {
    for (const mate of facts.rowMates.get(c.line.index) ?? [c.line]) pushTo(byRow, mate.index, c);
    byValue.set(c.value, (byValue.get(c.value) ?? 0) + 1);
  }
  const amounts: Amount[] = candidates.flatMap((c, i) => (typeof c.value === "number" ? [{ v: c.value, line: c.line.index, text: rowTexts[i]! }] : []));
  const max = Math.max(0, ...amounts.map((a) => a.v));
  const distinctDesc = [...new Set(amounts.map((a) => a.v))].sort((a, b) => b - a);
  const rankDesc = new Map(distinctDesc.map((v, i) => [v, i]));
  const dates = [...new Set(candidates.filter((c) => typeof c.value === "string").map((c) => c.value as string))];
  const sortedDates = [...dates].sort();
  const firstSeen = new Map(dates.map((d, i) => [d, i])); // reading order
  const tender = amounts.filter((a) => KEYWORDS[3]![1].test(a.text)).map((a) => a.v);
  const change = amounts.filter((a) => KEYWORDS[4]![1].test(a.text)).map((a) => a.v);
  const paidAs = tenderMinusChange(tender, change);
  const keywordsOfRow = new Map<string, number[]>();
  const sumOf = kind === "amount" ? sumChecker(amounts) : null;
  // Arithmetic agreement depends on the value's cents and its line only: computed once per distinct pair.
  const sums = new Map<string, [number, number]>();
  const rowLabels = candidates.map((c, index) => RIVALS.map((concept) => labelRow(facts.labels.get(concept)!, rows[index]!, c)));
  // A line's rounding line below is the same for each of its values.
  const roundingBelow = new Map<number, number>();
  const vectors = candidates.map((c, index) => {
    const x = new Array<number>(FEATURE_NAMES.length).fill(0);
    const rowText = rowTexts[index]!;
    x[slot("derived")] = c.derived ? 1 : 0;
    RIVALS.forEach((concept, k) => {
      x[LABEL_ROW_SLOTS[k]!] = rowLabels[index]![k]!.hit;
      x[LABEL_ABOVE_SLOTS[k]!] = labelAbove(facts.labels.get(concept)!, c);
    });
    // Candidates of one row share its words: read once per row text.
    let keywords = keywordsOfRow.get(rowText);
    if (!keywords) {
      keywords = KEYWORDS.map(([, re]) => (re.test(rowText) ? 1 : 0));
      keywordsOfRow.set(rowText, keywords);
    }
    KEYWORD_SLOTS.forEach((at, k) => (x[at] = keywords[k]!));
    let rounding = roundingBelow.get(c.line.index);
    if (rounding === undefined) roundingBelow.set(c.line.index, (rounding = roundingLineBelow(facts, c.line) ? 1 : 0));
    x[slot("round_below")] = rounding;
    const pageLines = facts.pageLines.get(c.line.page) ?? [];
    const below = facts.linesBelow.get(c.line.index) ?? 0;
    x[slot("y")] = c.source.y;
    x[slot("x_right")] = c.source.x + c.source.w;
    x[slot("pages_from_end")] = facts.lastPage - c.line.page;
    x[slot("rows_from_bottom")] = below / Math.max(1, pageLines.length);
    x[slot("height_ratio")] = c.source.h / Math.max(1e-4, facts.medianHeight.get(c.line.page) ?? c.source.h);
    const sameRowValues = byRow.get(c.line.index) ?? [c];
    x[slot("row_values")] = sameRowValues.length;
    x[slot("last_on_row")] = sameRowValues.every((o) => o.source.x <= c.source.x) ? 1 : 0;
    x[slot("ocr")] = facts.ocr ? 1 : 0;
    x[slot("ocr_min_conf")] = Math.min(1, ...c.words.map((w) => w.confidence));
    x[slot("has_decimals")] = c.hasDecimals ? 1 : 0;
    x[slot("repeats")] = byValue.get(c.value) ?? 1;
    x[slot("candidates_in_doc")] = candidates.length;
    if (sumOf && typeof c.value === "number") {
      const v = c.value;
      x[slot("log_value")] = Math.log10(1 + Math.abs(v));
      x[slot("negative")] = v < 0 ? 1 : 0;
      x[slot("rank_desc")] = (rankDesc.get(v) ?? -1) / Math.max(1, distinctDesc.length);
      x[slot("is_max")] = v === max ? 1 : 0;
      x[slot("frac_of_max")] = max > 0 ? v / max : 0;
      const key = `${toCents(v)}@${c.line.index}`;
      let sum = sums.get(key);
      if (!sum) {
        sum = sumOf(v, c.line.index);
        sums.set(key, sum);
      }
      x[slot("sum_of_two")] = sum[0];
      x[slot("part_of_sum")] = sum[1];
      x[slot("tender_minus_change")] = paidAs(v) ? 1 : 0;
    } else if (typeof c.value === "string") {
      x[slot("date_order")] = (firstSeen.get(c.value) ?? -1) / Math.max(1, dates.length);
      x[slot("date_is_earliest")] = sortedDates[0] === c.value ? 1 : 0;
      x[slot("date_is_latest")] = sortedDates[sortedDates.length - 1] === c.value ? 1 : 0;
      const latest = sortedDates[sortedDates.length - 1] ?? c.value;
      x[slot("date_days_from_latest")] = Math.min(3650, daysBetween(latest, c.value)) / 365;
    }
    return x;
  });
  return { candidates, vectors, rowTexts, rowLabels };
}

/** The shared features of this list: the kind's cached ones when the list is the one they were computed on. */
function sharedFor(facts: DocumentFacts, kind: ScoredKind, candidates: ValueCandidate[]): SharedFeatures {
  const cached = facts.shared.get(kind);
  if (cached && cached.candidates.length === candidates.length && cached.candidates.every((c, i) => c === candidates[i])) return cached;
  const computed = sharedFeatures(facts, kind, candidates);
  // The list every field of the kind starts from; a field's derived candidate makes a list of its own, not cached.
  if (candidates.every((c) => !c.derived)) facts.shared.set(kind, computed);
  return computed;
}

/** One feature vector per candidate, in FEATURE_NAMES order. */
export function candidateFeatures(facts: DocumentFacts, kind: ScoredKind, field: FieldAsked, candidates: ValueCandidate[], rule: RulePick): number[][] {
  const shared = sharedFor(facts, kind, candidates);
  const nameWords = field.name.split(/[_\s]+/);
  const descriptionWords = wordsOf(field.description ?? "");
  const matchOfRow = new Map<string, [number, number]>();
  const rivalAt = RIVALS.indexOf(field.key);
  return candidates.map((c, index) => {
    const x = [...shared.vectors[index]!];
    const sameValue = rule && (typeof c.value === "number" ? typeof rule.value === "number" && near(rule.value, c.value) : rule.value === c.value) ? 1 : 0;
    x[slot("rule_same_value")] = sameValue;
    x[slot("rule_same_line")] = sameValue && rule?.line === c.line.index ? 1 : 0;
    x[slot("rule_score")] = sameValue ? (rule?.score ?? 0) : 0;
    x[slot("rule_abstained")] = rule ? 0 : 1;
    const own = rivalAt >= 0 ? shared.rowLabels[index]![rivalAt] : undefined;
    x[slot("label_gap")] = own && own.hit > 0 ? own.gap : 1;
    const rowText = shared.rowTexts[index]!;
    let match = matchOfRow.get(rowText);
    if (!match) {
      match = [wordMatch(nameWords, rowText), wordMatch(descriptionWords, rowText)];
      matchOfRow.set(rowText, match);
    }
    x[slot("name_match")] = match[0];
    x[slot("description_match")] = match[1];
    return x;
  });
}
