import { LETTER_LOOKALIKES, oneLetterOff } from "../normalise/letter-slips";

/**
 * "Sdn.Rhd", "SDN.8HD": the Malaysian legal form printed as one word with a stop, one letter of a half misread.
 * The word-level repair (loaders/ocr/ocr-repair.ts) checks "SDN" and "BHD" as two words; printed as one, the half
 * read right vouches for the other here. Case as read.
 */
const PAIRS: Array<[string, string]> = [["SDN", "BHD"]];

const asLetters = (text: string) => text.toUpperCase().replace(/[0158]/g, (d) => LETTER_LOOKALIKES[d] ?? d);
const inCaseOf = (word: string, like: string) => (like === like.toUpperCase() ? word : word[0] + word.slice(1).toLowerCase());

export function repairJoinedLegalForm(text: string): string {
  return text.replace(/\b([\p{L}\d]{3})\.([\p{L}\d]{3})(?![\p{L}\d])/gu, (whole, a: string, b: string) => {
    for (const [first, second] of PAIRS) {
      if (asLetters(a) === first && a.toUpperCase() === first && oneLetterOff(asLetters(b), second)) return `${a}.${inCaseOf(second, b)}`;
      if (asLetters(b) === second && b.toUpperCase() === second && oneLetterOff(asLetters(a), first)) return `${inCaseOf(first, a)}.${b}`;
    }
    return whole;
  });
}

/**
 * "SUPER.SEVEN CASH & CARRY SEN 3HD": both words of the legal form misread by a letter each, at the end of a name.
 * Alone, a word one letter off "SDN" or "BHD" proves little; the pair of them closing a seller's name does: 62 of the
 * 116 receipt sellers in the dev sets end so, and no name there ends in two other words of three letters one letter
 * off each. Inside a name or with a third letter off, it stays as read.
 */
/** A word that is `target` or one letter off it, its look-alike digits read as letters. */
const nearly = (word: string, target: string) => asLetters(word) === target || oneLetterOff(asLetters(word), target);

export function repairLegalFormEnding(name: string): string {
  return name.replace(/(?<=\s)([\p{L}\d]{3})(\s+)([\p{L}\d]{3})([.,]?)$/u, (whole, a: string, gap: string, b: string, stop: string) => {
    for (const [first, second] of PAIRS) {
      if (a.toUpperCase() !== first && b.toUpperCase() !== second && nearly(a, first) && nearly(b, second)) {
        return `${inCaseOf(first, a)}${gap}${inCaseOf(second, b)}${stop}`;
      }
    }
    return whole;
  });
}
