import { CURRENCY_CODE } from "../../normalise/amounts";
import type { DateOrder } from "../../normalise/dates";
import type { SourceBox, Word } from "../types";
import { COLUMN_CONCEPTS } from "./column-concepts";
import { CONCEPTS, type ValueKind } from "./concepts";
import { docLinesByPage, sameRow, wordsSource, type DocLine } from "./document-lines";
import { findLabelMatches, type LabelMatch } from "./label-matches";
import { readValue } from "./read-value";
import { insideSentence } from "./sentence-words";
import { tokenise } from "./text-tokens";
import { memoPerOwner, memoPerOwnerAndKey } from "./memo";

/** `strategy` names how a candidate was found (see ValueEvidence): "label" for a value beside its label. */
export type Candidate = { value: string | number; score: number; source: SourceBox; raw: string; line: number; strategy?: string };

/** Where a value sits relative to its label, and how much that position is trusted. */
const SAME_LINE = 1;
const RIGHT_OF = 0.9;
const BELOW = 0.7;
/** A gross price named by the tax it includes, standing in for a total label. */
const GROSS_PRICE = 0.6;

/** Words with a letter, per line: every concept's labels on a line ask for it. */
const letterWordCount = memoPerOwner<DocLine, number>();

function letterWords(line: DocLine): number {
  return letterWordCount(line, () => line.words.filter((w) => /\p{L}/u.test(w.text)).length);
}

function labelQuality(match: LabelMatch): number {
  const specificity = Math.min(1, 0.55 + 0.2 * match.length);
  const atStart = match.start === 0 ? 1 : 0.85;
  // A label that is the whole phrase ("Steuerbetrag" | "20,16") is stronger than one inside a sentence.
  const words = letterWords(match.line);
  const coverage = Math.min(1, match.length / Math.max(1, words));
  return specificity * atStart * (0.75 + 0.25 * coverage);
}

/** A currency standing alone: a code ("RM", "EUR"), a sign, or a mark that is no code ("S/", "R$", "Kč", "kr."). */
const CURRENCY_ONLY = new RegExp(`^(?:${CURRENCY_CODE}\\.?|[$€£¥]|S\\/\\.?|R\\$|Bs\\.?|Q\\.?|Kč|zł|kr\\.?|[₹₫₺₦₱₩₪฿])$`, "iu");
/** An operator or colon set in a column of its own: "(=)", ":", "x". */
const SIGN_ONLY = /^[([]?[=+\-−–:×x][)\]]?$/;

/** Right-hand phrases up to the next text-only phrase (the next label of a key/value row). */
function valueRun(right: readonly DocLine[]): DocLine[] {
  const run: DocLine[] = [];
  for (const line of right) {
    // "Total | RM | 100.00", "GRAVADA | S/ | 211.86", "TOTAL | (=) | $32.328": a currency or an operator set apart from
    // its amount stands between a totals label and the amount; it is no label.
    const text = line.text.trim();
    if (CURRENCY_ONLY.test(text) || SIGN_ONLY.test(text)) continue;
    if (!/\d/.test(line.text)) break;
    run.push(line);
  }
  return run;
}

/** The lines of one page: neighbour searches stay within one page. */
function samePage(lines: DocLine[], page: number): readonly DocLine[] {
  return docLinesByPage(lines).get(page) ?? [];
}

/** A value set in larger type than its label (a receipt's total) stands taller than the label's row. */
const TALL_VALUE = 1.5;

/**
 * "343.95" printed twice as tall as "NET TOTAL" beside it: their centres lie further apart than one row allows, but
 * the taller value's box spans the label's middle.
 */
function tallBeside(value: DocLine, label: DocLine): boolean {
  const middle = label.box.y + label.box.h / 2;
  return value.box.h >= label.box.h * TALL_VALUE && value.box.y < middle && value.box.y + value.box.h > middle;
}

/** Lines right of each labelled line, per document: every concept whose label sits on a line asks again. */
const rightOf = memoPerOwnerAndKey<DocLine[], number, readonly DocLine[]>();

/** Lines to the right of the label on the same row, nearest first. */
function linesRightOf(lines: DocLine[], line: DocLine): readonly DocLine[] {
  return rightOf(lines, line.index, () =>
    samePage(lines, line.page)
      .filter((l) => l.index !== line.index && l.box.x >= line.box.x + line.box.w - 0.005 && (sameRow(l.box, line.box) || tallBeside(l, line)))
      .sort((a, b) => a.box.x - b.box.x)
      .slice(0, 4),
  );
}

