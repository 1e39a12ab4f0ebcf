/**
 * The `parsePages` syntax, shared by the API contract (validation) and the console (live explanation). Pure,
 * so the browser may import it. It reads the same language as the extraction engine's page selection
 * (lib/extraction/pages), so whatever the API stores, the engine can read:
 *
 * Terms separated by commas (or semicolons); an empty selection, `all` or `*` means every page.
 * - `4`: one page; `-1` or `last`: the last page; `-2` or `last-1`: the one before
 * - `1-3`: a range; `5-`: to the end; `2-last`, `last-2-last`, `(-3)-(-1)`: ends counted from the end
 * - `2n`, `2n+1`, `3n-1`, `n+4`, `-n+3`: every page `a·n+b` hits for n = 0, 1, 2 … (as CSS `nth-child`)
 * - `odd`, `even`; `first 3`, `last 2`: the first or last k pages
 *
 * For an e-mail conversation, page 1 is the newest visible message.
 */
export type PageRef = { fromEnd: boolean; index: number };

export type PageTerm =
  | { kind: "all" }
  | { kind: "page"; page: PageRef }
  | { kind: "range"; from: PageRef; to: PageRef | null }
  | { kind: "step"; step: number; offset: number }
  | { kind: "first"; count: number }
  | { kind: "last"; count: number };

export type PageSelectionResult = { ok: true; terms: PageTerm[] } | { ok: false; error: string };

export const PAGE_SELECTION_HELP =
  "Comma-separated pages: 4, ranges 1-3 or 5- (to the end), from the end -1, last or last-1 (2-last), steps 2n, 2n+1, odd, even, and first 3 / last 2. Empty: every page.";

const MAX_PAGE = 100_000;
// A range end: a page, `last`, `last-N`, or a parenthesised negative `(-N)`.
const REF = String.raw`(?:\d{1,6}|last(?:-\d{1,6})?|\(-\d{1,6}\))`;

function parseRef(text: string): PageRef | null {
  if (text === "last") return { fromEnd: true, index: 1 };
  const fromLast = /^last-(\d{1,6})$/.exec(text);
  if (fromLast) return { fromEnd: true, index: Number(fromLast[1]) + 1 };
  const negative = /^\(?-(\d{1,6})\)?$/.exec(text);
  if (negative) return Number(negative[1]) >= 1 ? { fromEnd: true, index: Number(negative[1]) } : null;
  if (!/^\d{1,6}$/.test(text)) return null;
  const index = Number(text);
  return index >= 1 && index <= MAX_PAGE ? { fromEnd: false, index } : null;
}

function parseTerm(raw: string): PageTerm | string {
  const shown = raw.trim();
  const term = shown.toLowerCase();
  if (!term) return "empty term (two commas in a row?)";
  if (term === "all" || term === "*") return { kind: "all" };
  if (term === "odd") return { kind: "step", step: 2, offset: 1 };
  if (term === "even") return { kind: "step", step: 2, offset: 0 };
  const firstLast = /^(first|last)\s+(\d{1,6})$/.exec(term);
  if (firstLast) {
    const count = Number(firstLast[2]);
    if (count < 1) return `"${shown}": take at least one page`;
    return firstLast[1] === "first" ? { kind: "first", count } : { kind: "last", count };
  }

  const compact = term.replace(/\s+/g, "");
  const step = /^([+-]?)(\d{0,6})n(?:([+-])(\d{1,6}))?$/.exec(compact);
  if (step) {
    const size = step[2] === "" ? 1 : Number(step[2]);
    if (size < 1) return `"${shown}": the number before n must be at least 1`;
    const offset = step[4] === undefined ? 0 : Number(step[4]) * (step[3] === "-" ? -1 : 1);
    return { kind: "step", step: step[1] === "-" ? -size : size, offset };
  }

  const single = parseRef(compact);
  if (single) return { kind: "page", page: single };

  const range = new RegExp(`^(${REF})-(${REF})?$`).exec(compact);
  if (range) {
    const from = parseRef(range[1]!);
    const to = range[2] === undefined ? null : parseRef(range[2]);
    if (!from || (range[2] !== undefined && !to)) return `"${shown}": pages start at 1`;
    if (to && !from.fromEnd && !to.fromEnd && from.index > to.index) return `"${shown}": the range ends before it starts`;
    if (to && from.fromEnd && to.fromEnd && from.index < to.index) return `"${shown}": the range ends before it starts`;
    return { kind: "range", from, to };
  }
  if (/^-?0+$/.test(compact)) return `"${shown}": pages start at 1`;
  if (/^-\d+-/.test(compact)) return `"${shown}": put a page counted from the end in parentheses inside a range, as (-3)-(-1)`;
  return `"${shown}" is not a page (4), range (1-3), step (2n+1, odd, even) or page from the end (-1, last)`;
}

export function parsePageSelection(text: string): PageSelectionResult {
  if (text.trim() === "") return { ok: true, terms: [] };
  const terms: PageTerm[] = [];
  for (const raw of text.split(/[,;]/)) {
    const term = parseTerm(raw);
    if (typeof term === "string") return { ok: false, error: term };
    terms.push(term);
  }
  return { ok: true, terms };
}

function resolveRef(ref: PageRef, pageCount: number): number {
  return ref.fromEnd ? pageCount - ref.index + 1 : ref.index;
}

/** The 1-based pages a selection picks from a document of `pageCount` pages, ascending and without repeats. */
export function selectPages(terms: PageTerm[], pageCount: number): number[] {
  const picked = new Set<number>();
  const add = (page: number) => {
    if (page >= 1 && page <= pageCount) picked.add(page);
  };
  const addRange = (from: number, to: number) => {
    for (let page = Math.max(1, from); page <= Math.min(pageCount, to); page += 1) add(page);
  };
  if (terms.length === 0) addRange(1, pageCount);
  for (const term of terms) {
    if (term.kind === "all") addRange(1, pageCount);
    else if (term.kind === "page") add(resolveRef(term.page, pageCount));
    else if (term.kind === "range") addRange(resolveRef(term.from, pageCount), term.to ? resolveRef(term.to, pageCount) : pageCount);
    else if (term.kind === "first") addRange(1, term.count);
    else if (term.kind === "last") addRange(pageCount - term.count + 1, pageCount);
    else {
      for (let n = 0; n <= pageCount + Math.abs(term.offset); n += 1) add(term.step * n + term.offset);
    }
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * `splitDocuments.pageRanges`: each comma-separated term is one part, a page (`7`) or a range (`1-3`), in
 * absolute page numbers; parts may not overlap. Returns the parts or an error message.
 */
export function parsePageRanges(text: string): { ok: true; parts: [number, number][] } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: false, error: "list at least one page or range, such as 1-3,4-6,7" };
  const parts: [number, number][] = [];
  for (const raw of text.split(",")) {
    const term = raw.replace(/\s+/g, "");
    const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(term);
    if (!match) return { ok: false, error: `"${raw.trim()}" is not a page (7) or a range (1-3)` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1) return { ok: false, error: `"${raw.trim()}": pages start at 1` };
    if (to < from) return { ok: false, error: `"${raw.trim()}": the range ends before it starts` };
    const overlap = parts.find(([start, end]) => from <= end && to >= start);
    if (overlap) return { ok: false, error: `"${raw.trim()}" overlaps ${overlap[0]}-${overlap[1]}` };
    parts.push([from, to]);
  }
  return { ok: true, parts };
}
