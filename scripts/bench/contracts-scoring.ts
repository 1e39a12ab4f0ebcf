/**
 * contracts-dev (../shared/datasets/contracts-dev/README.md): the parser the benchmark creates and the scoring rules
 * of its GT notes. Kept apart from bench/extract.ts so the invoice scoring there stays as it was.
 */
import type { FieldDefinition, FieldValue } from "../../lib/extraction";

export const CONTRACT_FIELDS: FieldDefinition[] = [
  { name: "effective_date", type: "date", description: "The date the agreement takes effect" },
  { name: "jurisdiction", type: "text", description: "The state or country whose law governs the agreement" },
  { name: "term", type: "text", description: "How long the agreement lasts, e.g. 2 years" },
  {
    name: "parties",
    type: "table",
    description: "The parties that sign the agreement: company or person name",
    columns: [{ name: "party", type: "text", description: "Company or person name" }],
  },
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20, twentyfour: 24, thirty: 30, sixty: 60,
};

const stripAccents = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

/** Upper-cased, accents removed, "State of" / "Commonwealth of" dropped, non-letters to spaces. */
export function normaliseJurisdiction(v: string): string {
  return stripAccents(v)
    .toUpperCase()
    .replace(/\b(?:STATE|COMMONWEALTH)\s+OF\b/g, " ")
    .replace(/[^A-Z]+/g, " ")
    .trim();
}

/** "<n> <unit>s" with number words turned into digits: "two (2) years" → "2 YEARS". */
export function normaliseTerm(v: string): string {
  const s = stripAccents(v).toLowerCase().replace(/\(\s*\d+(?:\.\d+)?\s*\)/g, " ").replace(/-/g, " ");
  const m = /(\d+(?:\.\d+)?|[a-z]+)\s+(day|week|month|year)s?\b/.exec(s);
  if (!m) return s.toUpperCase().replace(/\s+/g, " ").trim();
  const n = /^\d/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!];
  return n === undefined ? s.toUpperCase().trim() : `${n} ${m[2]!.toUpperCase()}S`;
}

/** Upper-cased, `.,;:'"` (and curly quotes) removed, spaces collapsed. */
export function normaliseParty(v: string): string {
  return v.toUpperCase().replace(/[.,;:'"\u2018\u2019\u201c\u201d]/g, "").replace(/\s+/g, " ").trim();
}

export function contractValueEqual(key: string, gt: string, pred: FieldValue | undefined): boolean {
  if (pred === null || pred === undefined || Array.isArray(pred)) return false;
  const p = String(pred);
  if (key === "effective_date") return /^\d{4}-\d{2}-\d{2}$/.test(p) && p === gt;
  if (key === "jurisdiction") return normaliseJurisdiction(gt) === normaliseJurisdiction(p);
  if (key === "term") return normaliseTerm(gt) === normaliseTerm(p);
  return normaliseParty(gt) === normaliseParty(p);
}

/** Parties as a set per document: each predicted name is a hit or a false positive, each missed GT name a miss. */
export function scoreParties(gt: string[], predicted: string[]): { tp: number; fp: number; fn: number; missed: string[]; wrong: string[] } {
  const want = new Set(gt.map(normaliseParty));
  const got = new Set(predicted.map(normaliseParty).filter((p) => p.length > 0));
  const tp = [...got].filter((p) => want.has(p)).length;
  return {
    tp,
    fp: got.size - tp,
    fn: want.size - tp,
    missed: [...want].filter((p) => !got.has(p)),
    wrong: [...got].filter((p) => !want.has(p)),
  };
}

/** Documents of one half of the split groups (sorted by name): tune on `a`, confirm on `b`. */
export function inHalf(splitGroup: string | undefined, allGroups: string[], half: "a" | "b" | undefined): boolean {
  if (!half || !splitGroup) return true;
  const sorted = [...new Set(allGroups)].sort();
  const index = sorted.indexOf(splitGroup);
  const firstHalf = index < Math.ceil(sorted.length / 2);
  return half === "a" ? firstHalf : !firstHalf;
}