/** The nearest line under the label that overlaps it horizontally, within about two line heights. */
function lineBelow(lines: DocLine[], line: DocLine, labelBox: { x: number; w: number }): DocLine | undefined {
  const maxGap = line.box.h * 2.5;
  return samePage(lines, line.page)
    .filter((l) => {
      if (l.index === line.index) return false;
      const gap = l.box.y - (line.box.y + line.box.h);
      if (gap < -line.box.h * 0.2 || gap > maxGap) return false;
      const overlap = Math.min(l.box.x + l.box.w, labelBox.x + labelBox.w) - Math.max(l.box.x, labelBox.x);
      return overlap > 0 || Math.abs(l.box.x - labelBox.x) < 0.02;
    })
    .sort((a, b) => a.box.y - b.box.y)[0];
}

/** One-word headings of the item columns no totals grid has: quantity, unit price, description. */
const ITEM_HEADINGS: ReadonlySet<string> = new Set(
  COLUMN_CONCEPTS.filter((c) => c.key === "quantity" || c.key === "unit_price" || c.key === "description")
    .flatMap((c) => c.labels)
    .map((label) => tokenise(label))
    .filter((tokens) => tokens.length === 1)
    .map((tokens) => tokens[0]!),
);

/** Whether a label's row is the heading of an item table ("QTY ITEM … AMOUNT", "Qty S/Price Amount Tax"). */
function itemTableHeading(lines: DocLine[], line: DocLine): boolean {
  return samePage(lines, line.page).some((l) => sameRow(l.box, line.box) && l.tokens.some((t) => ITEM_HEADINGS.has(t)));
}

/** A totals grid prints per-rate rows under each heading and the grand total last: walks down the column. */
function walkDown(lines: DocLine[], below: DocLine, labelBox: { x: number; w: number }, order: DateOrder): DocLine {
  let last = below;
  for (let k = 0; k < 6; k += 1) {
    const next = lineBelow(lines, last, { x: labelBox.x, w: labelBox.w });
    if (!next || !readValue("amount", next.words, order) || /\p{L}{3,}/u.test(next.text)) break;
    last = next;
  }
  return last;
}

/** Candidates per document and built-in concept: totals reconciliation and fallbacks ask for the same ones again. */
const builtInCandidates = memoPerOwnerAndKey<DocLine[], string, readonly Candidate[]>();
const AMOUNT_CONCEPTS: ReadonlySet<string> = new Set(CONCEPTS.filter((c) => c.kind === "amount").map((c) => c.key));
const NO_CONCEPTS: ReadonlySet<string> = new Set();

export function findLabelledCandidates(
  lines: DocLine[],
  concept: string,
  kind: ValueKind,
  order: DateOrder,
  extraLabels: Array<{ concept: string; label: string }> = [],
): Candidate[] {
  if (extraLabels.length > 0) return labelledCandidates(lines, concept, kind, order, extraLabels);
  const key = `${concept}\u0000${kind}\u0000${order}`;
  return [
    ...builtInCandidates(lines, key, () => {
      const found = labelledCandidates(lines, concept, kind, order, []);
      // No label names the invoice's number: a bare number sign starting a phrase ("N°: 617", "Número:" over it).
      if (concept === "invoice_number" && found.length === 0) return labelledCandidates(lines, concept, kind, order, BARE_NUMBER_LABELS);
      // A net total below the subtotal or the tax is the amount after them, not the subtotal (see netTotalCandidates).
      if (concept !== "subtotal_amount") return found;
      const after = netTotalsAfterParts(lines);
      return found.filter((c) => !after.has(c.line));
    }),
  ];
}

/** "Ohne MwSt.", "excl. VAT", "hors TVA": the tax word names what a price leaves out, not a tax amount. */
const LEAVES_OUT = /^(?:ohne|without|excl\.?|exkl\.?|excluding|exclusive|before|hors|zonder|exclusief|sin)$/i;

