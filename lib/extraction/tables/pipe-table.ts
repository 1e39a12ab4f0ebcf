import type { Row } from "./word-rows";

/**
 * A plain-text table drawn with bars ("| Description | Quantité | Prix |", a rule "|-----|-----|" under its header), as
 * Markdown prints one: the bars are the table's rules, not its cells' text. On a page with such a rule line, the bars
 * of every line holding two or more are taken out, so "| 1 |" reads 1 and "1500 |" reads 1500. A bar inside one
 * description ("GSUITE | …76387") stands on a line of one bar and on pages without a drawn rule, and stays.
 */

/** "|------|:----:|", "+-----+-----+": a rule line of a drawn text table, three cells at least. */
const RULE_LINE = /^[|+](?:\s*:?-{3,}:?\s*[|+]){3,}$/;

const BARS = /^\|+|\|+$/g;

export function withoutTextRules(rows: Row[]): Row[] {
  if (!rows.some((r) => RULE_LINE.test(r.words.map((w) => w.text).join("")))) return rows;
  return rows.map((r) => {
    const bars = r.words.reduce((n, w) => n + (w.text.match(/\|/g)?.length ?? 0), 0);
    if (bars < 2) return r;
    const words = r.words.map((w) => ({ ...w, text: w.text.replace(BARS, "") })).filter((w) => w.text.trim() !== "");
    return words.length === 0 ? r : { ...r, words };
  });
}
