import { repairAddressText } from "../normalise/address-words";
import { formatAmount } from "../../normalise/amounts";
import { findDates } from "../../normalise/dates";
import { compactId, findIbans, findVatIds } from "../normalise/identifiers";
import type { FieldDefinition, PageModel, Scalar, SourceBox, TableMetadata, TableRow, ValueMetadata } from "../types";
import type { ValueKind } from "./concepts";
import type { FieldContext as Context } from "./context";
import { documentLines, linesOnPage, wordsSource, type DocLine } from "./document-lines";
import { dominantCurrency, dueDateInTerms, firstDate, firstPattern } from "./fallbacks";
import { applyRounding, checkAgainstTender, isTenderLine, paidAmount, roundingBelow, totalOfIncludedTax } from "./receipt-totals";
import { findLabelledCandidates, type Candidate } from "./find-labelled-value";
import { commaForStop, findAddressBelow } from "./vendor-address";
import { closeBracketSpaces } from "./bracket-spacing";
import { letterIOrEll, letterOForZero, postcodeLeadingB } from "./ocr-letter-slips";
import { conceptByKey } from "./concepts";
import { misreadName } from "./misread-name";
import { misreadShape } from "./misread-shapes";
import { hasDoubtfulLetters, NAME_LETTER_FLOORS, wordsInside } from "./doubtful-letters";
import { reconcileTotals } from "./reconcile-totals";
import { cleanName, findCustomerByAddressWindow, findCustomerByNameLabel, findPartyBySection, findVendorName, isNameLike, nameMatchesDomain, printedAsIssuer, withoutTrailingTaxId } from "./parties";
import { BUYER_BLOCK_HEADINGS, isFieldLabel, isPartyHeading } from "./party-headings";
import { addressBlockParty, partyBlockOf, stackedBlock, underBuyerIdLabel } from "./party-blocks";
import { fieldLabels, kindForType, resolveConcept } from "./resolve-concept";
import { arithmeticCheck, typeCheck, valueEvidence, type TotalsCheck } from "./value-evidence";
import { isKnownField, isNarrative, NarrativeReader, type GenericValue } from "./generic/generic-fields";
import { acroFormValue, checkboxValue, hasOptionBoxes } from "./generic/form-fields";
import { formLabels, valueBelowLabel } from "./generic/form-labels";
import { findLabelMatches } from "./label-matches";
import { detectField, detectLabelledDate, detectLoneDate } from "./detectors/detect";
import { detectLabelledText } from "./detectors/labelled-text";
import { fitsDetector, fitsFormAnswer } from "./detectors/fits";
import { detectDateOrder, localeOrder } from "./date-order";
import { withFormFieldLines } from "./detectors/form-lines";
import { chooseDetector, detectorOwns } from "./detectors/choose";
import { NUMERIC } from "./detectors/readers";
import { CJK_LEGAL_FORM, isHeadingText, lettersSetApart, partyName } from "./detectors/typed-values";
import { decide, fieldCandidates, NAME_FEATURE_NAMES, nameFieldCandidates, nameScorerFor, nameScorerSureAt, scorerFacts, scorerFor, scorerPolicy, type FieldCandidates } from "../scorer";
import { timed } from "../stage-timing";
import { decideRuledOut } from "../scorer/value-label";

const BUYER_CONTEXT = /\b(?:ihre|ihr|your|customer|client|kunden?|buyer|käufer|kaufer|votre|uw)\b/i;

/** One token mixing capitals or letters with digits ("CUST-00456", "AB12345"): an identifier, not a name. */
const IDENTIFIER_LIKE = /^(?=\S*\d)[\p{Lu}\d][\p{Lu}\d./_-]*$/u;

export type ScalarResult = { value: Scalar; meta: ValueMetadata };

/** Receives each amount or date field's candidates and the rule engine's pick (training reads them). */
export type ScorerObserver = (field: FieldDefinition, key: string, found: FieldCandidates) => void;

/** Asked by every amount field of a document: its whole text is scanned once. */
const usesDecimals = new WeakMap<Context, boolean>();

function documentUsesDecimals(ctx: Context): boolean {
  let uses = usesDecimals.get(ctx);
  if (uses === undefined) usesDecimals.set(ctx, (uses = (ctx.fullText.match(/\d[.,]\d{2}(?!\d)/g) ?? []).length >= 3));
  return uses;
}

/** Among total candidates the grand total is the largest amount: boost it so "Total" beats "Total" of a sub-block. */
function preferLargest(candidates: Candidate[]): Candidate[] {
  const max = Math.max(...candidates.map((c) => (typeof c.value === "number" ? c.value : -Infinity)));
  return candidates
    .map((c) => (c.value === max ? { ...c, score: c.score + 0.08 } : c))
    .sort((a, b) => b.score - a.score);
}

