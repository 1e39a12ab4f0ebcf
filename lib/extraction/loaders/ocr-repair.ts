import type { RawWord } from "../layout/build-page";
import { LETTER_LOOKALIKES, oneLetterOff } from "../normalise/letter-slips";

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

/** The OCR slips that break amounts, names and legal forms, repaired word by word before layout. */
export function repairOcrWords(words: RawWord[]): RawWord[] {
  return repairLegalForms(repairOcrNumbers(words).map((word) => ({ ...word, text: repairLetters(word.text) })));
}
