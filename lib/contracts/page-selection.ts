/**
 * The `parsePages` syntax, shared by the API contract (validation), the console (live explanation) and the
 * engine (which pages to read). Pure, so the browser may import it.
 *
 * A selection is a comma-separated list of terms; an empty selection means every page:
 * - `4`: one page; `-1` or `last`: the last page; `-2`: the second-to-last
 * - `1-3`: a range; the ends may count from the end too (`2-last`, `3--2`)
 * - `2n`, `2n+1`, `3n-1`, `n+4`: every page that `a·n+b` hits for n = 0, 1, 2 … (as CSS `nth-child`)
 * - `odd`, `even`: aliases of `2n+1` and `2n`
 *
 * For an e-mail conversation, page 1 is the newest visible message.
 */
export type PageRef = { fromEnd: boolean; index: number };

export type PageTerm =
  | { kind: "page"; page: PageRef }
  | { kind: "range"; from: PageRef; to: PageRef }
  | { kind: "step"; step: number; offset: number };

export type PageSelectionResult = { ok: true; terms: PageTerm[] } | { ok: false; error: string };

export const PAGE_SELECTION_HELP =
  "Comma-separated pages: 4, ranges 1-3, from the end -1 or last (2-last), and steps 2n, 2n+1, odd, even. Empty: every page.";

const MAX_PAGE = 100_000;

function parseRef(text: string): PageRef | null {
  if (text === "last") return { fromEnd: true, index: 1 };
  const match = /^(-?)(\d{1,6})$/.exec(text);
  if (!match) return null;
  const index = Number(match[2]);
  if (index < 1 || index > MAX_PAGE) return null;
  return { fromEnd: match[1] === "-", index };
}

function parseTerm(raw: string): PageTerm | string {
  const term = raw.replace(/\s+/g, "").toLowerCase();
  if (!term) return "empty term (two commas in a row?)";
  if (term === "odd") return { kind: "step", step: 2, offset: 1 };
  if (term === "even") return { kind: "step", step: 2, offset: 0 };

  const step = /^(\d{0,6})n(?:([+-])(\d{1,6}))?$/.exec(term);
  if (step) {
    const a = step[1] === "" ? 1 : Number(step[1]);
    if (a < 1) return `"${raw.trim()}": the step before n must be at least 1`;
    const b = step[3] === undefined ? 0 : Number(step[3]) * (step[2] === "-" ? -1 : 1);
    return { kind: "step", step: a, offset: b };
  }

  const single = parseRef(term);
  if (single) return { kind: "page", page: single };

  // A range: the separator is the first "-" that follows a digit or "last" (so "-3--1" and "2-last" both parse).
  const range = /^(-?\d{1,6}|last)-(-?\d{1,6}|last)$/.exec(term);
  if (range) {
    const from = parseRef(range[1]!);
    const to = parseRef(range[2]!);
    if (!from || !to) return `"${raw.trim()}": pages start at 1`;
    if (!from.fromEnd && !to.fromEnd && from.index > to.index) return `"${raw.trim()}": the range ends before it starts`;
    if (from.fromEnd && to.fromEnd && from.index < to.index) return `"${raw.trim()}": the range ends before it starts`;
    return { kind: "range", from, to };
  }
  if (/^-?0+$/.test(term)) return `"${raw.trim()}": pages start at 1`;
  return `"${raw.trim()}" is not a page, range (1-3), step (2n+1, odd, even) or page from the end (-1, last)`;
}

export function parsePageSelection(text: string): PageSelectionResult {
  if (text.trim() === "") return { ok: true, terms: [] };
  const terms: PageTerm[] = [];
  for (const raw of text.split(",")) {
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
  if (terms.length === 0) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const picked = new Set<number>();
  const add = (page: number) => {
    if (page >= 1 && page <= pageCount) picked.add(page);
  };
  for (const term of terms) {
    if (term.kind === "page") add(resolveRef(term.page, pageCount));
    else if (term.kind === "range") {
      const from = Math.max(1, resolveRef(term.from, pageCount));
      const to = Math.min(pageCount, resolveRef(term.to, pageCount));
      for (let page = from; page <= to; page += 1) add(page);
    } else {
      for (let n = 0; term.step * n + term.offset <= pageCount; n += 1) add(term.step * n + term.offset);
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