/**
 * "NET TOTAL : 45.00" or "SUBTOTAL 28.70" as the only total line of a receipt (the tax is included, no grand total
 * printed): the largest amount so labelled is what was paid.
 */
function onlySubtotal(ctx: Context): Candidate | null {
  const labelled = findLabelledCandidates(ctx.lines, "subtotal_amount", "amount", ctx.order).filter((c) => typeof c.value === "number" && c.value > 0 && /\d[.,]\d{2}(?!\d)/.test(c.raw));
  const best = preferLargest(labelled)[0];
  // A rounding line below it adjusts a total printed after it, which the reader lost: the subtotal is not that total.
  if (!best || roundingBelow(ctx.lines, best.line)) return null;
  return { ...best, score: best.score * 0.5, strategy: "derived" };
}

/**
 * An OCR'd address mended in turn: its words' known misreadings, a comma read for a stop, spaces inside brackets, then
 * letters and digits that look alike (O and 0, I and l, a postcode's B and 8).
 */
const OCR_ADDRESS_MENDS: ReadonlyArray<(text: string) => string> = [repairAddressText, commaForStop, closeBracketSpaces, letterOForZero, letterIOrEll, postcodeLeadingB];
const mendOcrAddress = (text: string): string => OCR_ADDRESS_MENDS.reduce((mended, mend) => mend(mended), text);

