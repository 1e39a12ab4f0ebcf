import { hasStreetWord, isAddressVocabularyWord, isRegionLine, repairAddressText } from "../normalise/address-words";
import { ADDRESS_LETTER_FLOORS, hasDoubtfulLetters } from "./doubtful-letters";
import { letterIOrEll } from "./ocr-letter-slips";
import { hasUnvouchedDoubtfulWord } from "./unvouched-words";
import type { DocLine } from "./document-lines";
import type { Candidate } from "./find-labelled-value";

/**
 * The seller's address: the block of lines under the seller's name (letterheads, receipts), from its first premises
 * line to contact details, tax numbers or the document title.
 */

/**
 * Company registration numbers: bracketed ("(742014-W)", "(CO.RFG : 86Q671-D)" as misread), labelled ("Co-Reg: 750441-W", "Company Reg. No: 725186-V",
 * "BR No"; "REG. N0:" with its O read as a zero), and tax registrations, printed between a name and its address.
 */
const REGISTRATION = /(?:^\(.*\d{3,}.*\)$|\(\s*[\w-]*\d{4,}[\w-]*\s*\)|co[.-]?\s*reg|\bco\.?\s*reg|\bcompany\s+reg|\breg(?:istration)?[.,]?\s*n[o0]|\bbr\s*n[o0]|\bcompany\s*n[o0]|\bsst\b|\bgst\b)/i;
/** A registration number printed bare ("822737-X", "1110644-W"): digits, a hyphen and a check letter. */
const BARE_REGISTRATION = /\b\d{5,8}-[A-Z]\b/;
/**
 * Contact details, tax numbers and the document's own labels end the address; "T: 03-2093 7358 | F: …" labels a
 * phone and fax by one letter.
 */
const ADDRESS_STOP = /(?:\b[TF]\s*:\s*[+(]?\d|tel|fax|phone|telefon|mobile|whats\s?app|\bh\/p\b|e-?mail|gst|reg\b|invoice|receipt|rechnung|date|datum|cashier|www\.|http|@|\bno\s*:|\b(?:qty|qnty|quantity|amount|price)\b)/i;

/**
 * "No 2A Jalan …", "Lot 1851-A", "Unit G-5B", "Level 6", "109, SS21/1A": an address line that starts with the
 * premises. OCR reads l as 1 and o as 0 in these words ("Leve1 6", "L0T 3", "N0. 12"), so those are allowed too.
 */
const HOUSE_NUMBER_START = /^(?:n[o0][.:]?\s*\d|[l1][o0]t\b|unit\b|[l1]eve[l1]\b|\d)/i;

/** The line starts an address: a premises word or house number ("Lot 1F-01", "No. 9-G", "8, Jalan …"). */
export const startsWithPremises = (text: string) => HOUSE_NUMBER_START.test(text.trim());

/** An address has at most this many lines from its premises line on… */
const MAX_ADDRESS_LINES = 5;
/** …and branch names, owners' and licensees' lines may come before that: lines looked at under the name. */
const MAX_LINES_SEEN = 8;

/** Scanner dust, torn edges and the page border read as a line of one or two marks without a letter or digit. */
const isSpeckle = (text: string) => !/[\p{L}\d]/u.test(text) && text.replace(/\s/g, "").length <= 2;

/**
 * "No: 28, JALAN ASTANA 1C,": a house number after "No:" and a street after its comma. "No :" otherwise prompts for a
 * receipt's or invoice's number and ends the address.
 */
const NUMBERED_PREMISES = /^n[o0]\s*:\s*\d+[\p{L}\d/-]*\s*,\s*\p{L}{3}/iu;

/** The words of a line before its contact or tax label, when they hold a postcode and town; else null. */
function postcodeBeforeStop(line: DocLine): DocLine | null {
  const stop = ADDRESS_STOP.exec(line.text);
  if (!stop || stop.index === 0) return null;
  const text = line.text.slice(0, stop.index).replace(/[\s,;:]+$/, "");
  if (!hasPostcode(`${text} `) && !/^[\dOo]{5}\s+\p{L}/u.test(text)) return null;
  const count = text.split(/\s+/).filter((t) => t !== "").length;
  if (count === 0 || count > line.words.length) return null;
  const words = line.words.slice(0, count);
  return { ...line, text, words };
}

/** "109," alone on a line: the house number of an address set one part per line. */
const HOUSE_NUMBER_ONLY = /^\d{1,5}[A-Z]?\s*[,.]?$/;

/**
 * A postcode line: five digits followed by a place name ("42100 KLANG", "47300 PJ"). A lot or house number of five
 * digits ("LOT P.T. 33198, BATU 4", "No 12345 Jalan …") is not one: a premises word or a comma stands beside it.
 */
export function hasPostcode(text: string): boolean {
  // OCR reads a 0 as O or o now and then ("560o0 Kuala Lumpur"): three digits in five places still make a postcode.
  for (const match of text.matchAll(/\b([\dOo]{5})\s+(?=\p{L})/gu)) {
    if ((match[1]!.match(/\d/g) ?? []).length < 3) continue;
    const before = text.slice(0, match.index).trim();
    if (!/(?:\b(?:lot|no|p\.?\s?t|unit|block|blk)\.?|#)$/i.test(before)) return true;
  }
  return false;
}

/** Letters and digits only, lower case: "ALAH)SDN BHD" and "alah sdn bhd" compare alike. */
const letterKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\d]/gu, "");

/** A line printed as part of the seller's name (a name wrapped over lines): its letters are inside the name's. */
function partOfName(line: DocLine, name: string): boolean {
  const key = letterKey(line.text);
  return key.length >= 3 && letterKey(name).includes(key);
}

/** The address's lines joined as printed; a comma or stop the reader set off as its own word rejoins its word. */
export function joinAddressLines(texts: string[]): string {
  return texts
    .map((t) => t.trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.](?=\s|$))/g, "$1");
}

