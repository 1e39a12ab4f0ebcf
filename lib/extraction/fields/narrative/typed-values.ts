/**
 * Typed values inside running text: dates as prose writes them, durations, places and names of parties. Each finder
 * returns only well-formed instances, so a field of that kind abstains rather than return a clause fragment.
 */
import { findDates, toIsoDate, type DateOrder } from "../../../normalise/dates";
import { findPlaces } from "./gazetteer";

export type Found = { value: string; index: number; length: number };

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH = `(${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;
// "the 30th day of January, 2006", "6th of February, 1999": the ordinal forms findDates does not read.
// Text layers split "13 th" and "May , 2005"; "10th October, 2011" has no "of".
const ORDINAL_DATE = new RegExp(`\\b(\\d{1,2})\\s?(?:st|nd|rd|th)?\\s+(?:day\\s+)?(?:of\\s+)?${MONTH}\\s*,?\\s+(\\d{4})\\b`, "gi");

// "December 9 th , 2014": the month first, its day's ordinal and the year's comma set apart by the text layer.
const MONTH_SPLIT_ORDINAL = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})\\s(?:st|nd|rd|th)\\s*,?\\s*(\\d{4})\\b`, "gi");

export function findProseDates(text: string, order: DateOrder): Found[] {
  const out: Found[] = [];
  const monthOf = (name: string) => MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().slice(0, 3))) + 1;
  for (const m of text.matchAll(ORDINAL_DATE)) {
    const iso = toIsoDate(Number(m[3]), monthOf(m[2]!), Number(m[1]));
    if (iso) out.push({ value: iso, index: m.index, length: m[0].length });
  }
  for (const m of text.matchAll(MONTH_SPLIT_ORDINAL)) {
    const iso = toIsoDate(Number(m[3]), monthOf(m[1]!), Number(m[2]));
    if (iso && !out.some((o) => m.index < o.index + o.length && o.index < m.index + m[0].length)) out.push({ value: iso, index: m.index, length: m[0].length });
  }
  for (const d of findDates(text, order)) {
    // A date needs its year written out with four digits in prose; "5/6" or "May 5" alone are not dates of record.
    if (!/\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2}\b/.test(d.text)) continue;
    if (!out.some((o) => d.index < o.index + o.length && o.index < d.index + d.length)) out.push({ value: d.iso, index: d.index, length: d.length });
  }
  return out.sort((a, b) => a.index - b.index);
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90,
};
const NUMBER = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join("|")})`;
const UNIT = "(day|week|month|year)s?";
// "two (2) years", "2-year", "twelve (12) months", "a period of 5 years".
const DURATION = new RegExp(`\\b${NUMBER}(?:\\s*\\(\\s*(\\d+(?:\\.\\d+)?)\\s*\\))?[\\s-]+(?:calendar\\s+)?${UNIT}\\b`, "gi");

/** Durations normalised to "<n> <unit>s" ("1 year", "2 years", "6 months"). */
export function findDurations(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(DURATION)) {
    const word = m[1]!.toLowerCase();
    const n = m[2] !== undefined ? Number(m[2]) : /^\d/.test(word) ? Number(word) : NUMBER_WORDS[word];
    if (n === undefined || !Number.isFinite(n) || n <= 0) continue;
    const unit = m[3]!.toLowerCase();
    out.push({ value: `${n} ${unit}${n === 1 ? "" : "s"}`, index: m.index, length: m[0].length });
  }
  return out;
}

export function findPlaceValues(text: string): Found[] {
  return findPlaces(text).map((p) => ({ value: p.name, index: p.index, length: p.length }));
}

// Legal forms as printed in title case or in capitals (legal text often sets party names in capitals).
const WORD_FORMS = ["Inc(?:orporated)?\\.?", "Corporation", "Corp\\.?", "Company", "Co\\.", "Ltd\\.?", "Limited", "Pty\\.?\\s+Ltd\\.?"];
const LEGAL_FORM = `(?:${[
  ...WORD_FORMS,
  // Letters only, not the "s" of "\\s".
  ...WORD_FORMS.map((f) => f.replace(/(?<!\\)[a-z]+/g, (w) => w.toUpperCase())),
  "L\\.?L\\.?C\\.?", "L\\.?L\\.?P\\.?", "L\\.?P\\.?", "N\\.\\s?V\\.?", "B\\.\\s?V\\.?", "AG", "GmbH", "GMBH", "S\\.\\s?A\\.?", "plc", "PLC", "SE",
].join("|")})`;
const CAP_WORD = "(?:[A-Z][\\w'’&/.-]*)";
// A short number inside a name ("Pier 1 Imports, Inc."), never its first word; a postcode ("MD 21017") is none.
const NAME_NUMBER = "(?:\\d{1,3}[A-Za-z]?)";
const CONNECTOR = "(?:of|and|&|the|de|du|la|for)";
// A run of capitalised words (connectors allowed inside), an optional comma, then the legal form; a second legal form
// closes the name when it follows ("Caribou Coffee Company, Inc.", "Xinyuan Real Estate Co., Ltd.").
const ORGANISATION = new RegExp(`(${CAP_WORD}(?:\\s+(?:${CAP_WORD}|${NAME_NUMBER}|${CONNECTOR})){0,7}?),?\\s+(${LEGAL_FORM}(?:,?\\s+${LEGAL_FORM})?)(?![\\w])`, "g");
// Words that open or frame a party in a contract's sentences but are never part of its name.
const NOT_NAME = new Set(
  [
    "this", "that", "these", "agreement", "between", "by", "and", "among", "with", "dated", "made", "entered", "into",
    "confidentiality", "nondisclosure", "non-disclosure", "disclosure", "mutual", "employee", "employer", "executive",
    "company", "party", "parties", "recipient", "whereas", "the", "of", "hereinafter", "a", "an", "as", "is", "on",
    "letter", "dear", "re", "attn", "to", "from", "for", "its", "their", "exhibit", "section", "between:", "parent",
    "shall", "should", "will", "would", "may", "must", "can", "not", "any", "all", "each", "such", "said", "other",
    // Conditions and honorifics frame a name too ("IF THE COMPANY", "Mr. Smith").
    "if", "when", "unless", "upon", "mr", "mrs", "ms", "dr", "undersigned",
    // A signatory's title before the company it signs for ("President and CEO Greatbatch, Inc.").
    "president", "vice", "ceo", "cfo", "coo", "chief", "officer", "secretary", "treasurer", "chairman", "director",
    "title", "name", "accepted", "agreed", "acknowledged", "attention",
  ].map((w) => w.toLowerCase()),
);
const LEGAL_ONLY = new RegExp(`^${LEGAL_FORM}$`, "i");

const bare = (w: string) => w.toLowerCase().replace(/[.,:;]+$/, "");

/**
 * Words the document also prints in lower case ("release", "policy", "manufacturing"): ordinary words, not a name's
 * own. A phrase made only of them is a heading or a clause ("GENERAL RELEASE", "Interest Policy of Company").
 */
export type OrdinaryWords = ReadonlySet<string>;

/**
 * The words a text prints in lower case more often than in title case (and at least twice): a company's own name is
 * mostly capitalised even where a domain or an address spells it in lower case ("Intel", "intel.com").
 */
export function ordinaryWords(text: string): OrdinaryWords {
  const lower = new Map<string, number>();
  const capitalised = new Map<string, number>();
  // Words in capitals are headings and emphasis ("AGREEMENT AND GENERAL RELEASE"): they count for neither side.
  for (const [word] of text.matchAll(/\b[A-Za-z][a-z'’-]*[a-z]\b/g)) {
    const key = word.toLowerCase();
    const counts = word === key ? lower : capitalised;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...lower].filter(([word, n]) => n >= 2 && n > (capitalised.get(word) ?? 0)).map(([word]) => word));
}

const allOrdinary = (words: string[], ordinary: OrdinaryWords) => words.length > 0 && words.every((w) => ordinary.has(bare(w).replace(/^["“‘(]+/, "")));

function trimName(words: string[], ordinary: OrdinaryWords): string[] {
  const trim = (framing: (w: string) => boolean): string[] => {
    let start = 0;
    // The name starts after the last framing word ("Agreement between ACME" → "ACME").
    words.forEach((w, i) => {
      // A capitalised "The" opens a name ("The Healthfield Group, Inc."); everything else here frames one.
      if (w !== "The" && framing(w) && i < words.length - 1) start = i + 1;
    });
    let out = words.slice(start);
    while (out.length > 0 && /^(?:of|and|&|the|de|du|la|for)$/.test(out[0]!)) out = out.slice(1);
    return out;
  };
  const out = trim((w) => NOT_NAME.has(bare(w)));
  // A lower-case "and" inside a run of capitalised words joins one name when what follows it is no name of its own
  // ("Saco River Telegraph and Telephone Company" is not "Telephone Company").
  if (out.length < words.length && words[words.length - out.length - 1] === "and" && allOrdinary(out.filter((w) => !LEGAL_ONLY.test(w)), ordinary)) {
    return trim((w) => w !== "and" && NOT_NAME.has(bare(w)));
  }
  return out;
}

/** Only places ("Delaware Corporation" of "a Delaware corporation"): how a party is described, not its name. */
function onlyPlaces(words: string[]): boolean {
  const text = words.join(" ");
  return findPlaces(text).some((p) => p.index === 0 && p.length === text.length);
}

/** Organisations with their legal form ("NIKE, Inc.", "Qiagen N.V."), spelled as printed. */
export function findOrganisations(text: string, ordinary: OrdinaryWords = new Set()): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(ORGANISATION)) {
    const words = trimName(m[1]!.split(/\s+/), ordinary);
    // A name needs a word of its own ("The Company" and "SHOULD COMPANY" are not names).
    const own = words.filter((w) => w !== "The" && !LEGAL_ONLY.test(w) && !/^(?:of|and|&|the|de|du|la|for)$/i.test(w));
    if (own.length === 0 || own.some((w) => NOT_NAME.has(bare(w)))) continue;
    if (allOrdinary(own.filter((w) => !/^\d/.test(w)), ordinary) || onlyPlaces(own)) continue;
    // "Conflict of Interest Policy of Company": a defined term after "of" or "the", not a company's legal form.
    if (/^(?:of|the|for)$/.test(words[words.length - 1] ?? "")) continue;
    const index = m.index + m[1]!.lastIndexOf(words.join(" ").split(" ")[0]!, m[1]!.length - words.join(" ").length);
    const length = m.index + m[0].length - index;
    // Spelled as printed, comma before the legal form included ("NIKE, Inc.").
    out.push({ value: text.slice(index, index + length).replace(/\s+/g, " "), index, length });
  }
  return out;
}

// Title case or capitals ("J. PATRICK MULCAHY"); initials with their stop.
const PERSON_WORD = "(?:[A-Z][a-z]+(?:[-'’][A-Z][a-z]+)?|[A-Z]{2,}(?:[-'’][A-Z]+)?|[A-Z]\\.)";
// A person named where a party is introduced: after "between", "and", "among", "with" or "by", two to four capitalised
// words or initials, optionally "Jr."/"Sr."/"III", closed by a comma, a parenthesis, "and" or the sentence's end.
const PERSON = new RegExp(
  `(?<=(?:\\b(?:between|and|among|with|by|undersigned|BETWEEN|AND)|:)\\s+(?:Mr\\.?\\s+|Ms\\.?\\s+|Mrs\\.?\\s+|Dr\\.?\\s+)?)(${PERSON_WORD}(?:\\s+${PERSON_WORD}){1,3}(?:,?\\s+(?:Jr|Sr)\\.?|\\s+I{2,3})?)(?=\\s*(?:,|\\(|\\band\\b|\\ban individual\\b|\\bresiding\\b|\\bwho\\b|$|\\.\\s))`,
  "g",
);

/** People introduced as parties ("and Craig W. Ashmore ("Employee")"); never a phrase containing a framing word. */
export function findPeople(text: string, ordinary: OrdinaryWords = new Set()): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(PERSON)) {
    const words = m[1]!.split(/\s+/);
    // An initial ("A.") is no framing word ("a"); "Mr." and "Ms." are.
    if (words.some((w) => (!/^[A-Z]\.$/.test(w) && NOT_NAME.has(bare(w))) || LEGAL_ONLY.test(w))) continue;
    if (allOrdinary(words.filter((w) => !/^[A-Z]\.$/.test(w)), ordinary)) continue;
    if (words.filter((w) => /^[A-Z][a-zA-Z]/.test(w)).length < 2 && !/^[A-Z]\.$/.test(words[0]!)) continue;
    out.push({ value: m[1]!.replace(/\s+/g, " "), index: m.index, length: m[1]!.length });
  }
  return out;
}

/** Inside parentheses, or after "dba"/"formerly"/"f/k/a": an alias or a former name, not a party of its own. */
function isAlias(text: string, index: number): boolean {
  const before = text.slice(0, index);
  const open = (before.match(/\(/g) ?? []).length - (before.match(/\)/g) ?? []).length;
  return open > 0 || /\b(?:dba|d\/b\/a|formerly|f\/k\/a|a\/k\/a|doing business as)[\s,]*$/i.test(before);
}

/** Parties: organisations first, then people not inside an organisation's span; aliases left out. */
export function findNames(text: string, ordinary: OrdinaryWords = new Set()): Found[] {
  const orgs = findOrganisations(text, ordinary);
  const people = findPeople(text, ordinary).filter((p) => !orgs.some((o) => p.index < o.index + o.length && o.index < p.index + p.length));
  return [...orgs, ...people].filter((f) => !isAlias(text, f.index)).sort((a, b) => a.index - b.index);
}