function bestCandidate(field: FieldDefinition, ctx: Context, otherLabels: ReadonlySet<string> = new Set(), otherKind = false): Candidate | null {
  // A field the vocabulary does not know ("effective_date", "policy_number") is found by its own labels and
  // their synonyms, not by the invoice concept a word of its name happens to share.
  const concept = isKnownField(field) ? resolveConcept(field) : null;
  const kind: ValueKind = concept?.kind ?? kindForType(field);
  const key = concept?.key ?? `field:${field.name}`;
  const extra = (concept ? fieldLabels(field) : formLabels(field)).map((label) => ({ concept: key, label }));
  let candidates: Candidate[] = findLabelledCandidates(ctx.lines, key, kind, ctx.order, concept ? [] : extra).map((c) => ({ ...c, strategy: "label" }));
  // On a form, the text right of an unknown field's label may be the next question's label, not an answer.
  if (!concept) {
    const answers = candidates.filter((c) => !otherLabels.has(normaliseLabel(c.raw)));
    const below = answers.length < candidates.length ? valueBelowLabel(ctx.lines, findLabelMatches(ctx.lines, key, extra), kind, ctx.order, otherLabels) : null;
    candidates = below ? [below, ...answers] : answers;
  }
  if (key.startsWith("vendor_")) {
    // The buyer's own ids ("Ihre USt-IdNr.", "Your VAT no.") are not the seller's.
    candidates = candidates.filter((c) => !BUYER_CONTEXT.test(ctx.lines[c.line]?.text ?? ""));
  }
  // The same "USt-IdNr.:" printed in the buyer's block as in the seller's: the block's heading says whose id it is.
  if (key === "vendor_vat_id") {
    const labelled = candidates.map((c) => String(c.value));
    candidates = sellerIdFirst(ctx, candidates.filter((c) => !inOtherPartyBlock(ctx, c) && !idOfAnotherParty(ctx, ctx.lines[c.line], c.value, labelled)));
  }
  if (kind === "name") {
    // Typed candidates: a name has a word of letters; "CUST-IE-001" right of "Customer Number:" is an identifier.
    // A date or a period ("January 1, 2024 - January 31, 2024") is not a name either.
    candidates = candidates.filter((c) => !IDENTIFIER_LIKE.test(String(c.value).trim()) && findDates(String(c.value), ctx.order).length === 0);
    // Right of a party's label may stand the next label ("N.º de factura", "Ordine d'acquisto:") or a heading: no name.
    candidates = candidates.map((c) => (typeof c.value === "string" ? { ...c, value: withoutTrailingTaxId(c.value) } : c));
    candidates = candidates.filter((c) => isNameLike(String(c.value)) && !isPartyHeading(String(c.value)) && !isFieldLabel(String(c.value)));
  }
  // Cash tendered is labelled like an amount ("Paid Amount") but is what was handed over, not what was owed.
  if (key === "total_amount") candidates = candidates.filter((c) => !isTenderLine(ctx.lines[c.line]?.text ?? ""));
  if (key === "total_amount" || key === "subtotal_amount") candidates = preferLargest(candidates);
  if (kind === "amount" && documentUsesDecimals(ctx)) {
    // Money in a document that prints cents always has them: a whole number next to "Total" is a count or a
    // misread, not the amount.
    candidates = candidates.filter((c) => /\d[.,]\d{2}(?!\d)/.test(c.raw));
  }
  let best = candidates[0] ?? null;
  switch (key) {
    case "invoice_date":
      // A receipt's one unlabelled date is its date; on a bill or statement of another kind the first date printed
      // alone is as often a reading's, a due date or a letter's, so only a label says which date it is.
      if (!otherKind) best ??= tagged(firstDate(ctx), "fallback");
      break;
    case "due_date":
      best ??= tagged(dueDateInTerms(ctx), "fallback");
      break;
    case "currency":
      best ??= tagged(dominantCurrency(ctx), "fallback");
      break;
    case "vendor_iban":
      best ??= tagged(firstPattern(ctx, findIbans), "fallback");
      break;
    case "vendor_vat_id":
      if (!undecidedVatIds.has(ctx.lines)) best ??= tagged(firstSellerVatId(ctx), "fallback");
      break;
    case "total_amount":
      // "Total due" / "Amount due" is the total when nothing else is labelled as one.
      best ??= ctx.found.get("amount_due") ?? findLabelledCandidates(ctx.lines, "amount_due", "amount", ctx.order)[0] ?? null;
      best ??= onlySubtotal(ctx);
      if (best) best = applyRounding(totalOfIncludedTax(best, ctx), ctx, candidates);
      // The amount equal to cash tendered minus change stands in for the total when no label agrees with it.
      best = tagged(checkAgainstTender(best, candidates, ctx), "arithmetic");
      break;
    case "subtotal_amount":
      // No tax printed anywhere (reverse charge, small business), or only a tax of 0: the net total is the total.
      if (!best && findLabelledCandidates(ctx.lines, "tax_amount", "amount", ctx.order).every((tax) => tax.value === 0)) {
        const total = bestCandidate({ name: "total_amount", type: "number" }, { ...ctx, found: new Map() });
        best = total ? { ...total, score: total.score * 0.5, strategy: "derived" } : null;
      }
      break;
    case "amount_due":
      // Without a separate "amount due" line the whole total is due (no prepayment printed).
      if (!best) {
        const total = bestCandidate({ name: "total_amount", type: "number" }, { ...ctx, found: new Map() });
        best = total ? { ...total, score: total.score * 0.6, strategy: "derived" } : null;
      }
      break;
    case "customer_name":
      best = findPartyBySection(ctx.lines, conceptByKey("customer_name")?.labels ?? [], conceptByKey("vendor_name")?.labels ?? []) ?? best;
      // "Nabywca", "Odběratel", "Customer Information" over the buyer's block: a heading of a language or form the
      // labels do not know, read only as a block's heading.
      best ??= findPartyBySection(ctx.lines, BUYER_BLOCK_HEADINGS, conceptByKey("vendor_name")?.labels ?? [], { beside: false, score: 0.75 });
      best ??= findCustomerByAddressWindow(ctx.lines);
      best ??= findCustomerByNameLabel(ctx.lines);
      // "Nabywca" over "Nazwa: Hymel Jadwiga": the line under a party's label may carry its own short label.
      if (best && typeof best.value === "string") best = { ...best, value: cleanName(best.value) };
      // The issuer's own name (its sender line's, its domain's) right of a label or under a heading is not the buyer.
      if (best && typeof best.value === "string" && printedAsIssuer(ctx.lines, best.value, best.line)) best = null;
      // "Je soussigné(e) Anne …, propriétaire du logement situé au …": a sentence's line is longer than any party's name.
      if (best && typeof best.value === "string" && best.value.length > LONGEST_NAME) best = null;
      break;
    case "vendor_name": {
      const customer = ctx.found.get("customer_name");
      const section = findPartyBySection(ctx.lines, conceptByKey("vendor_name")?.labels ?? [], conceptByKey("customer_name")?.labels ?? []);
      const guess = findVendorName(ctx.lines, typeof customer?.value === "string" ? customer.value : null);
      // A section heading ("Lieferant") can name a supplier of the goods; the name spelling the document's own
      // website or e-mail domain is the party that issued it.
      const issuer = guess && nameMatchesDomain(ctx.lines, String(guess.value)) ? guess : null;
      best = issuer ?? section ?? (!best || (guess && guess.score > best.score) ? guess : best);
      if (best && typeof best.value === "string" && readByOcr(ctx, best.source.page) && misreadName(best.value)) best = null;
      // Letters the recogniser doubted in the words the name was read from make a misread likelier than not.
      if (best && typeof best.value === "string" && hasDoubtfulLetters(wordsInside(ctx.lines, best.source.page, best.source), best.value, NAME_LETTER_FLOORS)) best = null;
      if (best && typeof best.value === "string" && readByOcr(ctx, best.source.page)) best = { ...best, value: closeBracketSpaces(best.value) };
      break;
    }
    case "vendor_address": {
      const vendor = ctx.found.get("vendor_name") ?? findVendorName(ctx.lines, null);
      // A labelled value is the address only in an address's shape ("GST No." under a misread "Address" is none).
      best = findAddressBelow(ctx.lines, vendor?.line ?? null, typeof vendor?.value === "string" ? vendor.value : null) ?? (best && typeCheck("address", best.value, best.raw) ? best : null);
      if (best && typeof best.value === "string" && readByOcr(ctx, best.source.page)) best = { ...best, value: mendOcrAddress(best.value) };
      break;
    }
  }
  // Whichever finder read it, an OCR'd name or address shaped as no printed one is (a time in an address, a letter
  // in a postcode, a name all in lower case) is a misreading: left empty.
  if (best && (key === "vendor_name" || key === "vendor_address") && typeof best.value === "string" && readByOcr(ctx, best.source.page) && misreadShape(best.value, key === "vendor_name" ? "name" : "address")) best = null;
  if (best && field.type === "select" && field.options) best = constrainToOptions(best, field.options);
  // Party finders (sections, letterheads, address windows) read the page's layout rather than a label.
  best = tagged(best, "layout");
  ctx.candidates?.set(key, candidates);
  if (best) ctx.found.set(key, best);
  return best;
}

