import { findAmounts, formatAmount } from "../normalise/amounts";
import { findCurrencies } from "../normalise/currency";
import { findDates, type DateOrder } from "../normalise/dates";
import { findIbans, findVatIds } from "../normalise/identifiers";
import type { FieldDefinition, PageModel, Scalar, ValueMetadata } from "../types";
import type { ValueKind } from "./concepts";
import { detectDateOrder } from "./date-order";
import { documentLines, sameRow, wordsSource, type DocLine } from "./document-lines";
import { findLabelledCandidates, type Candidate } from "./find-labelled-value";
import { conceptByKey } from "./concepts";
import { reconcileTotals } from "./reconcile-totals";
import { findAddressBelow, findCustomerByAddressWindow, findPartyBySection, findVendorName } from "./parties";
import { fieldLabels, kindForType, resolveConcept } from "./resolve-concept";

const BUYER_CONTEXT = /\b(?:ihre|ihr|your|customer|client|kunden?|buyer|käufer|kaufer|votre|uw)\b/i;

export type ScalarResult = { value: Scalar; meta: ValueMetadata };

type Context = { lines: DocLine[]; order: DateOrder; fullText: string; found: Map<string, Candidate> };

function firstDate(ctx: Context): Candidate | null {
  for (const line of ctx.lines) {
    const d = findDates(line.text, ctx.order)[0];
    if (d) return { value: d.iso, score: 0.4, source: { page: line.page, ...line.box }, raw: d.text, line: line.index };
  }
  return null;
}

const ROUNDING = /\b(?:rounding|rounded|round(?:ing)?\s*adj(?:ustment)?|rundung|arrondi)\b/i;

/**
 * Cash receipts round the payable total ("Total 41.48 / Rounding 0.02 / Total 41.50"): when a small rounding
 * adjustment is printed and the adjusted total appears too, the adjusted one is what was paid.
 */
function applyRounding(total: Candidate, ctx: Context): Candidate {
  if (typeof total.value !== "number") return total;
  const value0 = total.value;
  for (const line of ctx.lines) {
    if (!ROUNDING.test(line.text)) continue;
    const row = ctx.lines.filter((l) => l.page === line.page && sameRow(l.box, line.box) && l.box.x >= line.box.x);
    const rowAmounts = findAmounts(row.map((l) => l.text).join(" ")).filter((a) => a.hasDecimals);
    // "Rounding RM 182.00" next to a 181.98 total: the rounding row prints the rounded total itself.
    const roundedTotal = rowAmounts.find((a) => a.value !== value0 && Math.abs(a.value - value0) <= 0.05 && Math.abs(a.value) >= 1);
    if (roundedTotal) return { ...total, value: roundedTotal.value, source: { page: line.page, ...line.box }, raw: roundedTotal.text, line: line.index };
    const amounts = rowAmounts.filter((a) => Math.abs(a.value) > 0 && Math.abs(a.value) < 0.1);
    for (const adj of amounts) {
      for (const value of [value0 + adj.value, value0 - adj.value]) {
        const rounded = Math.round(value * 100) / 100;
        const where = ctx.lines.find((l) => l.index > total.line - 3 && findAmounts(l.text).some((a) => Math.abs(a.value - rounded) < 0.001));
        if (where) return { ...total, value: rounded, source: { page: where.page, ...where.box }, raw: String(rounded), line: where.index };
      }
    }
  }
  return total;
}

const TENDER = /^(?:cash|tunai|bar|espèces|especes|contant|tendered|paid|payment)\b/i;
const CHANGE = /^(?:change|baki|kembalian|rückgeld|wechselgeld|rendu|monnaie|wisselgeld)\b/i;

function labelledRowAmount(ctx: Context, label: RegExp): number | null {
  for (const line of ctx.lines) {
    if (!label.test(line.text.trim())) continue;
    const row = ctx.lines.filter((l) => l.page === line.page && sameRow(l.box, line.box) && l.box.x >= line.box.x);
    const amounts = findAmounts(row.map((l) => l.text).join(" ")).filter((a) => a.hasDecimals);
    const last = amounts[amounts.length - 1];
    if (last) return last.value;
  }
  return null;
}

/**
 * Receipts print what was tendered and the change: tendered − change = total. When the labelled total disagrees
 * and another total candidate agrees, that one wins; with no total at all, the difference is a weak guess.
 */
function checkAgainstTender(best: Candidate | null, candidates: Candidate[], ctx: Context): Candidate | null {
  const cash = labelledRowAmount(ctx, TENDER);
  const change = labelledRowAmount(ctx, CHANGE);
  if (cash === null || change === null || change < 0 || change >= cash) return best;
  const paid = Math.round((cash - change) * 100) / 100;
  if (best && typeof best.value === "number" && Math.abs(best.value - paid) < 0.005) return best;
  const agreeing = candidates.find((c) => typeof c.value === "number" && Math.abs(c.value - paid) < 0.005);
  if (agreeing) return agreeing;
  return best ?? null;
}

