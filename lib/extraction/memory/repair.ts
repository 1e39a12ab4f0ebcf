import { repairAddressText } from "../normalise/address-words";
import type { FieldType } from "../types";
import { oneLetterOff } from "../normalise/letter-slips";
import { normalise } from "./text";

/** Below five letters one letter off is as likely another word ("LOTS" / "LOST", "JAYA" / "JAVA"). */
const MIN_LETTERS = 5;

/**
 * Text memory reads as printed (the line of an address that differs this time, a value beside its label) passes
 * through OCR as the engine's own reading does, so it gets the repairs the engine's reading gets: a word one
 * letter off a word of the taught value is that word (the sender's own vocabulary: "KAFAR" where "KAPAR" was
 * confirmed), and an address's words are checked against the address vocabulary ("FETALING" → "PETALING").
 */
export function repairPrinted(type: FieldType, printed: string, taught: string): string {
  const vocabulary = [...new Set(taught.split(/\s+/).map(core).filter((word) => word.length >= MIN_LETTERS && /^\p{L}+$/u.test(word)))];
  const repaired = printed
    .split(/(\s+)/)
    .map((part) => (/\s/.test(part) ? part : fromTaught(part, vocabulary)))
    .join("");
  return type === "address" ? repairAddressText(repaired) : repaired;
}

function core(token: string): string {
  return /^[^\p{L}\p{N}]*(.*?)[^\p{L}\p{N}]*$/u.exec(token)?.[1] ?? token;
}

/** One printed token, its letters replaced by the single taught word they misread (case and punctuation kept). */
function fromTaught(token: string, vocabulary: string[]): string {
  const match = /^([^\p{L}\p{N}]*)([\p{L}\p{N}]+)([^\p{L}\p{N}]*)$/u.exec(token);
  if (!match) return token;
  const [, lead = "", word = "", trail = ""] = match;
  if (word.length < MIN_LETTERS || !/\p{L}/u.test(word)) return token;
  const printed = normalise(word);
  if (vocabulary.some((taught) => normalise(taught) === printed)) return token;
  // The slip the engine's own repairs allow (legal forms, address words): as many letters, one of them misread.
  const near = vocabulary.filter((taught) => oneLetterOff(normalise(taught), printed));
  // Two taught words one slip away: nothing tells which was meant.
  if (near.length !== 1) return token;
  const taught = near[0]!;
  const inCase = word === word.toUpperCase() ? taught.toUpperCase() : word === word.toLowerCase() ? taught.toLowerCase() : taught;
  return lead + inCase + trail;
}