/** Whether the word before the label, on its line or at the end of the line just above it, is a "without". */
function leftOut(lines: DocLine[], match: LabelMatch): boolean {
  const before = match.line.words[match.start - 1];
  if (before) return LEAVES_OUT.test(before.text);
  const line = match.line;
  const above = samePage(lines, line.page).find((l) => {
    const gap = line.box.y - (l.box.y + l.box.h);
    const overlap = Math.min(l.box.x + l.box.w, line.box.x + line.box.w) - Math.max(l.box.x, line.box.x);
    return l.index !== line.index && gap >= -line.box.h * 0.2 && gap < line.box.h * 0.8 && overlap > 0;
  });
  const last = above?.words[above.words.length - 1];
  return last !== undefined && LEAVES_OUT.test(last.text);
}

/** "inkl.", "incl. VAT", "inclusive of GST", "y compris la TVA": the tax word names what a price contains. */
const INCLUDES = /^(?:incl|inkl|inc|inklusive|inclusive|including|includes|einschl|einschlie(?:ss|ß)lich|inclusief|incluido|incluida|inclus|compris)\.?$/i;
/** A tax rate between "inklusive" and the tax word: "inklusive 19 % Versicherungsteuer", "incl. 6% GST", "@6%". */
const RATE_WORD = /^[@(]?\d{1,2}(?:[.,]\d{1,2})?\s?%?\)?$|^[@%()]$|^of$/i;

/**
 * Whether a tax label names the tax a price includes, with that price's own name in front: "Beitrag inklusive 19 %
 * Versicherungsteuer 220,00", "Total Inc. GST 758.70". The amount is the gross price, not the tax. A line that starts
 * with the inclusion ("inkl. 19 % MwSt. 3,19", "incl. VAT 1.60") does print the tax contained.
 */
function namesGrossPrice(match: LabelMatch): boolean {
  let i = match.start - 1;
  const words = match.line.words;
  while (i >= 0 && RATE_WORD.test(words[i]!.text)) i -= 1;
  if (i < 1 || !INCLUDES.test(words[i]!.text)) return false;
  return words.slice(0, i).some((w) => /\p{L}{2,}/u.test(w.text));
}

/**
 * Gross prices named by the tax they include ("Beitrag inklusive 19 % Versicherungsteuer 220,00"): total candidates
 * weaker than a total label. Only amounts with decimals on the label's row count: a heading "Price incl. VAT" has
 * its prices below it, and "Contoso Inc. VAT No. 123456789" prints an id.
 */
function grossPriceCandidates(lines: DocLine[], order: DateOrder): Candidate[] {
  const out: Candidate[] = [];
  for (const match of findLabelMatches(lines, "tax_amount", [], AMOUNT_CONCEPTS)) {
    if (!namesGrossPrice(match)) continue;
    const line = match.line;
    const run = valueRun(linesRightOf(lines, line));
    for (const words of [run.flatMap((l) => l.words), line.words.slice(match.end)]) {
      const read = readValue("amount", words, order);
      if (!read || read.quality < 1) continue;
      out.push({ value: read.value, score: labelQuality(match) * GROSS_PRICE, source: wordsSource(line.page, read.words), raw: read.words.map((w) => w.text).join(" "), line: line.index });
      break;
    }
  }
  return out;
}

/** Lines above a "Net Total" that are looked at for the subtotal or tax it comes after: a receipt's totals block. */
const TOTALS_BLOCK_LINES = 8;

/**
 * "SubTotal 179.00 / GST 10.74 / Rounding 0.01 / Net Total 189.75": a net total printed below a subtotal or a tax
 * line is what remains after them (receipts use it for the amount paid), so it is a total candidate. Above any
 * subtotal or tax line it is the net of an invoice and stays a subtotal only.
 */
function netTotalCandidates(lines: DocLine[], order: DateOrder): Candidate[] {
  const after = netTotalsAfterParts(lines);
  if (after.size === 0) return [];
  return labelledCandidates(lines, "subtotal_amount", "amount", order, []).filter((c) => after.has(c.line));
}

/** The lines labelled "Net Total" that stand below a subtotal or tax line of their totals block (once per document). */
const netTotalsOf = memoPerOwner<DocLine[], Set<number>>();

function netTotalsAfterParts(lines: DocLine[]): Set<number> {
  return netTotalsOf(lines, () => findNetTotalsAfterParts(lines));
}

function findNetTotalsAfterParts(lines: DocLine[]): Set<number> {
  const matches = findLabelMatches(lines, "subtotal_amount", [], AMOUNT_CONCEPTS);
  const nets = matches.filter((m) => m.label === "net total");
  if (nets.length === 0) return new Set();
  const parts = [...matches.filter((m) => m.label !== "net total"), ...findLabelMatches(lines, "tax_amount", [], AMOUNT_CONCEPTS)];
  const below = (m: LabelMatch, part: LabelMatch) => part.line.page === m.line.page && part.line.index < m.line.index && m.line.index - part.line.index <= TOTALS_BLOCK_LINES;
  return new Set(nets.filter((m) => parts.some((part) => below(m, part))).map((m) => m.line.index));
}

