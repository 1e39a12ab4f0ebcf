/**
 * Typed values with a checkable shape: US social security and employer identification numbers, ABA routing numbers
 * (checksum), account numbers, years, signed money, person and organisation names, postal address lines. Each
 * finder returns only well-formed instances, so a detector abstains rather than return a fragment.
 */
import { findAmounts } from "../../../normalise/amounts";

export type Found = { value: string; index: number; length: number };

/** Area 001–899 but not 666, group 01–99, serial 0001–9999 (SSA rules); "000-" or "9xx-" is no SSN. */
export function findSsns(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/(?<![\d-])(\d{3})[- ](\d{2})[- ](\d{4})(?![\d-])/g)) {
    const area = Number(m[1]);
    if (area === 0 || area === 666 || area >= 900 || m[2] === "00" || m[3] === "0000") continue;
    out.push({ value: `${m[1]}-${m[2]}-${m[3]}`, index: m.index, length: m[0].length });
  }
  return out;
}

/** Prefixes the IRS assigns to employer identification numbers (the first two digits). */
const EIN_PREFIXES = new Set(
  "01 02 03 04 05 06 10 11 12 13 14 15 16 20 21 22 23 24 25 26 27 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 71 72 73 74 75 76 77 80 81 82 83 84 85 86 87 88 90 91 92 93 94 95 98 99".split(" "),
);

export function findEins(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/(?<![\d-])(\d{2})-(\d{7})(?![\d-])/g)) {
    if (EIN_PREFIXES.has(m[1]!)) out.push({ value: `${m[1]}-${m[2]}`, index: m.index, length: m[0].length });
  }
  return out;
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10), first two digits 00–12, 21–32, 61–72, 80. */
export function isAbaRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  if (!(prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0 && sum > 0;
}

export function findRoutingNumbers(text: string): Found[] {
  return [...text.matchAll(/(?<![\d-])\d{9}(?![\d-])/g)].filter((m) => isAbaRoutingNumber(m[0])).map((m) => ({ value: m[0], index: m.index, length: m[0].length }));
}

/** An account number as printed: 4–20 digits, maybe grouped by spaces or dashes, maybe masked ("****1234", "XXXX-1234"). */
export function findAccountNumbers(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/(?<![\w.,/-])(?:[*Xx•]{2,}[- ]?)?\d[\d -]{2,24}\d(?![\w.,/-]|\/)/g)) {
    const raw = m[0].trim();
    const digits = raw.replace(/\D/g, "");
    // Money ("1,234.56") and dates are excluded by the surrounding-character rule; a bare year is no account.
    if (digits.length < 4 || digits.length > 20 || /^(?:19|20)\d{2}$/.test(raw)) continue;
    // "81 - 4022 - 4868" is "81-4022-4868" printed with spaced dashes.
    out.push({ value: raw.replace(/\s*-\s*/g, "-"), index: m.index, length: m[0].length });
  }
  return out;
}

/** Four-digit years 1900–2099 standing as a word of their own (not inside a date or a number). */
export function findYears(text: string): Found[] {
  return [...text.matchAll(/(?<![\d/.,:-])(?:19|20)\d{2}(?![\d/.,:-]\d)/g)].map((m) => ({ value: m[0], index: m.index, length: m[0].length }));
}

/**
 * Money with its sign as statements print it: "-45.00", "(45.00)", "$45.00-", "45.00 DR" are debits (negative);
 * "45.00 CR" a credit. Only amounts with cents: a bare whole number next to a money label is often a count.
 */
export function findSignedAmounts(text: string, options: { whole?: boolean } = {}): Array<Found & { amount: number }> {
  const out: Array<Found & { amount: number }> = [];
  for (const a of findAmounts(text)) {
    // `whole`: a document that prints every amount without cents ("Net Pay 81500"); a lone digit is still a count.
    if (!a.hasDecimals && !(options.whole && Math.abs(a.value) >= 10)) continue;
    const before = text.slice(Math.max(0, a.index - 3), a.index);
    const after = text.slice(a.index + a.length, a.index + a.length + 4);
    const negative = a.value < 0 || /\(\s*[$€£]?\s*$/.test(before) && /^\s*\)/.test(after) || /^-/.test(after) || /^\s*(?:DR|Dr)\b/.test(after) || /-\s*[$€£]?\s*$/.test(before);
    out.push({ value: (negative ? -Math.abs(a.value) : Math.abs(a.value)).toFixed(2), amount: negative ? -Math.abs(a.value) : Math.abs(a.value), index: a.index, length: a.length });
  }
  return out;
}

/**
 * Text layers split names in two ways that are undone here: a letter with a diacritic drawn apart ("Nguy ễ n" for
 * "Nguyễn"), and small capitals drawn as a capital and a smaller word ("Athul S IVAN" for "Athul Sivan").
 */