const DUE_WORDS = /(?:zahlbar|payable|payment due|due|fällig|faellig|échéance|echeance|betalen|vervaldatum|à payer|a payer|pay by|zu zahlen)/i;

/** Payment terms in prose: "Zahlbar innerhalb 30 Tagen netto bis 04.07.2018", "payable by 30 March 2020". */
function dueDateInTerms(ctx: Context): Candidate | null {
  for (const line of ctx.lines) {
    const m = DUE_WORDS.exec(line.text);
    if (!m) continue;
    const d = findDates(line.text.slice(m.index), ctx.order)[0];
    if (d) return { value: d.iso, score: 0.5, source: { page: line.page, ...line.box }, raw: d.text, line: line.index };
  }
  return null;
}

/** The currency printed most often next to amounts; a bare "$" only when nothing more specific appears. */
function dominantCurrency(ctx: Context): Candidate | null {
  const tally = new Map<string, { n: number; line: DocLine }>();
  for (const line of ctx.lines) {
    for (const hit of findCurrencies(line.text)) {
      const entry = tally.get(hit.code) ?? { n: 0, line };
      entry.n += 1;
      tally.set(hit.code, entry);
    }
  }
  const ranked = [...tally.entries()].filter(([code]) => code !== "$").sort((a, b) => b[1].n - a[1].n);
  const top = ranked[0] ?? [...tally.entries()][0];
  if (!top) return null;
  const [code, { n, line }] = top;
  return { value: code === "$" ? "USD" : code, score: Math.min(0.9, 0.5 + 0.1 * n), source: { page: line.page, ...line.box }, raw: code, line: line.index };
}

function firstPattern(ctx: Context, find: (t: string) => Array<{ value: string; index: number }>): Candidate | null {
  for (const line of ctx.lines) {
    const hit = find(line.text)[0];
    if (hit) return { value: hit.value, score: 0.6, source: { page: line.page, ...line.box }, raw: hit.value, line: line.index };
  }
  return null;
}

/** Among total candidates the grand total is the largest amount: boost it so "Total" beats "Total" of a sub-block. */
function preferLargest(candidates: Candidate[]): Candidate[] {
  const max = Math.max(...candidates.map((c) => (typeof c.value === "number" ? c.value : -Infinity)));
  return candidates
    .map((c) => (c.value === max ? { ...c, score: c.score + 0.08 } : c))
    .sort((a, b) => b.score - a.score);
}

function bestCandidate(field: FieldDefinition, ctx: Context): Candidate | null {
  const concept = resolveConcept(field);
  const kind: ValueKind = concept?.kind ?? kindForType(field);
  const key = concept?.key ?? `field:${field.name}`;
  const extra = fieldLabels(field).map((label) => ({ concept: key, label }));
  let candidates = findLabelledCandidates(ctx.lines, key, kind, ctx.order, concept ? [] : extra);
  if (key.startsWith("vendor_")) {
    // The buyer's own ids ("Ihre USt-IdNr.", "Your VAT no.") are not the seller's.
    candidates = candidates.filter((c) => !BUYER_CONTEXT.test(ctx.lines[c.line]?.text ?? ""));
  }
  if (key === "total_amount" || key === "subtotal_amount") candidates = preferLargest(candidates);
  let best = candidates[0] ?? null;
  switch (key) {
    case "invoice_date":
      best ??= firstDate(ctx);
      break;
    case "due_date":
      best ??= dueDateInTerms(ctx);
      break;
    case "currency":
      best ??= dominantCurrency(ctx);
      break;
    case "vendor_iban":
      best ??= firstPattern(ctx, findIbans);
      break;
    case "vendor_vat_id":
      best ??= firstPattern(ctx, findVatIds);
      break;
    case "total_amount":
      // "Total due" / "Amount due" is the total when nothing else is labelled as one.
      best ??= ctx.found.get("amount_due") ?? findLabelledCandidates(ctx.lines, "amount_due", "amount", ctx.order)[0] ?? null;
      if (best) best = applyRounding(best, ctx);
      best = checkAgainstTender(best, candidates, ctx);
      break;
    case "subtotal_amount":
      // No tax printed anywhere (reverse charge, small business): the net total is the total.
      if (!best && findLabelledCandidates(ctx.lines, "tax_amount", "amount", ctx.order).length === 0) {
        const total = bestCandidate({ name: "total_amount", type: "number" }, { ...ctx, found: new Map() });
        best = total ? { ...total, score: total.score * 0.5 } : null;
      }
      break;
    case "amount_due":
      // Without a separate "amount due" line the whole total is due (no prepayment printed).
      if (!best) {
        const total = bestCandidate({ name: "total_amount", type: "number" }, { ...ctx, found: new Map() });
        best = total ? { ...total, score: total.score * 0.6 } : null;
      }
      break;
    case "customer_name":
      best = findPartyBySection(ctx.lines, conceptByKey("customer_name")?.labels ?? [], conceptByKey("vendor_name")?.labels ?? []) ?? best;
      best ??= findCustomerByAddressWindow(ctx.lines);
      break;
    case "vendor_name": {
      const customer = ctx.found.get("customer_name");
      const section = findPartyBySection(ctx.lines, conceptByKey("vendor_name")?.labels ?? [], conceptByKey("customer_name")?.labels ?? []);
      const guess = findVendorName(ctx.lines, typeof customer?.value === "string" ? customer.value : null);
      best = section ?? (!best || (guess && guess.score > best.score) ? guess : best);
      break;
    }
    case "vendor_address": {
      const vendor = ctx.found.get("vendor_name") ?? findVendorName(ctx.lines, null);
      best = findAddressBelow(ctx.lines, vendor?.line ?? null) ?? best;
      break;
    }
  }
  if (best && field.type === "select" && field.options) best = constrainToOptions(best, field.options);
  if (best) ctx.found.set(key, best);
  return best;
}