/**
 * OCR reads a printed comma as a full stop often, the other way round seldom: in the receipt addresses of the
 * dev sets a word of three letters or more is followed by ", " 150 times and by ". " twice (abbreviations such as
 * "NO." and "P.T." are shorter), and a number followed by a word ("NO 290, JALAN") has ", " 113 times and ". "
 * twice. A stop after a word of four letters or more, or after a number ("1851-B" too) before a word, is read as a
 * comma.
 */
export function commaForStop(text: string): string {
  return text.replace(/(?<=(?:^|[\s,])\p{L}{4,})\.(?=\s+[\p{L}\d])/gu, ",").replace(/(?<=\d(?:-\p{L})?)\.(?=\s+\p{L})/gu, ",");
}

/**
 * The lines after the name's line that hold the address: past the rest of a wrapped name, registration numbers and
 * speckle, up to contact details, tax numbers or the document title.
 */
function addressLines(lines: DocLine[], start: DocLine, name: string | null): DocLine[] {
  const parts: DocLine[] = [];
  let afterPostcode = false;
  for (const line of lines.slice(start.index + 1)) {
    if (line.page !== start.page || parts.length >= MAX_LINES_SEEN) break;
    if (line.box.y < start.box.y) continue;
    if (isSpeckle(line.text)) continue;
    // The second and third line of a wrapped name ("ENTERPRISE (SETIA" / "ALAM) SDN BHD") come before the address.
    if (parts.length === 0 && name && partOfName(line, name)) continue;
    // Company registration numbers such as "(742014-W)" or "Co-Reg: 750441-W" sit between the name and the address.
    if (parts.length === 0 && (REGISTRATION.test(line.text) || /^\(?[\dA-Z-]{5,}\)?$/.test(line.text.trim()))) continue;
    if (ADDRESS_STOP.test(line.text) && !NUMBERED_PREMISES.test(line.text.trim())) {
      // "81750 Johor Bahru, Johor, Tel No.: 07-387 3322": the postcode and town, then the contact details on the
      // same line. The part before them ends the address.
      const before = postcodeBeforeStop(line);
      if (before && parts.some((p) => HOUSE_NUMBER_START.test(p.text.trim()))) parts.push(before);
      break;
    }
    // "ROC No. : (1072825-A)" under the address: a registration number after the premises ends it (before them it
    // is an owner's or licensee's line, dropped later).
    if (parts.some((p) => HOUSE_NUMBER_START.test(p.text.trim())) && REGISTRATION.test(line.text) && /\d{4,}/.test(line.text)) break;
    // A line without letters is a separator rule, a phone or a tax number, unless it is a lone house number.
    if (!/\p{L}/u.test(line.text) && (afterPostcode || !HOUSE_NUMBER_ONLY.test(line.text.trim()))) break;
    // After the postcode line only a short state/country line (or one of region names: "SELANGOR DARUL EHSAN")
    // may follow…
    if (afterPostcode && (/\d/.test(line.text) || line.text.trim().split(/\s+/).length > 2) && !isRegionLine(line.text)) {
      // …unless the block is closed right below by contact details or a tax number: then what stands between
      // ("1225-DENGKIL", "(TESCO PUTRA NILAI)", a second postcode line) is the branch part of the address.
      const tail = branchTail(lines, line, start);
      parts.push(...tail);
      break;
    }
    parts.push(line);
    if (hasPostcode(line.text)) afterPostcode = true;
  }
  return parts;
}

