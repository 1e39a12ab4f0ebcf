import { findAmounts } from "../../normalise/amounts";
import { parseCurrency } from "../normalise/currency";
import { findDates, type DateOrder } from "../../normalise/dates";
import { findEmails, findIbans, findLooseVatId, findPhones, findUrls, findVatIds } from "../normalise/identifiers";
import type { Word } from "../types";
import type { ValueKind } from "./concepts";

export type ReadValue = { value: string | number; words: Word[]; quality: number };

/** Maps a character span of the words' joined text back to the words it covers (for the source box). */
export function wordsInSpan(words: Word[], index: number, length: number): Word[] {
  const out: Word[] = [];
  let pos = 0;
  for (const w of words) {
    const start = pos;
    const end = pos + w.text.length;
    if (end > index && start < index + length) out.push(w);
    pos = end + 1;
  }
  return out.length > 0 ? out : words;
}

const ID_PREFIX = /^(?:[:#.\-–]|no|nr|n|n°|nº|№|number|nummer|num|numero|ref)$/i;
/** A number sign written as one word: "Nr.", "No.", "N°", "Nº", "#", "Nummer", "Number". */
const NUMBER_SIGN = /^(?:nr|no|n°|nº|#|№|nummer|number|numero|numéro)[.:]*$/i;
/** A number sign glued to the number: "N°F-20240000010", "Nr.4711", "#INV-1". */
const GLUED_SIGN = /^(?:[#:№]+|N[°º][.:#]*|N[or]\.[:#]*(?=\d))/i;
/**
 * Nouns that make a number sign another id's: "Rechnung an Kunden Nr. 4711" prints the customer's number, not the
 * invoice's.
 */
const OTHER_ID_NOUN = /^(?:kunden?|customer|client|kd|debitor|konto|account|auftrags?|order|bestell(?:ung)?|commande|po|vertrags?|contract|referenz|reference|ref|steuer|tax|vat|ust|tva|seite|page|lieferschein|delivery|mitglieds?|member|versicherungs?|policy|police|projekt|project|objekt|artikel|article|item)\b/i;
/**
 * Prepositions that turn the title to another thing's number: "Beitragsrechnung zur Kraftfahrtversicherung Nr.
 * 00.123.456.7" prints the policy's number ("des Versicherers", the issuer's genitive, does not).
 */
const OTHER_THING = /^(?:zur|zum|für|fur|for|to|an|auf|über|uber|pour|voor|per|re|regarding|betreffend|betr|about|of)$/i;
/** Words between a title label and its number sign: "Rechnung des Versicherers (575) Nr. …", "Teilrechnung Bau (875) Nr. …". */
const TITLE_WORDS = 3;

/**
 * A title that names its document before the number sign: "Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025". Up to
 * three words of letters or bracketed type codes, none naming another id, then the sign: the word after it.
 */
function afterTitleWords(words: Word[]): number | null {
  for (let i = 0; i <= TITLE_WORDS && i < words.length; i += 1) {
    const text = words[i]!.text;
    // Only bracketed codes before the sign ("(380) Nr.") are read by the prefix skip, at full quality.
    if (NUMBER_SIGN.test(text)) return words.slice(0, i).some((w) => /^\p{L}+$/u.test(w.text)) ? i + 1 : null;
    const qualifier = /^\p{L}+$/u.test(text) || /^\(\d{1,4}\)$/.test(text);
    if (!qualifier || OTHER_ID_NOUN.test(text) || OTHER_THING.test(text)) return null;
  }
  return null;
}

/** A number of one or two digits after its sign is read, less surely than a longer one. */
const SHORT_READ = 0.8;

/** A number read past a title's words is a little less sure than one right after its label. */
const TITLE_READ = 0.9;

/**
 * How a label stands to the words after it. `numberLabel`: the label itself names a number ("Invoice No:",
 * "Numéro de facture :", "Receipt #"), so a number of one or two digits right after it on its line is the number,
 * as after a number sign.
 */
export type ReadOptions = { numberLabel?: boolean };

function readId(words: Word[], options: ReadOptions): ReadValue | null {
  const afterTitle = afterTitleWords(words);
  let i = afterTitle ?? 0;
  // Skip "No.", ":", "#" and bracketed type codes such as "(380)" between the label and the number.
  const start = i;
  // A colon set apart ("Numéro de facture : 1") is skipped like the sign.
  const skipped = (text: string) => {
    const bare = text.replace(/[.:：]+$/, "");
    return bare === "" || ID_PREFIX.test(bare) || /^\(.*\)$/.test(text);
  };
  while (i < words.length && skipped(words[i]!.text)) i += 1;
  // "Счет на оплату № 71 от …", "Invoice No. 7": after a number sign, one or two digits are the number.
  const signed = options.numberLabel === true || words.slice(start, i).some((w) => NUMBER_SIGN.test(w.text)) || (afterTitle !== null && afterTitle > 0);
  // "Invoice" over "Leistungszeitraum: 05/2023": a word ending in a colon is the next label, and its value is not ours.
  if (i < words.length && /^\p{L}[\p{L}.\-]*[:：]$/u.test(words[i]!.text)) return null;
  for (let n = 0; n < 2 && i + n < words.length; n += 1) {
    const word = words[i + n]!;
    // Typesetters print "2023‑001" with a non-breaking hyphen (U+2011) or a dash: the number has a plain one.
    const text = word.text.replace(GLUED_SIGN, "").replace(/[,;:.]+$/, "").replace(/[\u2010-\u2013]/g, "-");
    // "INVOICE #1", "№7": a sign glued to the number is a number sign too.
    const glued = /^(?:#|№|N[°º])/i.test(word.text);
    const shortSigned = n === 0 && (signed || glued) && /^\d{1,2}$/.test(text) && !/^0/.test(text);
    if ((text.length < 3 && !shortSigned) || !/\d/.test(text) || !/^[\p{L}\d][\p{L}\d\-/._]*$/u.test(text)) {
      // "A1 2345": a short piece with a digit starts a number the text layer split; the rest alone is not the id.
      if (n === 0 && /\d/.test(text)) return null;
      continue;
    }
    if (findDates(text).some((d) => d.length >= text.length - 1)) return null;
    // A run of digits broken by spaces is a phone/IBAN-like number, not a document number.
    const quality = shortSigned ? SHORT_READ : /^\d+$/.test(text) || /[A-Z]/.test(text) ? 1 : 0.9;
    return { value: text, words: [word], quality: afterTitle === null ? quality : quality * TITLE_READ };
  }
  return null;
}

function readAmount(words: Word[]): ReadValue | null {
  const text = words.map((w) => w.text).join(" ");
  const amounts = findAmounts(text).filter((a) => {
    const after = text.slice(a.index + a.length).trimStart();
    const before = text.slice(0, a.index);
    // Rates ("21%", "19 % MwSt") and dates are not amounts; a number after "@" is a rate or a unit price
    // ("GST @6%" read as "GST@6X", "2 @ 5.30"), never the amount of the line.
    return !after.startsWith("%") && !/@\s*$/.test(before) && !/[\d]\s*[/.]\s*$/.test(before) && !findDates(text).some((d) => a.index >= d.index && a.index < d.index + d.length);
  });
  if (amounts.length === 0) return null;
  const decimal = amounts.filter((a) => a.hasDecimals);
  const pick = (decimal.length > 0 ? decimal : amounts)[(decimal.length > 0 ? decimal : amounts).length - 1]!;
  return { value: pick.value, words: wordsInSpan(words, pick.index, pick.length), quality: pick.hasDecimals ? 1 : 0.55 };
}

/** A VAT id of no valid country length is trusted less than one of the country's shape. */
const LOOSE_VAT_QUALITY = 0.7;
/** A tax number without a country prefix says less still: any long number right of the label would read so. */
const BARE_VAT_QUALITY = 0.6;
/**
 * A first word of 9 to 12 digits (a Polish NIP, a Portuguese or Angolan NIF, a British VAT number) or 9 digits and
 * "B" and two (the Dutch number), ending the word or before a comma. Eight digits are too short to tell from an
 * account or registration number ("Ust-IdNr.: 12512512" in a template is no id).
 */
const BARE_TAX_NUMBER = /^[\s:#]*(\d{9,12}|\d{9}B\d{2})(?=$|[\s,;])/;

const BASIC_DATE = /^((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

/**
 * "Date: 1202/2018", "DATE: 13707/2017": a day-first date whose first slash OCR lost or read as 7 or 1 (thermal
 * print's thin slash). Only right after a date label, and only where dates are not month-first.
 */
const SLASH_LOST_DATE = /^(0[1-9]|[12]\d|3[01])[71]?(0[1-9]|1[0-2])\/((?:19|20)\d{2})$/;

export function readValue(kind: ValueKind, words: Word[], order: DateOrder, options: ReadOptions = {}): ReadValue | null {
  if (words.length === 0) return null;
  const text = words.map((w) => w.text).join(" ");
  switch (kind) {
    case "id":
      return readId(words, options);
    case "date": {
      const d = findDates(text, order)[0];
      if (d) return { value: d.iso, words: wordsInSpan(words, d.index, d.length), quality: 1 };
      // Right after a date label, ISO 8601's basic form "20260815" (what e-invoice renderings print) is a date.
      const first = words.find((w) => /[\p{L}\d]/u.test(w.text));
      const basic = first ? BASIC_DATE.exec(first.text) : null;
      if (first && basic) return { value: `${basic[1]}-${basic[2]}-${basic[3]}`, words: [first], quality: 0.9 };
      const lost = first && order !== "mdy" && first.confidence < 1 ? SLASH_LOST_DATE.exec(first.text) : null;
      return first && lost ? { value: `${lost[3]}-${lost[2]}-${lost[1]}`, words: [first], quality: 0.8 } : null;
    }
    case "amount":
    case "number":
      return readAmount(words);
    case "percent": {
      const a = findAmounts(text)[0];
      return a ? { value: a.value, words: wordsInSpan(words, a.index, a.length), quality: 1 } : null;
    }
    case "currency": {
      const c = parseCurrency(text);
      return c ? { value: c, words, quality: 1 } : null;
    }
    case "iban": {
      const i = findIbans(text)[0];
      if (i) return { value: i.value, words: wordsInSpan(words, i.index, i.length), quality: i.checksum ? 1 : 0.8 };
      // Right after an "IBAN" label, an IBAN-shaped string is taken even when its length or checksum is off.
      const shaped = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{2,4}){3,8}\b/.exec(text);
      return shaped ? { value: shaped[0].replace(/\s+/g, ""), words: wordsInSpan(words, shaped.index, shaped[0].length), quality: 0.6 } : null;
    }
    case "vat": {
      const v = findVatIds(text)[0];
      if (v) return { value: v.value, words: wordsInSpan(words, v.index, v.length), quality: 1 };
      // Right after a VAT-id label, a prefixed id whose length is off for its country is still the id printed.
      const loose = findLooseVatId(text);
      if (loose) return { value: loose.value, words: wordsInSpan(words, loose.index, loose.length), quality: LOOSE_VAT_QUALITY };
      // "NIP: 7712829632", "NIF: 5000172499", "BTW 813941155B01": a tax number printed without its country's letters
      // is the first word after its label, digits alone (or the Dutch "B01" tail).
      const bare = BARE_TAX_NUMBER.exec(text);
      return bare ? { value: bare[1]!, words: wordsInSpan(words, bare.index + bare[0].length - bare[1]!.length, bare[1]!.length), quality: BARE_VAT_QUALITY } : null;
    }
    case "email": {
      const e = findEmails(text)[0];
      return e ? { value: e, words, quality: 1 } : null;
    }
    case "phone": {
      const p = findPhones(text)[0];
      return p ? { value: p, words, quality: 1 } : null;
    }
    case "url": {
      const u = findUrls(text)[0];
      return u ? { value: u, words, quality: 1 } : null;
    }
    case "name":
    case "address":
    case "text": {
      const cleaned = text.replace(/^[\s:#\-–]+/, "").trim();
      return /\p{L}|\d/u.test(cleaned) ? { value: cleaned, words, quality: 0.8 } : null;
    }
  }
}
