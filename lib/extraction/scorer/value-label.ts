import { lineAmounts, type DocLine } from "../fields/document-lines";
import type { ValueCandidate } from "./candidates";
import { FEATURE_NAMES, roundingLineBelow, type DocumentFacts } from "./features";
import { decide, type FieldCandidates, type ScorerDecision } from "./index";
import { scoreOf, type FieldScorer } from "./model";

/** The words of a label that name a value: the last few before it on its row (a row may hold several labels). */
const LABEL_WORDS = 5;

/**
 * The text that labels a candidate: the last words before it on its visual row, or, when nothing but figures stands
 * left of it, the line just above (a till receipt prints "Cash:" on one line and "$40.00" under it).
 */
export function labelOfValue(facts: DocumentFacts, candidate: ValueCandidate): string {
  const line = candidate.line;
  const left = (facts.rowMates.get(line.index) ?? [line]).filter((l) => l.index !== line.index && l.box.x < candidate.source.x);
  const firstWord = candidate.words[0];
  const own = firstWord ? line.words.filter((w) => w.box.x < firstWord.box.x - 1e-4) : [];
  const words = [...left.sort((a, b) => a.box.x - b.box.x).flatMap((l) => l.words), ...own].map((w) => w.text);
  const onRow = words.slice(-LABEL_WORDS).join(" ");
  if (/\p{L}/u.test(onRow)) return onRow;
  const above = lineAbove(facts, line);
  return above ? above.words.slice(-LABEL_WORDS).map((w) => w.text).join(" ") : onRow;
}

/** The nearest line above on the page, within two line heights, when it holds words (no figures alone). */
function lineAbove(facts: DocumentFacts, line: DocLine): DocLine | null {
  let best: DocLine | null = null;
  for (const other of facts.pageLines.get(line.page) ?? []) {
    const gap = line.box.y - (other.box.y + other.box.h);
    if (other.index === line.index || gap < -line.box.h * 0.3 || gap > line.box.h * 2) continue;
    if (!best || other.box.y > best.box.y) best = other;
  }
  return best && /\p{L}/u.test(best.text) ? best : null;
}

/** No total after the word: "Cash total" names a total. */
const NOT_TOTAL = String.raw`\b(?!.*\b(?:total|totale|summe|gesamt)\b)`;
/** What the customer handed over: cash tendered ("Cash 2000.00" under "Net total 1970.00"). */
const TENDER_LABEL = new RegExp(String.raw`^(?:cash|tendered|tender|efectivo|entregado|bar|gegeben|espèces|especes|contant|tunai|contanti)` + NOT_TOTAL, "iu");
/** What the customer got back: never the total. */
const CHANGE_LABEL = new RegExp(String.raw`^(?:change|cambio|vuelto|rückgeld|wechselgeld|rendu|monnaie|wisselgeld|kembalian|baki|resto)` + NOT_TOTAL, "iu");
/** After cash tendered, a receipt's "Balance" is the change handed back, not a balance due. */
const CHANGE_AFTER_TENDER = /^balance\b(?!.*\bdue\b)/iu;

/** A validity or service period's date ("Inicio de Vigencia:", "Période : du", "valid from"): not the issue date. */
const PERIOD_LABEL = /\b(?:vigencia|validez|valid|válid[oa]|gültig|période|periode|period|periodo|período|zeitraum|leistungszeitraum|inicio|début|from|desde)\b/iu;
/** A label that names the issue date outright ("Fecha de emisión", "Invoice date") keeps its date. */
const ISSUE_DATE_LABEL = /\b(?:emisi[oó]n|émission|invoice\s+date|date\s+of\s+issue|rechnungsdatum|fecha\s+factura|data\s+(?:da\s+)?fatura|issued)\b/iu;

/** A subtotal's own label ("SUB TOTAL", "Zwischensumme"): the amount before what the lines below it add or take off. */
const SUBTOTAL_LABEL = /^(?:sub[\s-]?total|zwischensumme|sous[\s-]total|subtotaal|subtotale)\b/iu;

/**
 * "SUB TOTAL 295.00 / ROUNDING ADJ -0.02" with no total under it: what was paid is the subtotal moved by the rounding,
 * a line the reader lost, so the subtotal is not the total (the rules say the same: fields/extract-fields.ts).
 */
export function subtotalBeforeRounding(facts: DocumentFacts, candidate: ValueCandidate, label: string): boolean {
  if (!SUBTOTAL_LABEL.test(label)) return false;
  const rounding = roundingLineBelow(facts, candidate.line);
  // The adjustment may stand in a column of its own on the rounding line's row.
  const row = rounding ? (facts.rowMates.get(rounding.index) ?? [rounding]) : [];
  return row.some((l) => lineAmounts(l).some((a) => a.value !== 0));
}

