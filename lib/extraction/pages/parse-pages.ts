/**
 * Page selection expressions, comma separated and combined as a union:
 *   "all" | "*"            every page
 *   "3"                    one page; "-1" or "last" is the last page, "-2" or "last-1" the one before
 *   "1-3", "5-", "2-last"  ranges (open end = to the last page); "last-2-last" the last three
 *   "odd" | "even"         odd/even pages
 *   "2n", "2n+1", "3n-1", "-n+3"   CSS-style forms: every page a·n+b for n = 0, 1, 2, …
 *   "first 3" | "last 2"   the first/last k pages
 * Pages outside the document are ignored; an unreadable expression is an error.
 */

export class PageSelectionError extends Error {}

const REF = String.raw`(?:\d+|last(?:\s*-\s*\d+)?|\(-\d+\))`;

function resolveRef(ref: string, total: number): number {
  const r = ref.replace(/\s+/g, "").toLowerCase();
  if (/^\d+$/.test(r)) return Number(r);
  if (r === "last") return total;
  const fromLast = /^last-(\d+)$/.exec(r);
  if (fromLast) return total - Number(fromLast[1]);
  const negative = /^\(?-(\d+)\)?$/.exec(r);
  if (negative) return total + 1 - Number(negative[1]);
  throw new PageSelectionError(`Unknown page reference "${ref}"`);
}

function nForm(token: string, total: number): number[] | null {
  const m = /^([+-]?\d*)n(?:\s*([+-])\s*(\d+))?$/.exec(token);
  if (!m) return null;
  const aText = m[1] ?? "";
  const a = aText === "" || aText === "+" ? 1 : aText === "-" ? -1 : Number(aText);
  const b = m[2] ? (m[2] === "-" ? -1 : 1) * Number(m[3]) : 0;
  const out: number[] = [];
  if (a === 0) return b >= 1 && b <= total ? [b] : [];
  for (let n = 0; n <= total + Math.abs(b); n += 1) {
    const p = a * n + b;
    if (p >= 1 && p <= total) out.push(p);
    if (a < 0 && p < 1) break;
  }
  return out;
}

function expandToken(raw: string, total: number): number[] {
  const token = raw.trim().toLowerCase();
  if (token === "") return [];
  if (token === "all" || token === "*") return range(1, total);
  if (token === "odd") return range(1, total).filter((p) => p % 2 === 1);
  if (token === "even") return range(1, total).filter((p) => p % 2 === 0);
  const firstLast = /^(first|last)\s+(\d+)$/.exec(token);
  if (firstLast) {
    const k = Number(firstLast[2]);
    return firstLast[1] === "first" ? range(1, Math.min(k, total)) : range(Math.max(1, total - k + 1), total);
  }
  const n = nForm(token.replace(/\s+/g, ""), total);
  if (n) return n;
  if (new RegExp(`^${REF}$`).test(token) || /^-\d+$/.test(token)) return [resolveRef(token, total)];
  const rangeMatch = new RegExp(`^(${REF})\\s*-\\s*(${REF})?$`).exec(token);
  if (rangeMatch) {
    const from = resolveRef(rangeMatch[1] ?? "", total);
    const to = rangeMatch[2] ? resolveRef(rangeMatch[2], total) : total;
    if (from > to) throw new PageSelectionError(`Empty page range "${raw}"`);
    return range(from, to);
  }
  throw new PageSelectionError(`Cannot read page selection "${raw}"`);
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let p = from; p <= to; p += 1) out.push(p);
  return out;
}

/** Returns the selected 1-based page numbers in ascending order, without duplicates. */
export function parsePages(expression: string | undefined | null, total: number): number[] {
  if (!expression || expression.trim() === "") return range(1, total);
  const pages = new Set<number>();
  for (const token of expression.split(/[,;]/)) {
    for (const p of expandToken(token, total)) if (p >= 1 && p <= total) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}