/** Whether a candidate's label stands under the heading of a block of another party than the seller. */
function inOtherPartyBlock(ctx: Context, candidate: Candidate): boolean {
  const line = ctx.lines[candidate.line];
  return line !== undefined && partyBlockOf(ctx.lines, line) === "other";
}

/** Whether a value's box lies on a line under the heading of another party's block than the seller's. */
function sourceInOtherPartyBlock(lines: DocLine[], source: SourceBox): boolean {
  const middle = source.y + source.h / 2;
  const line = linesOnPage(lines, source.page).find((l) => l.box.y <= middle && l.box.y + l.box.h >= middle && l.box.x <= source.x + 0.001 && l.box.x + l.box.w >= source.x);
  return line !== undefined && (partyBlockOf(lines, line) === "other" || underBuyerIdLabel(lines, line));
}

/** The first VAT id printed outside another party's block (an unlabelled id under "Käufer" is the buyer's). */
function firstSellerVatId(ctx: Context): Candidate | null {
  for (const line of ctx.lines) {
    const hit = findVatIds(line.text)[0];
    if (hit && partyBlockOf(ctx.lines, line) !== "other" && !underBuyerIdLabel(ctx.lines, line) && !idOfAnotherParty(ctx, line, hit.value, [])) return firstPattern({ ...ctx, lines: [line] }, findVatIds);
  }
  return null;
}

/**
 * Whether a VAT id's line says it is the seller's: under the seller's heading, in the seller's address block, or
 * printed with an IBAN (the issuer's payment details: "KVK 08113875, BTW 813941155B01, IBAN NL78 …").
 */
function sellerEvidence(ctx: Context, line: DocLine | undefined): boolean {
  if (!line) return false;
  if (partyBlockOf(ctx.lines, line) === "seller" || findIbans(line.text).length > 0) return true;
  const vendor = ctx.found.get("vendor_name");
  const seller = vendor && typeof vendor.value === "string" ? { line: vendor.line, value: vendor.value } : null;
  return addressBlockParty(ctx.lines, line, seller, null) === "seller";
}

/**
 * Two different VAT ids left after the buyer's are set aside: the one whose line says it is the seller's comes
 * first; when none says so, which is the seller's is a guess, and no id is given (a buyer's id at high confidence
 * is worse than none).
 */
function sellerIdFirst(ctx: Context, candidates: Candidate[]): Candidate[] {
  const values = new Set(candidates.map((c) => compactId(String(c.value))));
  if (values.size < 2) return candidates;
  const evidenced = candidates.filter((c) => sellerEvidence(ctx, ctx.lines[c.line]));
  const sides = new Set(evidenced.map((c) => compactId(String(c.value))));
  if (sides.size !== 1) {
    undecidedVatIds.add(ctx.lines);
    return [];
  }
  return [...evidenced, ...candidates.filter((c) => !evidenced.includes(c))];
}

/** Documents whose VAT ids sellerIdFirst could not tell apart: no fallback reader guesses one either. */
const undecidedVatIds = new WeakSet<DocLine[]>();

/** The different VAT ids the document prints, read once per document. */
const vatIdsOfLines = new WeakMap<DocLine[], ReadonlySet<string>>();

