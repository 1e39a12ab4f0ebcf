import type { RawWord } from "../../layout/build-page";
import { isValidIban } from "../../normalise/identifiers";
import { LETTER_LOOKALIKES, oneLetterOff } from "../../normalise/letter-slips";

/** Letters tesseract confuses with digits, only replaced inside tokens that are otherwise numeric. */
const DIGIT_LOOKALIKES: Record<string, string> = { C: "0", O: "0", o: "0", D: "0", l: "1", I: "1", "|": "1" };

/**
 * Repairs the two OCR slips that break amounts on receipts: look-alike letters inside numbers ("1C.C0") and a
 * lost decimal point that leaves a narrow gap before two digits ("41 50").
 */
export function repairOcrNumbers(words: RawWord[]): RawWord[] {
  const out: RawWord[] = [];
  for (const word of words) {
    let text = word.text;
    if (/\d/.test(text) && /^[\dCOoDlI|.,]+$/.test(text) && /[.,]\S{2}$/.test(text)) {
      text = text.replace(/[COoDlI|]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
    }
    const prev = out[out.length - 1];
    if (
      prev &&
      /^\d{1,6}$/.test(prev.text) &&
      /^\d{2}$/.test(text) &&
      word.x - (prev.x + prev.w) < word.h * 0.45 &&
      Math.abs(prev.y - word.y) < word.h * 0.5
    ) {
      out[out.length - 1] = { ...prev, text: `${prev.text}.${text}`, w: word.x + word.w - prev.x };
      continue;
    }
    out.push({ ...word, text });
  }
  return out;
}


/**
 * One look-alike digit between capitals or initials ("D.1.Y.", "PR1MA") is a misread letter. Codes that mix
 * letters and digits on purpose ("KP3", "U13/X", "A4", "SS21/1A") keep theirs: their digits sit at an edge or in a
 * group.
 */
function repairLetters(text: string): string {
  if ((text.match(/\d/g) ?? []).length !== 1 || (text.match(/\p{Lu}/gu) ?? []).length < 2 || /\p{Ll}/u.test(text)) return text;
  return text.replace(/(?<=\p{Lu}\.?)[0158](?=\.?\p{Lu})/u, (d) => LETTER_LOOKALIKES[d] ?? d);
}

/**
 * Legal forms that come as a word pair ("SDN BHD"): a first word one letter off right before the second word is
 * the legal form misread ("SON BHD", "5DH BHD"), and "S/8" or "5/8" is "S/B". Look-alike digits count as their
 * letters when comparing.
 */
const LEGAL_FORM_PAIRS: Array<[string, string]> = [["SDN", "BHD"]];

/** A word in capitals with its look-alike digits read as letters, for comparing with legal-form words. */
const asLetters = (text: string) => text.toUpperCase().replace(/[0158]/g, (d) => LETTER_LOOKALIKES[d] ?? d);

/** Whether a word is `target` misread: one letter off, or look-alike digits in its place. */
function misreadAs(text: string, target: string): boolean {
  const letters = asLetters(text.replace(/[.,]$/, ""));
  return oneLetterOff(letters, target) || (letters === target && text.replace(/[.,]$/, "").toUpperCase() !== target);
}

const readsAs = (text: string | undefined, target: string) => text !== undefined && asLetters(text.replace(/[.,]$/, "")) === target;

function repairLegalForms(words: RawWord[]): RawWord[] {
  const out = words.map((word) => (asLetters(word.text) === "S/B" ? { ...word, text: "S/B" } : word));
  for (const [first, second] of LEGAL_FORM_PAIRS) {
    for (let i = 0; i + 1 < out.length; i += 1) {
      const a = out[i]!;
      const b = out[i + 1]!;
      // One of the pair read right (digits aside) vouches for the other being the legal form.
      if (readsAs(b.text, second) && misreadAs(a.text, first)) out[i] = { ...a, text: first };
      if (readsAs(out[i]!.text, first) && misreadAs(b.text, second)) out[i + 1] = { ...b, text: second };
    }
  }
  return out;
}

/**
 * Where each country's IBAN has letters (a), digits (n) or either (c) after the country code and check digits
 * (ISO 13616 registry), for the countries whose IBAN length identifiers.ts knows.
 */
const BBAN_FORMATS: Record<string, string> = {
  AT: "16n", BE: "12n", CH: "5n12c", CZ: "20n", DE: "18n", DK: "14n", ES: "20n", FI: "14n", FR: "10n11c2n", GB: "4a14n", IE: "4a14n", IT: "1a10n12c", LU: "3n13c", NL: "4a10n", NO: "11n", PL: "24n", PT: "21n", SE: "20n",
};

const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };
const TO_DIGIT: Record<string, string> = { O: "0", D: "0", Q: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };

