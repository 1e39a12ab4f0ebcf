import type { FieldDefinition } from "../types";
import { CONCEPTS, type Concept, type ValueKind } from "./concepts";
import { tokenise } from "./text-tokens";

function containsPhrase(haystack: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= haystack.length; i += 1) {
    if (phrase.every((t, j) => haystack[i + j] === t)) return true;
  }
  return false;
}

/**
 * Which built-in concept a parser field asks for, judged from its name, description and instructions.
 * A cue in the name outweighs one in the description; longer cues outweigh shorter ones.
 */
export function resolveConcept(field: FieldDefinition): Concept | null {
  const name = tokenise(field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2"));
  const exact = CONCEPTS.find((c) => c.key === name.join("_"));
  if (exact) return exact;
  const desc = tokenise(`${field.description ?? ""} ${field.instructions ?? ""}`);
  let best: { concept: Concept; score: number } | null = null;
  for (const concept of CONCEPTS) {
    for (const cue of concept.cues) {
      const cueTokens = tokenise(cue);
      let score = 0;
      if (containsPhrase(name, cueTokens)) score = 3 * cueTokens.length + (name.length === cueTokens.length ? 1 : 0);
      else if (containsPhrase(desc, cueTokens)) score = cueTokens.length;
      if (score > 0 && (!best || score > best.score)) best = { concept, score };
    }
  }
  return best?.concept ?? null;
}

/** The value kind for a field with no built-in concept, from its declared type. */
export function kindForType(field: FieldDefinition): ValueKind {
  switch (field.type) {
    case "date":
      return "date";
    case "number":
      return "number";
    case "currency":
      return "amount";
    case "email":
      return "email";
    case "phone":
      return "phone";
    case "url":
      return "url";
    case "address":
      return "address";
    default:
      return "text";
  }
}

/** Labels a field brings itself: its name in words and its description, so custom fields work without built-ins. */
export function fieldLabels(field: FieldDefinition): string[] {
  const words = field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  const labels = [words];
  if (field.description && field.description.length <= 40) labels.push(field.description);
  return labels;
}
