/** The order of numeric dates for the detectors, where the dates' own numbers do not decide it. */
import type { DateOrder } from "../../../normalise/dates";
import type { DocLine } from "../document-lines";

/** US addresses ("Springfield, IL 62704") or dollar amounts tell month-first dates where no date's numbers decide. */
const US_ADDRESS = /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
/** "January 10, 2015": the month before the day, as American English writes dates in words. */
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,\\s*\\d{4}\\b`, "gi");
/** "10 January 2015": the day before the month, as British English and most other languages write them. */
const DAY_FIRST = new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}\\b`, "gi");

export function localeOrder(lines: DocLine[], documentOrder: DateOrder): DateOrder {
  if (documentOrder === "mdy") return "mdy";
  let dmy = 0;
  for (const line of lines) {
    for (const m of line.text.matchAll(/(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](?:\d{4}|\d{2})(?!\d)/g)) if (Number(m[1]) > 12) dmy += 1;
  }
  if (dmy > 0) return "dmy";
  if (lines.some((l) => US_ADDRESS.test(l.text)) || lines.filter((l) => /\$\s?\d/.test(l.text)).length >= 2) return "mdy";
  // Dates written in words say how the writer orders a date's parts; numeric dates follow the same habit.
  let monthFirst = 0;
  let dayFirst = 0;
  for (const line of lines) {
    monthFirst += (line.text.match(MONTH_FIRST) ?? []).length;
    dayFirst += (line.text.match(DAY_FIRST) ?? []).length;
  }
  return monthFirst > dayFirst ? "mdy" : documentOrder;
}