/** Whether a candidate's label rules it out for the field: change for the total, a period's date for the issue date. */
export function labelRulesOut(key: string, label: string): boolean {
  const text = label.replace(/^[^\p{L}]+/u, "");
  if (key === "total_amount") return CHANGE_LABEL.test(text);
  if (key === "invoice_date") return PERIOD_LABEL.test(text) && !ISSUE_DATE_LABEL.test(text);
  return false;
}

/** How many lines of a wrapped description the walk up from a date passes before it must reach the item's row. */
const DESCRIPTION_LINES = 3;

/**
 * "1 | Services for the concert | 1 | 163 100,00 | 163 100,00 / of the artist in Krasnoyarsk / 8.03.2026": a date
 * alone on its line, under text lines aligned with it that run up to a row of two or more amounts, is part of an
 * item's description (the day of the service), not the document's date.
 */
export function insideItemDescription(facts: DocumentFacts, candidate: ValueCandidate): boolean {
  const line = candidate.line;
  if (/\p{L}/u.test(line.text) || (facts.rowMates.get(line.index) ?? []).length > 1) return false;
  const above = (facts.pageLines.get(line.page) ?? []).filter((l) => l.box.y + l.box.h <= line.box.y + line.box.h * 0.3).sort((a, b) => b.box.y - a.box.y);
  let passed = 0;
  for (const other of above) {
    const row = facts.rowMates.get(other.index) ?? [other];
    if (row.reduce((n, l) => n + lineAmounts(l).length, 0) >= 2) return passed > 0;
    // A wrapped description's line: words only, no label, starting where the date starts.
    if (row.length > 1 || /[:：]\s*$/.test(other.text) || /\d/.test(other.text) || Math.abs(other.box.x - line.box.x) > 0.02) return false;
    passed += 1;
    if (passed > DESCRIPTION_LINES) return false;
  }
  return false;
}

/** The field's candidates less those their label rules out, features kept in step. */
export function withoutRuledOut(facts: DocumentFacts, key: string, found: FieldCandidates): FieldCandidates {
  if (key !== "total_amount" && key !== "invoice_date") return found;
  const labels = found.candidates.map((c) => labelOfValue(facts, c).replace(/^[^\p{L}]+/u, ""));
  const tendered = key === "total_amount" && labels.some((l) => TENDER_LABEL.test(l));
  const change = (i: number) => labelRulesOut(key, labels[i]!) || (tendered && CHANGE_AFTER_TENDER.test(labels[i]!));
  // Cash tendered is the total only when nothing came back: with change above zero printed, it is more than was owed.
  const changeGiven = tendered && found.candidates.some((c, i) => change(i) && typeof c.value === "number" && c.value > 0);
  const ruledOut = (c: ValueCandidate, i: number): boolean =>
    change(i) ||
    (changeGiven && TENDER_LABEL.test(labels[i]!)) ||
    (key === "total_amount" && subtotalBeforeRounding(facts, c, labels[i]!)) ||
    (key === "invoice_date" && insideItemDescription(facts, c));
  const keep = found.candidates.map((c, i) => c.derived || !ruledOut(c, i));
  if (keep.every(Boolean)) return found;
  return { candidates: found.candidates.filter((_, i) => keep[i]), features: found.features.filter((_, i) => keep[i]) };
}

/** Below the green mark: a value chosen only after the scorer's own first choice was ruled out is weakly supported. */
const SECOND_CHOICE_CEILING = 0.85;

/**
 * The scorer's decision among the candidates no label rules out. When its first choice over all of them was ruled
 * out (a receipt's cash tendered as the total), the choice among the rest keeps at most SECOND_CHOICE_CEILING.
 */
export function decideRuledOut(scorer: FieldScorer, facts: DocumentFacts, key: string, found: FieldCandidates): ScorerDecision {
  const kept = withoutRuledOut(facts, key, found);
  // The kept candidates' vectors are the very ones of the whole list: each is scored once for both decisions.
  const compiled = scoreOf(scorer);
  const scores = new Map<readonly number[], number>();
  const scoreFor = (x: readonly number[]): number => {
    let score = scores.get(x);
    if (score === undefined) scores.set(x, (score = compiled(x)));
    return score;
  };
  const decision = decide(scorer, kept, FEATURE_NAMES, scoreFor);
  if (kept === found || !decision) return decision;
  const first = decide(scorer, found, FEATURE_NAMES, scoreFor);
  const same = first !== null && first.value === decision.value && first.raw === decision.raw;
  return same ? decision : { ...decision, confidence: Math.min(decision.confidence, SECOND_CHOICE_CEILING) };
}
