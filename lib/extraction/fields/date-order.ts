/**
 * Day-first or month-first: the one place that decides how a document orders the parts of its numeric dates. The
 * document's own unambiguous dates vote first (a part above 12); the readers that need more add the document's other
 * habits — months it spells out, dates written in words, US addresses and dollar amounts.
 */
import { findDates, type DateOrder } from "../../normalise/dates";
import type { DocLine } from "./document-lines";

type Votes = { dmy: number; mdy: number };

/**
 * Full numeric dates ("14/03/2024", "3.14.24"), not parts of longer runs of numbers and separators. A four-digit
 * year is of this or the last century: "10.15.4402" is a part number, and its 15 no month-first vote.
 */
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](?:(?:19|20)\d{2}|\d{2})(?![\d/.-])/g;

/** Votes of the numeric dates whose parts decide: a first part above 12 is a day, a second part above 12 too. */
function numericVotes(text: string, onUndecided?: (a: number, b: number) => void): Votes {
  const votes = { dmy: 0, mdy: 0 };
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) votes.dmy += 1;
    else if (b > 12 && a <= 12) votes.mdy += 1;
    else if (a !== b) onUndecided?.(a, b);
  }
  return votes;
}

/** The document's order from its unambiguous numeric dates; day-first when none decides (most of the world). */
export function detectDateOrder(text: string): DateOrder {
  const { dmy, mdy } = numericVotes(text);
  return mdy > dmy ? "mdy" : "dmy";
}

/**
 * The order for a table's dates: the numeric dates' votes; when none decides, the reading whose months are the months
 * the document spells out ("Statement period: March 1 – March 31") wins; `fallback` otherwise.
 */
export function documentDateOrder(text: string, fallback: DateOrder): DateOrder {
  const spelled = new Set(findDates(text, fallback).filter((d) => /\p{L}/u.test(d.text)).map((d) => Number(d.iso.slice(5, 7))));
  const months = { dmy: 0, mdy: 0 };
  const { dmy, mdy } = numericVotes(text, (a, b) => {
    if (spelled.has(b) && !spelled.has(a)) months.dmy += 1;
    if (spelled.has(a) && !spelled.has(b)) months.mdy += 1;
  });
  if (dmy !== mdy) return dmy > mdy ? "dmy" : "mdy";
  if (months.dmy !== months.mdy) return months.dmy > months.mdy ? "dmy" : "mdy";
  return fallback;
}

/** US addresses ("Springfield, IL 62704") or dollar amounts tell month-first dates where no date's numbers decide. */
const US_ADDRESS = /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
/** "January 10, 2015": the month before the day, as American English writes dates in words. */
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,\\s*\\d{4}\\b`, "gi");
/** "10 January 2015": the day before the month, as British English and most other languages write them. */
const DAY_FIRST = new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}\\b`, "gi");

/** Per set of lines: every field's detector asks, and the answer depends on the lines alone (and the fallback). */
const localeOrders = new WeakMap<DocLine[], Map<DateOrder, DateOrder>>();

/**
 * The order for the typed detectors (fields of any kind): a month-first document stays so; one day-first date decides
 * day-first; otherwise US addresses or dollar amounts, then the habit of the dates written in words, then
 * `documentOrder`.
 */
export function localeOrder(lines: DocLine[], documentOrder: DateOrder): DateOrder {
  if (documentOrder === "mdy") return "mdy";
  const known = localeOrders.get(lines)?.get(documentOrder);
  if (known) return known;
  const order = inferLocaleOrder(lines, documentOrder);
  const byFallback = localeOrders.get(lines) ?? new Map<DateOrder, DateOrder>();
  byFallback.set(documentOrder, order);
  localeOrders.set(lines, byFallback);
  return order;
}

function inferLocaleOrder(lines: DocLine[], documentOrder: DateOrder): DateOrder {
  const text = lines.map((l) => l.text).join("\n");
  if (numericVotes(text).dmy > 0) return "dmy";
  if (lines.some((l) => US_ADDRESS.test(l.text)) || lines.filter((l) => /\$\s?\d/.test(l.text)).length >= 2) return "mdy";
  // Dates written in words say how the writer orders a date's parts; numeric dates follow the same habit.
  let monthFirst = 0;
  let dayFirst = 0;
  for (const line of lines) {
    monthFirst += line.text.match(MONTH_FIRST)?.length ?? 0;
    dayFirst += line.text.match(DAY_FIRST)?.length ?? 0;
  }
  return monthFirst > dayFirst ? "mdy" : documentOrder;
}