function printedVatIds(lines: DocLine[]): ReadonlySet<string> {
  let ids = vatIdsOfLines.get(lines);
  if (!ids) vatIdsOfLines.set(lines, (ids = new Set(lines.flatMap((l) => findVatIds(l.text).map((v) => v.value)))));
  return ids;
}

/**
 * Whether a VAT id's line stands in another party's address block than the seller's (addressBlockParty): the
 * block of the buyer's name found, or, when the document prints another VAT id too, an address block under another
 * name than the seller's. With a single id and no heading, label or name saying whose, it stays the seller's.
 */
function idOfAnotherParty(ctx: Context, line: DocLine | undefined, value: string | number, labelled: readonly string[]): boolean {
  if (!line) return false;
  const vendor = ctx.found.get("vendor_name");
  const customer = ctx.found.get("customer_name");
  const seller = vendor && typeof vendor.value === "string" ? { line: vendor.line, value: vendor.value } : null;
  const side = addressBlockParty(ctx.lines, line, seller, customer ?? null);
  if (side !== "other") return false;
  if (customer && stackedBlock(ctx.lines, line).some((l) => l.index === customer.line && l.box.y < line.box.y)) return true;
  const own = compactId(String(value));
  return [...printedVatIds(ctx.lines), ...labelled.map(compactId)].some((id) => id !== own);
}

/** The candidate with its strategy, unless it already names one. */
function tagged(candidate: Candidate | null, strategy: string): Candidate | null {
  return candidate && !candidate.strategy ? { ...candidate, strategy } : candidate;
}

function normaliseLabel(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, " ").trim();
}

/** OCR'd pages carry tesseract's confidences; a text layer's words are exact (confidence 1) and stay as printed. */
function readByOcr(ctx: Context, page: number): boolean {
  return ctx.lines.some((line) => line.page === page && line.words.some((word) => word.confidence < 1));
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
  return line ? { value: best.option, score: 0.5, strategy: "fallback", source: { page: line.page, ...line.box }, raw: best.option, line: line.index } : null;
}

/** Applies the net + tax = gross check to whichever of the three the parser asks for; returns the amounts checked. */
function reconcile(fields: FieldDefinition[], picks: Map<string, Candidate | null>, ctx: Context): TotalsCheck | null {
  const byConcept = new Map<string, string>();
  for (const f of fields) {
    const key = isKnownField(f) ? resolveConcept(f)?.key : undefined;
    if (key && !byConcept.has(key)) byConcept.set(key, f.name);
  }
  const get = (key: string) => {
    const name = byConcept.get(key);
    return (name ? picks.get(name) : undefined) ?? (key === "total_amount" ? null : bestCandidate({ name: key, type: "number" }, { ...ctx, found: new Map() }));
  };
  if (!byConcept.has("total_amount")) return null;
  const total = get("total_amount");
  // A total equal to cash tendered minus change is confirmed by what was paid: arithmetic does not override it.
  const paid = paidAmount(ctx);
  const totalConfirmed = paid !== null && total !== null && Math.abs(Number(total.value) - paid) < 0.005;
  const result = reconcileTotals(ctx.lines, { subtotal: get("subtotal_amount"), tax: get("tax_amount"), total }, ctx.order, { totalConfirmed });
  const set = (key: string, c: Candidate | null) => {
    const name = byConcept.get(key);
    if (!name || !c) return;
    // A value that arithmetic put in place of the labelled pick is the arithmetic's finding.
    const before = picks.get(name);
    picks.set(name, before && before.value === c.value && before.line === c.line ? c : { ...c, strategy: "arithmetic" });
  };
  set("subtotal_amount", result.subtotal);
  set("tax_amount", result.tax);
  // Unlike the parts, the total is set even when null: reconciliation drops a total no larger than its own tax.
  const name = byConcept.get("total_amount");
  if (name) {
    const before = picks.get(name);
    picks.set(name, !result.total || (before && before.value === result.total.value && before.line === result.total.line) ? result.total : { ...result.total, strategy: "arithmetic" });
  }
  const amount = (c: Candidate | null) => (c && typeof c.value === "number" ? c.value : null);
  return { subtotal: amount(result.subtotal), tax: amount(result.tax), total: amount(result.total), paid };
}

const NO_LABELS: ReadonlySet<string> = new Set();
/** The label reader's own score below which its value for a typed field is a guess. */
const WEAK_LABEL = 0.55;

/** Longer than a party's printed name: a sentence or a paragraph's line (the seller's finder stops at 60). */
const LONGEST_NAME = 80;

