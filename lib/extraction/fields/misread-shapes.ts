import { COMPANY_MARK, TRADE_WORD } from "./parties";

/**
 * Shapes of an OCR'd seller's name or address that a printed one does not have, whichever finder read it. A name or
 * address must match letter for letter, so such a reading is more likely wrong than right, and an empty field costs a
 * reviewer less than a wrong one shown as read. Found on the training receipts (SROIE's training folder, whose values
 * no rule was written from): on the first 120 of them none of the values so shaped was right.
 */

/** A clock time ("18:24"; also "5:55" out of a house number "53 55" misread). */
const TIME = /(?<![\d:])\d{1,2}:\d{2}(?!\d)/u;

/** A date written out ("05 Mar2018", "12/03/2018"): a till's time stamp taken into the address block. */
const DATE = /(?<!\d)\d{1,2}\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s*\d{2,4}(?!\d)|(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)?\d{2}(?![\d/])/iu;

/**
 * A letter the reader put for a digit in a run of digits ("8110O", "4000O", "28I1", "7/l18B"): O, I and l look like 0
 * and 1, and no postcode or house number takes them there. Not B or S: units are numbered so ("L1-044B", "S117").
 */
const LETTER_IN_NUMBER = /(?<!\p{L})[OoIl]\d{3,}(?![\p{L}\d])|(?<![\p{L}\d])\d{3,}[OoIl](?!\p{L})|[\d/][IlO]\d/u;

/** A digit ending a word of four or more capitals ("PERMA8" for PERMAS): a letter read as a digit. */
const DIGIT_ENDING_CAPITALS = /\p{Lu}{4,}\d(?![\p{L}\d])/u;

/** A capital right after a small letter inside a word ("JalanTampoi", "JohorBaru"): a space the reader lost. */
const SPACE_LOST = /\p{Ll}\p{Lu}/u;

/** Letters, none of them capitals ("tan woon yann"): a person's name written on the slip, not the printed seller's. */
const ALL_LOWER_CASE = /^[^\p{Lu}]*\p{Ll}[^\p{Lu}]*$/u;

/** A company registration number ("(867388-U)", "002693074-K"): printed beside the address, never part of it. */
const REGISTRATION_NUMBER = /(?<![\p{L}\d])\d{5,}-\p{Lu}(?![\p{L}\d])/u;

/** A label opening the block ("Site: 2395 LOT 485 …"): the line it starts is not the address's first. */
const LABEL_FIRST = /^\p{L}{2,12}\s?:\s/u;

/** A name of nothing but legal forms, trade words and a bracketed letter ("CO. (M) SDN BHD", "RESTAURANT SDN BHD"):
 * its own words were on a line above the one read. */
function onlyLegalForm(text: string): boolean {
  const marks = new RegExp(COMPANY_MARK.source, "gi");
  const trades = new RegExp(TRADE_WORD.source, "gi");
  const rest = text.replace(marks, " ").replace(trades, " ").replace(/\(\s*\p{L}\s*\)/gu, " ");
  return !/\p{L}/u.test(rest);
}

export type ReadingKind = "name" | "address";

/** Which misread shape `text` has, if any (its name, for tests and the benchmark's notes); null when none. */
export function misreadShape(text: string, kind: ReadingKind): string | null {
  if (LETTER_IN_NUMBER.test(text)) return "letter in a number";
  if (DIGIT_ENDING_CAPITALS.test(text)) return "digit ending a word";
  if (kind === "name") return ALL_LOWER_CASE.test(text) ? "all lower case" : onlyLegalForm(text) ? "legal form only" : null;
  if (TIME.test(text)) return "time";
  if (DATE.test(text)) return "date";
  // Mixed-case names do have it ("McDonald's", "MyNews"); an address word does not.
  if (SPACE_LOST.test(text)) return "space lost";
  if (REGISTRATION_NUMBER.test(text)) return "registration number";
  if (LABEL_FIRST.test(text)) return "label first";
  return null;
}