/** One character class per IBAN position: "nn" check digits, then the country's BBAN format expanded. */
function ibanClasses(country: string): string | null {
  const format = BBAN_FORMATS[country];
  if (!format) return null;
  return `nn${format.replace(/(\d+)([anc])/g, (_, count: string, kind: string) => kind.repeat(Number(count)))}`;
}

/**
 * An IBAN as OCR read it (compacted, upper case) with look-alikes put back where its country's format wants a letter
 * or a digit ("NL58RAB00198…" → "NL58RABO0198…"), when the result passes the mod-97 check; otherwise null.
 */
export function repairIban(compact: string): string | null {
  const country = compact.slice(0, 2);
  const classes = ibanClasses(country);
  if (!classes || !/^[A-Z]{2}$/.test(country)) return null;
  if (compact.length === classes.length + 3) {
    // One character read twice, as itself and as its look-alike ("RAB0O0198" for "RABO0198"): either copy may go.
    for (let i = 2; i + 1 < compact.length; i += 1) {
      const a = compact[i]!;
      const b = compact[i + 1]!;
      if (a === b || (TO_DIGIT[a] ?? a) !== (TO_DIGIT[b] ?? b)) continue;
      const repaired = repairIban(compact.slice(0, i) + compact.slice(i + 1)) ?? repairIban(compact.slice(0, i + 1) + compact.slice(i + 2));
      if (repaired) return repaired;
    }
    return null;
  }
  if (compact.length !== classes.length + 2) return null;
  let repaired = country;
  for (let i = 2; i < compact.length; i += 1) {
    const ch = compact[i]!;
    const kind = classes[i - 2];
    repaired += kind === "a" ? (TO_LETTER[ch] ?? ch) : kind === "n" ? (TO_DIGIT[ch] ?? ch) : ch;
  }
  return isValidIban(repaired) ? repaired : null;
}

/** Most words an IBAN printed in groups spans ("NL58 RABO 0198 7232 02"); 34 characters in groups of four. */
const MAX_IBAN_WORDS = 9;
/** A checksum-valid IBAN is trusted as read, whatever tesseract's confidence: a wrong reading passes mod 97 once in 97. */
const CHECKED_CONFIDENCE = 0.9;

/**
 * IBANs in a run of words, repaired by their country's format and checked by mod 97. A valid IBAN's words get a
 * confidence that keeps them when OCR words are filtered by confidence (low-confidence words are dropped when
 * merged into a text layer).
 */
export function repairIbans(words: RawWord[]): RawWord[] {
  const out = [...words];
  for (let i = 0; i < out.length; i += 1) {
    if (!/^[A-Za-z]{2}[0-9A-Za-z]{2}/.test(out[i]!.text.replace(/^[^A-Za-z0-9]+/, ""))) continue;
    let joined = "";
    for (let j = i; j < Math.min(out.length, i + MAX_IBAN_WORDS); j += 1) {
      if (!/^[A-Za-z0-9]+[.,;:]?$/.test(out[j]!.text.replace(/^[^A-Za-z0-9]+/, ""))) break;
      joined += out[j]!.text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
      if (joined.length > 34) break;
      const repaired = repairIban(joined);
      if (!repaired) continue;
      let at = 0;
      for (let k = i; k <= j; k += 1) {
        const word = out[k]!;
        const text = word.text.replace(/[A-Za-z0-9]/g, () => repaired[at++] ?? "");
        out[k] = { ...word, text, confidence: Math.max(word.confidence, CHECKED_CONFIDENCE) };
      }
      i = j;
      break;
    }
  }
  return out;
}

/** The OCR slips that break amounts, names, legal forms and IBANs, repaired word by word before layout. */
export function repairOcrWords(words: RawWord[]): RawWord[] {
  return repairIbans(repairLegalForms(repairOcrNumbers(words).map((word) => ({ ...word, text: repairLetters(word.text) }))));
}