function repairedName(text: string): string {
  const joined = text.replace(/(\p{L}) ([^\p{ASCII}\s]) (?=\p{Ll})/gu, "$1$2");
  // Only where every word in capitals follows its initial ("BALANC E TOTAL" is a heading cut by kerning).
  const capitals = [...joined.matchAll(/(\S+\s+)?(\p{Lu}{2,})(?=\s|$)/gu)];
  if (capitals.length === 0 || !capitals.every((m) => /^\p{Lu}\s+$/u.test(m[1] ?? ""))) return joined;
  return joined.replace(/(?<=^|\s)(\p{Lu}) (\p{Lu}{2,})(?=\s|$)/gu, "$1$2");
}

const HONORIFIC = /^(?:mr|mrs|ms|miss|mx|dr|prof)\.?$/i;
const NAME_WORD = /^(?:\p{Lu}[\p{Ll}'’-]+(?:-\p{Lu}[\p{Ll}'’]+)?|\p{Lu}\.?|\p{Lu}{2,}|(?:Mc|Mac|O')\p{Lu}\p{Ll}+)$/u;
/** Words that make a phrase something other than a person's name. */
const NOT_PERSON = /^(?:inc|llc|ltd|corp|co|company|corporation|bank|union|trust|group|services?|street|st|avenue|ave|road|rd|drive|lane|suite|box|the|and|of|for|statement|account|page|total|date|summary|invoice|dear|sincerely|regards|employee|employer|name|address|phone|email|report|form|notice|letter|certificate|application|resume|curriculum|vitae|policy|contract|agreement|order|bill|receipt|annual|quarterly|monthly|department|office|center|centre|experience|education|skills|summary|profile|contact|details|information|objective|projects|research|publications|languages|interests|references|certifications|awards|employment|work|history|personal|qualifications)\.?,?$/i;

/** "Maria A. Garcia", "MARIA GARCIA", "Dr. Omar Haddad" → the name without its honorific; null for anything else. */
export function personName(text: string): string | null {
  const words = repairedName(text).trim().replace(/,$/, "").split(/\s+/);
  while (words.length > 0 && HONORIFIC.test(words[0]!)) words.shift();
  if (words.length < 2 || words.length > 4) return null;
  if (!words.every((w) => NAME_WORD.test(w) && !NOT_PERSON.test(w))) return null;
  // At least two words of two letters or more: "J. K." alone is initials.
  if (words.filter((w) => w.replace(/\./g, "").length >= 2).length < 2) return null;
  return words.join(" ");
}

const LEGAL_FORM_LAST = /\b(?:Inc|LLC|Ltd|Corp|Co|Company|Corporation|Limited|LLP|LP|PLC|GmbH|AG|SA|BV|NV)\.?,?$/i;
const LEGAL_FORM = /\b(?:Inc|LLC|L\.L\.C|Ltd|Corp|Co|Company|Corporation|Limited|LLP|LP|PLC|GmbH|AG|SA|SAS|BV|NV|Bank|Credit Union|Trust|Authority|Board|Co-op|Cooperative|Association|Foundation|University|College|Hospital|Insurance|Partners|Group|Holdings)\b\.?/;

/** Words of a page's headings and boxes; a phrase made of these alone ("COMPANY DATA", "Account Information &
 * Customer Service") names a part of the document, not an organisation. */
const HEADING_WORDS = new Set(
  "account accounts information info customer customers service services summary statement statements data company details contact contacts overview report reports annual quarterly profile capability capabilities performance past core competencies section page table contents notes general terms conditions key facts highlights introduction background personal business online banking mobile telephone help support center centre news important notice notices your our my the and of for & to in at on with about us".split(" "),
);

/**
 * A line that names no one: letters set apart ("D E P A R T M E N T"), the same word painted several times over
 * ("ANHUI ANHUI ANHUI"), or heading words only ("COMPANY DATA").
 */
export function isHeadingText(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (lettersSetApart(text)) return true;
  // Three times in a row: a name may double a word ("SAM SAM TRADING CO"), a repainted text layer repeats every one.
  if (words.some((w, i) => i > 1 && w.length > 1 && w === words[i - 1] && w === words[i - 2])) return true;
  return words.every((w) => HEADING_WORDS.has(w.toLowerCase().replace(/[^\p{L}&]/gu, "")));
}

/** Four letters or more standing alone: "D E P A R T M E N T", or glyphs a text layer set apart. */
export function lettersSetApart(text: string): boolean {
  return text.trim().split(/\s+/).filter((w) => /^\p{L}$/u.test(w)).length >= 4;
}

/**
 * A party's name as the invoice reader found it, if it reads as a person's or a company's name; a name with its
 * street and city run on after a comma keeps the name ("CRE 1000 WILSHIRE LLC, 1000 WILSHIRE BLVD, LOS ANGELES, CA").
 */
export function partyName(text: string): string | null {
  const parts = text.trim().split(/,\s*/);
  const street = parts.findIndex((part, i) => i > 0 && STREET_LINE.test(part.trim()));
  const name = (street > 0 ? parts.slice(0, street).join(", ") : text).trim();
  // A company's name may hold its building's number ("CRE 1000 WILSHIRE LLC") when it ends with its legal form.
  const numberedCompany = LEGAL_FORM_LAST.test(name) && organisationName(name.replace(/\d+/g, "1"), true) !== null;
  return personName(name) !== null || organisationName(name, false) !== null || numberedCompany ? name : null;
}

/** "东北电气发展股份有限公司 2018 年第一季度报告全文": a name in Chinese or Japanese ends with its legal form. */
export const CJK_LEGAL_FORM = /^(.{2,40}?(?:股份有限公司|有限责任公司|有限公司|株式会社|集团公司))/u;

/** A company as printed: title-case or capital words, no sentence punctuation; `strict` also asks for a legal form or an institution word. */
export function organisationName(text: string, strict: boolean): string | null {
  const cjk = CJK_LEGAL_FORM.exec(text.trim());
  if (cjk && !/\s/.test(cjk[1]!)) return cjk[1]!;
  const t = text.trim().replace(/[,;:]$/, "");
  // "AGENCY: Federal Aviation" is a label and its value, not one name.
  if (isHeadingText(t) || /[:：]\s/.test(t)) return null;
  const words = t.split(/\s+/);
  if (words.length < 1 || words.length > 7 || t.length > 60) return null;
  if (!/^[\p{Lu}\d]/u.test(t) || /[@|]|https?:|www\./.test(t) || /\d{3,}/.test(t)) return null;
  // A street line ("16 High Street. Anytown …") or a phone number's groups ("Service 13 25 99") name no company.
  if (STREET_FIRST.test(t) || (t.match(/\d+/g) ?? []).length >= 3) return null;
  const capitalised = words.filter((w) => /^[\p{Lu}\d&]/u.test(w)).length;
  if (capitalised < Math.ceil(words.length * 0.6)) return null;
  if (strict && !LEGAL_FORM.test(t)) return null;
  // "Tomasz Nakamura" under a "Name" box is a person; a company without a legal form is taken only when no person's name fits.
  if (!LEGAL_FORM.test(t) && personName(t) !== null) return null;
  return t;
}

/** Words naming a street, in the languages whose addresses print the house number after them. */
const STREET_WORD = "(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|crescent|highway|hwy|square|sq|stra(?:ss|ß)e|str|weg|gasse|platz|allee|rue|calle|avenida|via|viale|laan|straat|plein|gata|gade|vej)";
/** "Any Street 123", "Hauptstraße 12a", "Calle Mayor 5": a street line with its number after the street's name. */
export const STREET_NUMBER_LAST = new RegExp(`^(?:${STREET_WORD}\\s+(?:[\\p{L}.'-]+\\s+){1,4}|(?:[\\p{L}.'-]+\\s+){0,4}[\\p{L}.'-]*${STREET_WORD}\\.?\\s+)\\d{1,5}[a-z]?,?$`, "iu");
/** A town on a line of its own, maybe with its province or state ("TORONTO, ON", "Any Town"): a few capitalised words. */
export const TOWN_LINE = /^\p{Lu}[\p{L}.'-]*(?:\s+\p{L}[\p{L}.'-]*){0,3}(?:,\s*\p{Lu}{2,3})?,?$/u;

/** A house number and a street word at the start: "16 High Street", "1600 SW Baldwin Rd". */
const STREET_FIRST = new RegExp(`^\\d{1,6}[a-z]?\\s+(?:[\\p{L}.'-]+\\s+){0,4}${STREET_WORD}\\b`, "iu");

/** "123 Main Street", "9747 Pine Lane, Apt 10", "PO Box 12": the street line of a postal address. */
export const STREET_LINE = /^(?:\d{1,6}[A-Za-z]?\s+(?:[\p{L}\d.'-]+\s+){0,5}[\p{L}.'-]+\.?(?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|Floor|Fl|#)\.?\s*[\w-]+)?|P\.?\s?O\.?\s+Box\s+\d+)$/iu;
/** "Springfield, IL 62704", "Austin TX 78701-1234", "London SW1A 1AA", "10115 Berlin". */
export const CITY_LINE = /^(?:[\p{L}][\p{L} .'-]+,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?|[\p{L}][\p{L} .'-]+,?\s+[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}|\d{4,5}\s+[\p{L}][\p{L} .'-]+)$/u;