/** Order matters: parties depend on each other (the vendor is never the customer), totals fall back on amount due. */
const DEPENDENCY_ORDER = ["customer_name", "vendor_name"];

export function extractScalarFields(model: PageModel, fields: FieldDefinition[], observe?: ScorerObserver): Map<string, ScalarResult> {
  const { lines, fullText, order } = timed("fields › document lines", () => {
    const documentLinesRead = documentLines(model);
    const text = documentLinesRead.map((l) => l.text).join("\n");
    return { lines: documentLinesRead, fullText: text, order: detectDateOrder(text) };
  });
  const ctx: Context = { lines, order, fullText, found: new Map(), candidates: new Map() };
  const ordered = [...fields].sort((a, b) => {
    const ia = DEPENDENCY_ORDER.indexOf(resolveConcept(a)?.key ?? "");
    const ib = DEPENDENCY_ORDER.indexOf(resolveConcept(b)?.key ?? "");
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  const out = new Map<string, ScalarResult>();
  const picks = new Map<string, Candidate | null>();
  // Running text (contracts, letters): a field the vocabulary does not know is read from the sentence carrying its
  // description's cue words, and abstains otherwise; label guessing in prose returns clause fragments.
  const narrative = isNarrative(lines) ? new NarrativeReader(lines, localeOrder(lines, ctx.order)) : null;
  const generic = new Map<string, GenericValue | null>();
  const hasForm = model.pages.some((p) => (p.formFields?.length ?? 0) > 0);
  // The detectors read a fillable form's answers as if printed where their widgets stand.
  const detectorLines = hasForm ? withFormFieldLines(model, lines) : lines;
  // Each field's form labels, normalised once for the document rather than once per other field.
  const normalisedLabels = new Map<FieldDefinition, string[]>();
  const labelsOf = (f: FieldDefinition): string[] => {
    let labels = normalisedLabels.get(f);
    if (!labels) normalisedLabels.set(f, (labels = formLabels(f).map(normaliseLabel)));
    return labels;
  };
  // One field's finders: a form's answer, a typed detector, prose, then labels and layout (the pick kept in picks).
  // A parser asking for fields the invoice vocabulary does not know (a period, a routing number, a candidate's
  // skills) reads a document of another kind: the invoice reader's guesses for its known fields need more evidence.
  const otherKind = fields.some((f) => f.type !== "table" && (!isKnownField(f) || detectorOwns(f)));
  const findField = (field: FieldDefinition): void => {
    const unknown = !isKnownField(field);
    // A fillable form's own answer is exact; printed check boxes answer yes/no and option fields. A form field whose
    // label only half matches must still have the shape the field's detector asks for (a city line is no address).
    const acroForm = hasForm ? acroFormValue(field, model, lines, unknown ? localeOrder(detectorLines, ctx.order) : ctx.order) : null;
    const formAnswer = (acroForm && (!unknown || fitsFormAnswer(field, acroForm.value)) ? acroForm : null) ?? (field.type === "boolean" || field.type === "select" ? checkboxValue(field, detectorLines) : null);
    if (formAnswer) {
      generic.set(field.name, formAnswer);
      return;
    }
    // A field asking for a typed value (an e-mail, an EIN, a period's start, a person's name …) is read by its
    // detector first, on prose and forms alike; the detector abstains unless the evidence is clear.
    // "account_number" shares the IBAN concept's cue, but asks for what a US statement prints as its account number.
    const known = isKnownField(field) && !detectorOwns(field);
    // Only a field the vocabulary does not know reads the other fields' labels (bestCandidate).
    const otherLabels = isKnownField(field) && resolveConcept(field) ? NO_LABELS : new Set(fields.filter((f) => f !== field).flatMap((f) => labelsOf(f)));
    // In running text a label is trusted only with its value after its colon or right of it ("Date of Incident: …").
    const detected = known ? null : (detectField(field, detectorLines, ctx.order) ?? (narrative ? null : detectLabelledDate(field, detectorLines, ctx.order)));
    // Letters set apart ("OWNER ﻚ ﻟ ﺎ ﻤ ﻟ ا", a text layer of detached glyphs) are no answer.
    if (detected && !(typeof detected.value === "string" && lettersSetApart(detected.value))) {
      generic.set(field.name, detected);
      return;
    }
    // Running text: the sentence reader first; a labelled value ("Date of Incident: …", "Age: …") heading a report's
    // prose when no sentence answers.
    if (narrative && !known && field.type !== "boolean" && field.type !== "select") {
      generic.set(field.name, narrative.scalar(field) ?? detectLabelledDate(field, detectorLines, ctx.order, { strict: true }) ?? detectLabelledText(field, detectorLines, otherLabels) ?? detectLoneDate(field, detectorLines, ctx.order, { narrative: true }));
      return;
    }
    let best = bestCandidate(field, ctx, otherLabels, otherKind);
    // The invoice reader's letterhead guess for a company field must still read as a name: not a heading
    // ("COMPANY DATA"), not letters set apart; a Chinese name ends with its legal form, not with the title after it.
    if (best && known && best.strategy === "layout" && typeof best.value === "string" && chooseDetector(field) === "organisation") {
      const cjk = CJK_LEGAL_FORM.exec(best.value.trim())?.[1];
      best = isHeadingText(best.value) ? null : cjk ? { ...best, value: cjk } : best;
    }
    // On a document of another kind, the invoice reader's customer or supplier must read as a person's or a company's
    // name: a street line under the name ("1600 SW Baldwin Rd Prineville OR"), a notice's sentence or a "label: value"
    // line is none; a name with its address run on after a comma keeps the name ("CRE 1000 WILSHIRE LLC, 1000 …").
    if (best && known && otherKind && typeof best.value === "string" && resolveConcept(field)?.kind === "name") {
      const name = partyName(best.value);
      best = name ? { ...best, value: name } : null;
    }
    // Letters set apart ("ﺞ ﺘ ﻨ ﻤ ﻟ ا", a text layer of detached glyphs) are no answer to a form's question.
    if (best && !known && typeof best.value === "string" && lettersSetApart(best.value)) best = null;
    if (!best && field.type === "select" && !hasOptionBoxes(field, detectorLines)) best = selectFromText(field, ctx);
    // An unknown field's label reading must have the shape its detector asks for ("if different from above" is no name).
    if (best && !known && !fitsDetector(field, best.value, best.raw)) best = null;
    // A number-like field its detector left empty takes the label reader's value only on a label that matched well: a half
    // match ("Balance" in a transaction table for "Balance at the end of the period") is calibrated far too sure.
    const kind = chooseDetector(field);
    if (best && !known && kind !== null && NUMERIC.has(kind) && best.score < WEAK_LABEL) best = null;
    // Nothing found: a claimed field's own detector (an "account number" no IBAN reader takes), or a lone date.
    // On a parser of another kind a claimed field the invoice reader left empty ("street", "postal_code" of an
    // applicant's address on a form) may still be labelled text.
    const fallback = best ? null : known ? (detectField(field, detectorLines, ctx.order, { known: true }) ?? (otherKind ? detectLabelledText(field, detectorLines, otherLabels) : null)) : (detectLoneDate(field, detectorLines, ctx.order) ?? detectLabelledText(field, detectorLines, otherLabels));
    // A seller's id the detector read in the buyer's block is the buyer's.
    if (fallback && resolveConcept(field)?.key === "vendor_vat_id" && ((fallback.source && sourceInOtherPartyBlock(lines, fallback.source)) || undecidedVatIds.has(lines))) {
      picks.set(field.name, null);
      return;
    }
    if (fallback && !(typeof fallback.value === "string" && lettersSetApart(fallback.value))) {
      generic.set(field.name, fallback);
      return;
    }
    picks.set(field.name, best);
  };
  for (const field of ordered) if (field.type !== "table") timed(`fields › ${field.name}`, () => findField(field));
  const totals = timed("fields › reconcile totals", () => reconcile(fields, picks, ctx));
  let facts: ReturnType<typeof scorerFacts> | null = null;
  for (const field of ordered) {
    if (field.type === "table") continue;
    if (generic.has(field.name)) {
      out.set(field.name, genericResult(generic.get(field.name) ?? null, kindForType(field)));
      continue;
    }
    // Amounts and dates of known concepts: the rules' pick is one feature; a trained scorer chooses among every
    // amount or date on the page, or abstains (lib/extraction/scorer).
    const known = isKnownField(field) ? resolveConcept(field) : null;
    // The seller's name: a trained scorer may choose among the header's lines (the rules' pick one feature of many).
    const nameScorer = known?.key === "vendor_name" && !otherKind ? nameScorerFor(known.key) : null;
    if (known?.key === "vendor_name" && !otherKind && (nameScorer || observe)) {
      const found = timed("scorer", () => nameFieldCandidates(lines, picks.get(field.name) ?? null));
      observe?.(field, known.key, found);
      if (nameScorer) {
        const decision = timed("scorer", () => decide(nameScorer, found, NAME_FEATURE_NAMES));
        // A tie-break: the rules' name stands unless the model is sure of another one (or of one where they found none).
        const sureAt = nameScorerSureAt();
        const rulePick = picks.get(field.name) ?? null;
        const overrules = sureAt === null || (decision !== null && decision.confidence >= sureAt && decision.value !== rulePick?.value);
        if (overrules) {
          if (!decision) out.set(field.name, { value: null, meta: { confidence: 0, source: null } });
          else out.set(field.name, { value: decision.value, meta: { confidence: decision.confidence, source: decision.source, raw: decision.raw, evidence: { strategy: "scorer", score: decision.confidence, kind: "name" } } });
          continue;
        }
      }
    }
    const scoredKind = known?.kind === "amount" || known?.kind === "date" ? known.kind : null;
    // The scorer learned invoices and receipts: on a parser of another kind (a utility bill's "bill date") the dates and
    // amounts it would weigh are other things (a meter reading's date), so the rules, with that kind's cautions, decide.
    const scorer = known && scoredKind && !otherKind ? scorerFor(known.key) : null;
    if (known && scoredKind && (scorer || observe)) {
      const found = timed("scorer", () => {
        facts ??= scorerFacts(lines);
        return fieldCandidates(facts, ctx.order, scoredKind, { key: known.key, name: field.name, description: field.description }, picks.get(field.name) ?? null);
      });
      observe?.(field, known.key, found);
      // Under the "fill" policy a field the rules found keeps their pick and its confidence (below).
      if (scorer && facts && !(scorerPolicy() === "fill" && picks.get(field.name))) {
        const decision = timed("scorer", () => decideRuledOut(scorer, facts!, known.key, found));
        const value = decision && typeof decision.value === "number" ? Number(formatAmount(decision.value)) : (decision?.value ?? null);
        if (!decision || value === null) {
          out.set(field.name, { value: null, meta: { confidence: 0, source: null } });
          continue;
        }
        // The scorer's value is checked against the other totals as the rules' is (its own total in the sum): the
        // confidence stage caps a total that net + tax contradict like any other (confidence/model.ts).
        const withOwnTotal = totals && known.key === "total_amount" ? { ...totals, total: Number(value) } : totals;
        const arithmetic = arithmeticCheck(known.key, value, withOwnTotal) === -1 ? -1 : decision.arithmetic;
        const evidence = { strategy: "scorer", score: decision.confidence, kind: scoredKind, arithmetic } as const;
        out.set(field.name, { value, meta: { confidence: decision.confidence, source: decision.source, raw: decision.raw, evidence } });
        continue;
      }
    }
    const best = picks.get(field.name) ?? null;
    if (!best) {
      out.set(field.name, { value: null, meta: { confidence: 0, source: null } });
      continue;
    }
    const value = typeof best.value === "number" && (field.type === "currency" || resolveConcept(field)?.kind === "amount") ? Number(formatAmount(best.value)) : best.value;
    const concept = isKnownField(field) ? resolveConcept(field) : null;
    const evidence = valueEvidence(best, { kind: concept?.kind ?? kindForType(field), key: concept?.key ?? `field:${field.name}`, candidates: ctx.candidates?.get(concept?.key ?? `field:${field.name}`) ?? [], totals });
    out.set(field.name, { value, meta: { confidence: Math.round(Math.min(1, best.score) * 100) / 100, source: best.source, raw: best.raw, evidence: concept ? evidence : { ...evidence, strategy: "form-label", match: Math.min(1, best.score) } } });
  }
  return out;
}

/** A form's or a sentence's value, with the evidence the calibration reads: its own score and the field's kind. */
function genericResult(found: GenericValue | null, kind: ValueKind): ScalarResult {
  if (!found) return { value: null, meta: { confidence: 0, source: null } };
  const evidence = found.evidence ? { score: found.confidence, kind, ...found.evidence } : undefined;
  return { value: found.value, meta: { confidence: found.confidence, source: found.source, raw: found.raw, evidence } };
}

/**
 * A one-column table field in running text ("parties": party) collects every occurrence from the sentence that
 * introduces them; null when the document is not prose or the table is a grid, so the line-item reader takes it.
 */
export function extractNarrativeTable(model: PageModel, field: FieldDefinition): { rows: TableRow[]; meta: TableMetadata } | null {
  if ((field.columns?.length ?? 0) !== 1) return null;
  const lines = documentLines(model);
  if (!isNarrative(lines)) return null;
  const found = new NarrativeReader(lines, detectDateOrder(lines.map((l) => l.text).join("\n"))).table(field);
  const rows = found.map((f) => ({ [f.column]: f.value.value }));
  const metaRows = found.map((f) => ({ [f.column]: genericResult(f.value, "text").meta }));
  const confidence = found.length > 0 ? Math.min(...found.map((f) => f.value.confidence)) : 0;
  return { rows, meta: { confidence, source: found[0]?.value.source ?? null, rows: metaRows } };
}

export { wordsSource };
