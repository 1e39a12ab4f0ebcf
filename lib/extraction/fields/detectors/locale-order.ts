/** The order of numeric dates for the detectors, where the dates' own numbers do not decide it. */
import type { DateOrder } from "../../../normalise/dates";
import type { DocLine } from "../document-lines";

/** US addresses ("Springfield, IL 62704") or dollar amounts tell month-first dates where no date's numbers decide. */
const US_ADDRESS = /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;

export function localeOrder(lines: DocLine[], documentOrder: DateOrder): DateOrder {
  if (documentOrder === "mdy") return "mdy";
  let dmy = 0;
  for (const line of lines) {
    for (const m of line.text.matchAll(/(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](?:\d{4}|\d{2})(?!\d)/g)) if (Number(m[1]) > 12) dmy += 1;
  }
  if (dmy > 0) return "dmy";
  return lines.some((l) => US_ADDRESS.test(l.text)) || lines.filter((l) => /\$\s?\d/.test(l.text)).length >= 2 ? "mdy" : documentOrder;
}