/** A select value must be one of its options: the closest option by case-folded containment, else nothing. */
function constrainToOptions(candidate: Candidate, options: string[]): Candidate | null {
  const text = String(candidate.value).toLowerCase();
  const hit = options.find((o) => o.toLowerCase() === text) ?? options.find((o) => text.includes(o.toLowerCase()) || o.toLowerCase().includes(text));
  return hit ? { ...candidate, value: hit } : null;
}

function selectFromText(field: FieldDefinition, ctx: Context): Candidate | null {
  const options = field.options ?? [];
  const lower = ctx.fullText.toLowerCase();
  let best: { option: string; index: number } | null = null;
  for (const option of options) {
    const index = lower.indexOf(option.toLowerCase());
    if (index >= 0 && (!best || index < best.index)) best = { option, index };
  }
  if (!best) return null;
  const line = ctx.lines.find((l) => l.text.toLowerCase().includes(best.option.toLowerCase()));
  return line ? { value: best.option, score: 0.5, source: { page: line.page, ...line.box }, raw: best.option, line: line.index } : null;
}

/** Applies the net + tax = gross check to whichever of the three the parser asks for. */
function reconcile(fields: FieldDefinition[], picks: Map<string, Candidate | null>, ctx: Context): void {
  const byConcept = new Map<string, string>();
  for (const f of fields) {
    const key = resolveConcept(f)?.key;
    if (key && !byConcept.has(key)) byConcept.set(key, f.name);
  }
  const get = (key: string) => {
    const name = byConcept.get(key);
    return (name ? picks.get(name) : undefined) ?? (key === "total_amount" ? null : bestCandidate({ name: key, type: "number" }, { ...ctx, found: new Map() }));
  };
  const total = get("total_amount");
  if (!total || !byConcept.has("total_amount")) return;
  const result = reconcileTotals(ctx.lines, { subtotal: get("subtotal_amount"), tax: get("tax_amount"), total }, ctx.order);
  const set = (key: string, c: Candidate | null) => {
    const name = byConcept.get(key);
    if (name && c) picks.set(name, c);
  };
  set("subtotal_amount", result.subtotal);
  set("tax_amount", result.tax);
  set("total_amount", result.total);
}

/** Order matters: parties depend on each other (the vendor is never the customer), totals fall back on amount due. */
const DEPENDENCY_ORDER = ["customer_name", "vendor_name"];

export function extractScalarFields(model: PageModel, fields: FieldDefinition[]): Map<string, ScalarResult> {
  const lines = documentLines(model);
  const fullText = lines.map((l) => l.text).join("\n");
  const ctx: Context = { lines, order: detectDateOrder(fullText), fullText, found: new Map() };
  const ordered = [...fields].sort((a, b) => {
    const ia = DEPENDENCY_ORDER.indexOf(resolveConcept(a)?.key ?? "");
    const ib = DEPENDENCY_ORDER.indexOf(resolveConcept(b)?.key ?? "");
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  const out = new Map<string, ScalarResult>();
  const picks = new Map<string, Candidate | null>();
  for (const field of ordered) {
    if (field.type === "table") continue;
    let best = bestCandidate(field, ctx);
    if (!best && field.type === "select") best = selectFromText(field, ctx);
    picks.set(field.name, best);
  }
  reconcile(fields, picks, ctx);
  for (const field of ordered) {
    if (field.type === "table") continue;
    const best = picks.get(field.name) ?? null;
    if (!best) {
      out.set(field.name, { value: null, meta: { confidence: 0, source: null } });
      continue;
    }
    const value = typeof best.value === "number" && (field.type === "currency" || resolveConcept(field)?.kind === "amount") ? Number(formatAmount(best.value)) : best.value;
    out.set(field.name, { value, meta: { confidence: Math.round(Math.min(1, best.score) * 100) / 100, source: best.source, raw: best.raw } });
  }
  return out;
}

export { wordsSource };
