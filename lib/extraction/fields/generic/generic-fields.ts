/**
 * Fields the built-in (invoice/receipt) vocabulary does not know: which fields those are, whether the document is
 * running text, and the value each gets from the narrative path. Form-style documents go through the label path in
 * `form-labels.ts`.
 */
import type { DateOrder } from "../../../normalise/dates";
import type { FieldDefinition, SourceBox, ValueEvidence } from "../../types";
import type { DocLine } from "../document-lines";
import { extractNarrativeList, extractNarrativeScalar, indexSentences, type NarrativeIndex, type NarrativeValue } from "../narrative/extract-narrative";
import { splitSentences } from "../narrative/sentences";
import { resolveConcept } from "../resolve-concept";
import { tokenise } from "../text-tokens";
import { fieldIntent, type IntentKind } from "./field-intent";

export type GenericValue = { value: string | number | boolean; source: SourceBox | null; raw: string; confidence: number; evidence: ValueEvidence };

/**
 * A field the vocabulary knows: its name is a concept's key, or every word of its name is a word of that concept's
 * cues or labels ("vendor", "invoice no"). "effective_date" resolves to the invoice date through "date" alone, but
 * "effective" is nothing the invoice date knows: that field is asking for something else.
 */
export function isKnownField(field: FieldDefinition): boolean {
  const concept = resolveConcept(field);
  if (!concept) return false;
  const name = tokenise(field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2"));
  if (name.join("_") === concept.key) return true;
  const vocabulary = new Set([...concept.cues, ...concept.labels].flatMap(tokenise));
  return name.every((token) => vocabulary.has(token));
}

/**
 * Running text: most of the words stand in long lines of lower-case prose. Contracts and letters score ~0.9,
 * invoices and receipts (short labelled lines, numbers) well under 0.5.
 */
export function isNarrative(lines: DocLine[]): boolean {
  let prose = 0;
  let total = 0;
  for (const line of lines) {
    total += line.words.length;
    const lower = line.words.filter((w) => /^[a-z][a-z,;.'’-]*$/.test(w.text)).length;
    if (line.words.length >= 8 && lower >= line.words.length * 0.4) prose += line.words.length;
  }
  return total >= 80 && prose / total >= 0.5;
}

const NARRATIVE_CONFIDENCE = { base: 0.45, perMatch: 0.45 };

/** Lazily built: most documents never ask for an unknown field. */
export class NarrativeReader {
  private index: NarrativeIndex | null = null;
  constructor(
    private readonly lines: DocLine[],
    private readonly order: DateOrder,
  ) {}

  private sentences(): NarrativeIndex {
    this.index ??= indexSentences(splitSentences(this.lines));
    return this.index;
  }

  scalar(field: FieldDefinition): GenericValue | null {
    const intent = fieldIntent(field);
    const found = extractNarrativeScalar(intent, this.sentences(), this.order);
    return found ? toGeneric(found, intent.kind) : null;
  }

  /** Rows of a table field: one row per occurrence, in its first column. Tables of several columns are not prose. */
  table(field: FieldDefinition): Array<{ column: string; value: GenericValue }> {
    const column = field.columns?.[0];
    if (!column || (field.columns?.length ?? 0) > 1) return [];
    const intent = fieldIntent(field, column);
    return extractNarrativeList(intent, this.sentences(), this.order).map((found) => ({ column: column.name, value: toGeneric(found, intent.kind) }));
  }
}

/** The value's kind is what the field asks for (a duration, a place, a date, a name): the calibration keeps apart
 * how often each kind read from prose is right, whatever the field is called. */
function toGeneric(found: NarrativeValue, kind: IntentKind): GenericValue {
  const confidence = Math.round((NARRATIVE_CONFIDENCE.base + NARRATIVE_CONFIDENCE.perMatch * found.match) * 100) / 100;
  const evidence: ValueEvidence = { strategy: "narrative", kind, match: found.match };
  if (found.agreement !== undefined) evidence.agreement = found.agreement;
  if (found.rival !== undefined) evidence.rival = found.rival;
  return { value: found.value, source: found.source, raw: found.raw, confidence, evidence };
}
