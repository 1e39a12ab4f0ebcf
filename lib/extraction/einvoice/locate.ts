import { documentLines, wordsSource, type DocLine } from "../fields/document-lines";
import { findAmounts } from "../../normalise/amounts";
import { findDates } from "../../normalise/dates";
import type { PageModel, SourceBox } from "../types";

const squash = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Where a value from the e-invoice XML is printed on the page: the words showing that amount, that date (in any
 * of the date forms the engine reads) or that text; null when it is not printed. `after` skips earlier matches,
 * so the lines of a table find their own row (each row's values lie below the previous row's).
 */
export function locateValue(lines: DocLine[], value: string | number, options: { kind: "amount" | "date" | "text"; after?: SourceBox | null }): SourceBox | null {
  const after = options.after;
  const candidates = after ? lines.filter((l) => l.page > after.page || (l.page === after.page && l.box.y + l.box.h / 2 > after.y + after.h / 2 - 0.002)) : lines;
  for (const line of candidates) {
    if (options.kind === "amount") {
      const word = line.words.find((w) => findAmounts(w.text).some((a) => Math.abs(Math.abs(a.value) - Math.abs(Number(value))) < 0.005));
      if (word) return wordsSource(line.page, [word]);
      continue;
    }
    if (options.kind === "date") {
      if (findDates(line.text).some((d) => d.iso === value) || findDates(line.text, "mdy").some((d) => d.iso === value)) return { page: line.page, ...line.box };
      continue;
    }
    const wanted = squash(String(value));
    if (wanted.length < 2 || !squash(line.text).includes(wanted)) continue;
    // The words that spell the value, when they can be told apart; else the whole line.
    const words = line.words.filter((w) => wanted.includes(squash(w.text)));
    return words.length > 0 ? wordsSource(line.page, words) : { page: line.page, ...line.box };
  }
  return null;
}

export function locatorLines(model: PageModel): DocLine[] {
  return documentLines(model);
}