/** The document's own name used as its number's label: "Invoice 4235", "Rechnung Nr.", "Facture". */
const DOCUMENT_NAMES: ReadonlySet<string> = new Set(["invoice", "rechnung", "facture", "factuur", "factura", "fattura", "faktura", "gutschrift", "avoir"]);
/** Small words that join a number sign to the document's name ("N° de facture", "Numero di fattura"). */
const LABEL_JOINERS = /^(?:de|di|du|del|della|da|van|of)$/i;

/**
 * "freier Text zur Rechnung BT-22", "see the invoice 2 below": the document's name after a lower-case word of a
 * sentence mentions the document; it labels no number.
 */
function mentionedInSentence(match: LabelMatch): boolean {
  if (match.length !== 1 || !DOCUMENT_NAMES.has(match.label)) return false;
  const before = match.line.words[match.start - 1]?.text ?? "";
  return /^\p{Ll}+$/u.test(before) && !LABEL_JOINERS.test(before);
}

/**
 * "Factura crema 2 1500", "Rechnung des Versicherers (575) Nr. …": the document's name followed by a lower-case word
 * starts a phrase (an item's description, a title); a number on that line may belong to the phrase, but one right of
 * it or under it (a quantity, a price) does not belong to the label.
 */
function startsPhrase(match: LabelMatch): boolean {
  if (match.length !== 1 || !DOCUMENT_NAMES.has(match.label)) return false;
  return /^\p{Ll}+$/u.test(match.line.words[match.end]?.text ?? "");
}

/** A word that is itself a label ("Muistutusmaksu:", "Date:"), not a currency code before an amount ("EUR:"). */
const COLON_LABEL = /^\p{L}[\p{L}.\-]*[:：]$/u;
const CURRENCY_LABEL = new RegExp(`^(?:${CURRENCY_CODE})[:：]$`, "iu");

/**
 * Where the words after a label reach another label: "14 pv netto Muistutusmaksu: 5,00" prints the reminder fee after
 * its own label, not a net amount after "netto". The index of that label word in `rest`, or -1.
 */
function nextLabelAt(rest: readonly DocLine["words"][number][]): number {
  return rest.findIndex((w) => COLON_LABEL.test(w.text) && !CURRENCY_LABEL.test(w.text));
}

/** Right-hand lines up to the first that starts with its own label ("Due 30 days | Invoice date: 12.01.2024"). */
function untilLabelled(right: readonly DocLine[], typed: boolean): readonly DocLine[] {
  if (!typed) return right;
  const at = right.findIndex((l) => nextLabelAt(l.words) >= 0);
  return at < 0 ? right : right.slice(0, at);
}

/** A word that makes the label after it one of an amount ("Total Factura", "Importe Rechnung"). */
const TOTAL_BEFORE = /^(?:total|totale|totaal|subtotal|importe|importo|montant|betrag|summe|gesamt|amount|valor|sum)[:：]?$/iu;

/** A phone, fax or mobile label ("Fax.", "Tel:", "Tlfno:", "Teléfono"): the number after it is a phone number. */
const PHONE_LABEL = /^(?:fax|tel|tél|tlf|tlfno|telf|phone|ph|fon|telefon|telefone|teléfono|telefono|telefonos|teléfonos|mobile|mob|móvil|movil|cel|celular|handy|whatsapp)\.?[:：]?$/iu;

/** Whether the value read stands right after a phone label among the words it was read from. */
export function afterPhoneLabel(words: readonly Word[], read: readonly Word[]): boolean {
  const at = read[0] ? words.indexOf(read[0]) : -1;
  const before = at > 0 ? words[at - 1] : undefined;
  return before !== undefined && PHONE_LABEL.test(before.text);
}

