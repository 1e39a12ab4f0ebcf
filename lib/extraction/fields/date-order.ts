import type { DateOrder } from "../../normalise/dates";

/** Decides day-first or month-first for a whole document from its unambiguous numeric dates (a part above 12). */
export function detectDateOrder(text: string): DateOrder {
  let dmy = 0;
  let mdy = 0;
  const re = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](?:\d{4}|\d{2})(?!\d)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy += 1;
    else if (b > 12 && a <= 12) mdy += 1;
  }
  return mdy > dmy ? "mdy" : "dmy";
}