/**
 * A branch printed under the postcode line: its store number and name ("1225-DENGKIL", "1237-TMN INDAH PERDANA") or
 * its name in brackets ("(TESCO PUTRA NILAI)"). A mall's or district's name set bare ("101 MALL") is not taken: the
 * ground truth of the dev receipts leaves it out.
 */
const BRANCH_LINE = /^(?:\d{2,5}\s?-\s?\p{L}[\p{L}\d\s.&'-]*|\(\s*\p{L}[\p{L}\s.&'-]*\))$/u;

/**
 * The least confidence every word of an address must be read with. Measured on PP-OCR's readings of the dev and
 * receipts-dev receipts (split half A): the addresses with a word below 0.661 were all wrong (6), 0.65 keeps a
 * margin; on half B it drops one address, a wrong one. Text layers read every word with confidence 1.
 */
const MIN_ADDRESS_WORD_CONFIDENCE = 0.65;

/** Lines a branch part may have after the postcode line, before the contact or tax line that closes the block. */
const MAX_BRANCH_LINES = 1;

function branchTail(lines: DocLine[], from: DocLine, start: DocLine): DocLine[] {
  const tail: DocLine[] = [];
  for (const line of lines.slice(from.index)) {
    if (line.page !== start.page) return [];
    if (ADDRESS_STOP.test(line.text) || REGISTRATION.test(line.text)) return tail;
    if (tail.length >= MAX_BRANCH_LINES || !BRANCH_LINE.test(line.text.trim()) && !hasPostcode(line.text)) return [];
    tail.push(line);
  }
  return [];
}

/**
 * "10T 1851-A", "L0T 3", "N0.1 Jalan": OCR reads the l of LOT and the o of LOT and NO as digits. At the start of an
 * address, before a number, those are the premises words. "NO, 31G": its stop read as a comma; the dev sets' ground
 * truth has "NO. " before a number 24 times and "NO, " never ("NO,1" once, without the space).
 */
export function premisesWord(text: string): string {
  return text
    .replace(/^[lL1][oO0]([tT])(?=\s*\d)/, (_, t: string) => (t === "T" ? "LOT" : "Lot"))
    .replace(/^([nN])0(?=[.,]?\s*\d)/, (_, n: string) => (n === "N" ? "NO" : "No"))
    .replace(/^([nN][oO]),(?=\s+\d)/, "$1.");
}

// Five characters, four of them digits and one letter inside ("4D170"): a postcode with a digit read as a letter.
const POSTCODE_WITH_LETTER = /(?<![\p{L}\d])(?=(?:\p{L}?\d){4})\d{1,3}\p{L}\d{1,3}(?![\p{L}\d])/u;

/**
 * A digit inside a lower-case word ("Ja1an", "Peta1ing") or starting one ("Shah 4lam"): in mixed-case print an l or
 * an A read as a digit. Ordinals ("3rd", "21st") and a number after a word ("Uptown3") are how addresses are printed.
 */
const DIGIT_IN_LOWER_CASE_WORD = /\p{L}\d\p{Ll}|(?<![\p{L}\d])\d(?!(?:st|nd|rd|th)(?![\p{L}\d]))\p{Ll}{2,}/u;

/**
 * Marks of a misread no printed address has: a letter o between digits or a letter inside a postcode ("560o0",
 * "4D170"), an empty item between two commas ("10,, TAMAN"), a colon between two letters ("JA:AN"), a digit inside a
 * lower-case word ("4lam"), an underscore, degree sign or middle dot. Like an unsure word, they make a wrong value likelier than a right one.
 */
