/**
 * The labels a form may print for a field the vocabulary does not know, from the field's own definition: its name
 * in words, a short description, the quoted or "labelled" phrases of its instructions, and variants from synonyms of
 * common form words ("Phone" for "telephone", "No." for "number", "Date of birth" for "birth date").
 */
import type { DateOrder } from "../../../normalise/dates";
import type { FieldDefinition } from "../../types";
import type { ValueKind } from "../concepts";
import { wordsSource, type DocLine } from "../document-lines";
import type { Candidate } from "../find-labelled-value";
import type { LabelMatch } from "../label-matches";
import { readValue } from "../read-value";

/** Common form words and what forms print instead. Symmetric: each group is one meaning. */
const SYNONYM_GROUPS: string[][] = [
  ["number", "no", "nr", "#", "num"],
  ["telephone", "phone", "tel", "mobile", "cell"],
  ["email", "e-mail", "mail"],
  ["address", "addr"],
  ["postcode", "zip", "zip code", "postal code", "post code"],
  ["surname", "last name", "family name"],
  ["first name", "given name", "forename"],
  ["date of birth", "birth date", "dob", "born"],
  ["company", "organisation", "organization", "employer", "business"],
  ["identifier", "id", "reference", "ref"],
  ["amount", "sum", "total"],
  ["signature", "signed"],
  ["country", "nation"],
  ["quantity", "qty"],
];

const MAX_DESCRIPTION_LABEL = 40;

function words(name: string): string {
  return name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim().toLowerCase();
}

/** Each group member with the expression that finds it as a whole word, compiled once. */
const SYNONYM_MATCHERS = SYNONYM_GROUPS.map((group) => group.map((member) => ({ member, re: new RegExp(`(^|\\s)${member.replace(/[#]/g, "\\#")}(?=\\s|$)`) })));

/** Each synonym group member found in the phrase replaced by every other member. */
function synonymVariants(phrase: string): string[] {
  const out = new Set<string>();
  for (const [g, matchers] of SYNONYM_MATCHERS.entries()) {
    for (const { member, re } of matchers) {
      if (!re.test(phrase)) continue;
      for (const other of SYNONYM_GROUPS[g]!) if (other !== member) out.add(phrase.replace(re, `$1${other}`));
    }
  }
  return [...out];
}

/** "birth date" → "date of birth": forms print both orders of a two-word label. */
function ofVariant(phrase: string): string[] {
  const parts = phrase.split(" ");
  return parts.length === 2 ? [`${parts[1]} of ${parts[0]}`] : [];
}

export function formLabels(field: FieldDefinition): string[] {
  const base = [words(field.name)];
  const description = field.description?.trim();
  if (description && description.length <= MAX_DESCRIPTION_LABEL) base.push(description.toLowerCase().replace(/[.:]+$/, ""));
  // Instructions that name the label: 'labelled "Policy No."', 'printed as "Ref"'.
  for (const m of (field.instructions ?? "").matchAll(/["“']([^"”']{2,40})["”']/g)) base.push(m[1]!.toLowerCase());
  const all = new Set<string>();
  for (const phrase of base) {
    all.add(phrase);
    for (const variant of [...synonymVariants(phrase), ...ofVariant(phrase)]) all.add(variant);
  }
  return [...all].filter((l) => l.length > 0);
}

/**
 * The value under a label, for when the text right of it is another question: the nearest line below that starts
 * within the label's width, at most two line heights down, read as the field's kind.
 */
export function valueBelowLabel(lines: DocLine[], matches: LabelMatch[], kind: ValueKind, order: DateOrder, otherLabels: ReadonlySet<string>): Candidate | null {
  for (const match of matches) {
    const labelWords = match.line.words.slice(match.start, match.end);
    if (labelWords.length === 0) continue;
    const left = Math.min(...labelWords.map((w) => w.box.x));
    const right = Math.max(...labelWords.map((w) => w.box.x + w.box.w));
    const bottom = match.line.box.y + match.line.box.h;
    const below = lines
      .filter((l) => l.page === match.line.page && l.box.y >= bottom - 0.001 && l.box.y - bottom < 2 * match.line.box.h)
      .flatMap((l) => {
        const words = l.words.filter((w) => w.box.x >= left - 0.01 && w.box.x < right);
        return words.length > 0 ? [{ line: l, words }] : [];
      })
      .sort((a, b) => a.line.box.y - b.line.box.y)[0];
    if (!below) continue;
    // The run of words starting under the label, up to the first wide gap (the next column's text).
    const run = [below.words[0]!];
    for (const w of below.line.words.slice(below.line.words.indexOf(below.words[0]!) + 1)) {
      const last = run[run.length - 1]!;
      if (w.box.x - (last.box.x + last.box.w) > 2 * last.box.h) break;
      run.push(w);
    }
    const read = readValue(kind, run, order);
    if (!read || otherLabels.has(String(read.value).toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, " ").trim())) continue;
    return { value: read.value, score: 0.6 * read.quality, source: wordsSource(below.line.page, read.words), raw: read.words.map((w) => w.text).join(" "), line: below.line.index };
  }
  return null;
}