/** Words that turn a party label into the label of one of its identifiers. */
const IDENTIFIER_NOUN = /^(?:number|no|nr|num|numero|numéro|nummer|id|ref|reference|référence|code|vat|tva|account|konto)\.?[:：]?$/i;
/** A label's token naming a number: "no", "nr", "number", "numéro", "#", "số" ("N°" and "Nº" fold to "no"). */
// A compound that ends in its number's noun ("Rechnungsnummer", "factuurnummer", "laskunumero", "fakturanr") and a
// label's "ID" ("Invoice ID") name the number as much as "No." does.
const NUMBER_WORD = /^(?:no|nr|nro|num|number|numero|nummer|numer|n|so|id|#|\p{L}+#|(?:invoice|receipt|bill)(?:no|nr|number)|\p{L}{3,}(?:nummer|numero|numer|nr))$/u;
/**
 * Number signs and words that label the invoice's number on pages that print no "Invoice No." ("N°: 617", "No.:
 * 123456789", "#: ADO1098", "Número:" over "FAT309203", "Number 12345"). Asked only when no label of the number is
 * found, and only as the first word of a phrase; counted 0.8 of a label that names the invoice.
 */
const BARE_SIGNS = new Set(["no", "nr", "#", "numero", "number", "nummer"]);
const BARE_NUMBER_LABELS: Array<{ concept: string; label: string }> = [...BARE_SIGNS].map((label) => ({ concept: "invoice_number", label }));
const BARE_READ = 0.8;
/** How far down the first page a bare sign may stand: the header's upper half. */
const BARE_TOP = 0.5;
/** A sign whose colon ends it or stands next: "N°:", "No. :", "#:". */
function bareColon(match: LabelMatch): boolean {
  const last = match.line.words[match.end - 1]?.text ?? "";
  return /[:：]$/.test(last) || /^[:：]/.test(match.line.words[match.end]?.text ?? "");
}
/**
 * The bare sign starts its phrase, the phrase holds nothing before it, and it has its colon, or (a number word, not a
 * sign) the number follows it in the phrase.
 */
function bareLabelStands(match: LabelMatch): boolean {
  if (match.start !== 0) return false;
  if (bareColon(match)) return true;
  return /^(?:numero|number|nummer)$/.test(match.label) && /\d/.test(match.line.words[match.end]?.text ?? "");
}
/** Beyond this share of the page's width right of a label without a colon, a line is not its name. */
const FAR_RIGHT = 0.15;
/** "CUSTOMER ADDRESS", "Kundenanschrift": a party's word before an address noun heads the party's address block. */
const ADDRESS_NOUN = /^(?:address|adresse|anschrift|adres|direccion|dirección|indirizzo|endereco|endereço)\.?[:：]?$/i;

function labelledCandidates(
  lines: DocLine[],
  concept: string,
  kind: ValueKind,
  order: DateOrder,
  extraLabels: Array<{ concept: string; label: string }>,
): Candidate[] {
  const out: Candidate[] = [];
  for (const match of findLabelMatches(lines, concept, extraLabels, kind === "amount" ? AMOUNT_CONCEPTS : NO_CONCEPTS)) {
    const bare = concept === "invoice_number" && extraLabels === BARE_NUMBER_LABELS && BARE_SIGNS.has(match.label);
    // The header's number: on the first page, in its upper half (a bare "Nr.:" lower down is a position's or a note's).
    if (bare && (!bareLabelStands(match) || match.line.page !== lines[0]?.page || match.line.box.y >= BARE_TOP)) continue;
    if (concept === "tax_amount" && (leftOut(lines, match) || namesGrossPrice(match))) continue;
    if (concept === "invoice_number" && mentionedInSentence(match)) continue;
    // "Total Factura", "Importe factura": a heading of the invoice's total, not of its number.
    if (concept === "invoice_number" && TOTAL_BEFORE.test(match.line.words[match.start - 1]?.text ?? "")) continue;
    const quality = labelQuality(match) * (bare ? BARE_READ : 1);
    const line = match.line;
    const labelEnd = line.words[match.end - 1]?.text ?? "";
    const nextWord = line.words[match.end]?.text ?? "";
    // Label geometry: "Customer Number:", "Référence Client" name one of the party's identifiers, not the party.
    if (kind === "name" && (IDENTIFIER_NOUN.test(nextWord) || IDENTIFIER_NOUN.test(line.words[match.start - 1]?.text ?? ""))) continue;
    // A party's word alone on its line between a sentence's words ("EL | CLIENTE | ACEPTA …") labels nothing.
    if (kind === "name" && match.start === 0 && match.end === line.words.length && insideSentence(lines, line)) continue;
    // Names follow their label only after a colon ("Seller: ACME Ltd"); "Lieferant GmbH" is a name, not a label.
    const explicit = /[:：]$/.test(labelEnd) || /^[:：]/.test(nextWord);
    const after = (kind === "name" || kind === "address") && !explicit ? [] : line.words.slice(match.end);
    // Values after another label on the label's own line, and right of it, are that label's.
    const typed = kind === "amount" || kind === "date" || kind === "id";
    // "Bestellung Nr. Kunde:" is one label whose colon ends the line's phrase, not a second label after the first.
    const colonAt = typed ? nextLabelAt(after) : -1;
    const otherLabel = colonAt >= 0 && !(match.start === 0 && colonAt === after.length - 1) ? colonAt : -1;
    const rest = otherLabel >= 0 ? after.slice(0, otherLabel) : after;
    const attempts: Array<{ words: DocLine["words"]; factor: number }> = [];
    const phrase = (concept === "invoice_number" && startsPhrase(match)) || otherLabel >= 0;
    // "CUSTOMER ADDRESS   PET INFO": a block's heading beside another block's; the name stands under it, not right of it.
    const addressHeading = kind === "name" && ADDRESS_NOUN.test(nextWord);
    // A party's word without a colon ("CLIENTE") labels what stands near it: a line far right of it is another block's.
    // "N° de Folio: 1 … CS434-BYOR…": a number printed after an id's label on its own line is that label's value,
    // read or not; the id right of it in another column, or under it, is another label's.
    const ownNumber = kind === "id" && rest.some((w) => /\d/.test(w.text));
    const rightLines = phrase || addressHeading || ownNumber ? [] : untilLabelled(linesRightOf(lines, line), typed).filter((r) => kind !== "name" || explicit || r.box.x - (line.box.x + line.box.w) < FAR_RIGHT);
    if (kind === "amount") {
      // In a totals row the value is the last amount before the next label: "Tax 15% on $ 112.90 | $ 16.94".
      const run = valueRun(rightLines);
      if (run.length > 0) attempts.push({ words: run.flatMap((l) => l.words), factor: RIGHT_OF });
      attempts.push({ words: rest, factor: SAME_LINE * 0.95 });
    } else {
      if (!addressHeading) attempts.push({ words: rest, factor: SAME_LINE });
      for (const [i, right] of rightLines.entries()) attempts.push({ words: right.words, factor: RIGHT_OF - i * 0.15 });
    }
    const labelWords = line.words.slice(match.start, match.end);
    const labelBox = wordsSource(line.page, labelWords);
    const below = phrase || ownNumber ? undefined : lineBelow(lines, line, labelBox);
    if (below && kind === "amount") {
      // "Qty Price Amount": the amounts under an item table's column heading are items, not a total.
      if (!itemTableHeading(lines, line)) attempts.push({ words: walkDown(lines, below, labelBox, order).words, factor: BELOW });
    } else if (below) attempts.push({ words: below.words, factor: BELOW });
    // "Numéro de facture : 1", "Receipt No: 66": a label that names a number reads a short one on its own row (on
    // its line or the nearest line right of it), never one under it (a position column's "1").
    const numberLabel = kind === "id" && tokenise(match.label).some((t) => NUMBER_WORD.test(t));
    const sameRowWords = [rest, rightLines[0]?.words];
    for (const attempt of attempts) {
      const read = readValue(kind, attempt.words, order, { numberLabel: numberLabel && sameRowWords.includes(attempt.words) });
      if (!read) continue;
      // "FACTURA … Fax. 958252636": a number a phone or fax label introduces is that line's, never a document's id.
      if (kind === "id" && afterPhoneLabel(attempt.words, read.words)) continue;
      // A bare sign's number of one or two digits is as likely a position, a page or a copy's number.
      if (bare && String(read.value).length < 3) continue;
      // Without its colon, a bare number word reads only what follows it in its own phrase ("Number 12345").
      if (bare && !bareColon(match) && attempt.words !== rest) continue;
      out.push({
        value: read.value,
        score: quality * attempt.factor * read.quality,
        source: wordsSource(line.page, read.words),
        raw: read.words.map((w) => w.text).join(" "),
        line: line.index,
      });
      // The nearest readable value belongs to this label; farther ones belong to other labels.
      break;
    }
  }
  if (concept === "total_amount") out.push(...grossPriceCandidates(lines, order), ...netTotalCandidates(lines, order));
  return out.sort((a, b) => b.score - a.score);
}