export function misreadAddress(text: string): boolean {
  return (
    /\d[oO]\d/.test(text) ||
    POSTCODE_WITH_LETTER.test(text) ||
    /,\s*,/.test(text) ||
    /\p{L}:\p{L}/u.test(text) ||
    text.includes(";") ||
    // An underscore, degree sign or middle dot inside an address ("JAL_AN", "Leve1°6", "JLN·SS21/35"): specks or a
    // letter read as a mark; addresses print none of them.
    /[_°·]/.test(text) ||
    /\p{Lu}\p{Ll}\p{Lu}{2}/u.test(text) ||
    // After the address vocabulary's repairs: "Ja1an" is Jalan, a slip it mends.
    DIGIT_IN_LOWER_CASE_WORD.test(repairAddressText(text))
  );
}

/** "41150 KLANG,SELANGOR", "15000 KHEMISSET": a postcode and town with no street word on the line. */
function startsAtPostcode(text: string): boolean {
  const t = text.trim();
  return /^[\dOo]{5}\s/.test(t) && hasPostcode(t) && !hasStreetWord(t);
}

export function findAddressBelow(lines: DocLine[], nameLine: number | null, name: string | null = null): Candidate | null {
  if (nameLine === null) return null;
  const start = lines[nameLine];
  if (!start) return null;
  const parts = addressLines(lines, start, name);
  // Branch and trade names ("IKEA Cheras", "BISTRO & CAFE", "Licensee of …") sit between the seller's name and its
  // address: the address starts at its house number.
  const premises = parts.findIndex((p) => HOUSE_NUMBER_START.test(p.text.trim()));
  // A registration number printed there ("SDN BHD BR No.: (124525-H)") is no part of the address either.
  if (premises > 0 && parts.slice(0, premises).every((p) => !/\d/.test(p.text) || REGISTRATION.test(p.text) || BARE_REGISTRATION.test(p.text))) parts.splice(0, premises);
  parts.splice(MAX_ADDRESS_LINES);
  // An address does not start at its postcode: when its first line is the postcode and town, the street above was
  // misread, lost or taken for the name ("TAMAN BERKELEY" over "41150 KLANG" with "LOT P.T. 2811, JALAN ANGSA"
  // unread), and what is left is a part of the address, a wrong value. None of the 385 SROIE training receipts' labels
  // starts so. A five-digit house number before a street ("12345 Main Street") is a street line.
  if (parts[0] && startsAtPostcode(parts[0].text)) return null;
  // Every address carries a number (house, unit, postcode) and a street or place name: anything less is a slogan,
  // a lone unit number or OCR noise.
  if (parts.length === 0 || !parts.some((p) => /\d/.test(p.text)) || !parts.some((p) => /\p{L}{3}/u.test(p.text))) return null;
  // An address must match letter for letter: one word the reader was unsure of makes a wrong value more likely
  // than a right one, and an empty field beats a wrong one.
  if (parts.some((p) => p.words.some((w) => w.confidence < MIN_ADDRESS_WORD_CONFIDENCE))) return null;
  const first = parts[0]!;
  const texts = parts.map((p, i) => (i === 0 ? premisesWord(p.text.trim()) : p.text));
  const value = joinAddressLines(texts);
  if (misreadAddress(value)) return null;
  // So do letters the recogniser doubted, unless the address vocabulary repairs its word ("Jalau" → "Jalan").
  const repaired = (word: string) => repairAddressText(word) !== word;
  if (hasDoubtfulLetters(parts.flatMap((p) => p.words), value, ADDRESS_LETTER_FLOORS, repaired)) return null;
  // A doubted word neither the vocabulary nor a second print on the page vouches for ("MUKIN", "Besanent"). Judged
  // on the address as the vocabulary and the I/l slips will mend it: a word they rewrite ("TANAN", "lpoh") is gone.
  const pageWords = lines.filter((l) => l.page === first.page).flatMap((l) => l.words.map((w) => w.text));
  if (hasUnvouchedDoubtfulWord(parts.flatMap((p) => p.words), letterIOrEll(repairAddressText(value)), pageWords, isAddressVocabularyWord)) return null;
  return {
    value,
    score: 0.5,
    source: { page: first.page, ...first.box },
    raw: parts.map((p) => p.text).join("\n"),
    line: first.index,
  };
}
