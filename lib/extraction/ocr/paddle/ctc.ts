/**
 * Greedy CTC decoding that keeps where each character was read: the time step (a column band of the line image)
 * is what words are split and boxed by.
 */

export type DecodedChar = { text: string; step: number; prob: number };

/** CJK ideographs, kana, hangul and CJK punctuation: what the Chinese model reads that a Latin-script line cannot hold. */
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F]/u;

/** Classes a Latin-script line may take: everything but CJK (full-width forms fold to ASCII later). */
export function latinClasses(characters: string[]): Uint8Array {
  const allowed = new Uint8Array(characters.length);
  characters.forEach((c, i) => (allowed[i] = CJK.test(c) ? 0 : 1));
  return allowed;
}

/**
 * Decodes steps [0, steps) of one sample of the recogniser's output (row-major [T, C] probabilities at `offset`).
 * With `allowed`, the best allowed class wins at each step (the blank, class 0, is always allowed).
 */
export function decodeCtc(
  probs: Float32Array,
  layout: { offset: number; steps: number; classes: number },
  characters: string[],
  allowed?: Uint8Array,
): DecodedChar[] {
  const out: DecodedChar[] = [];
  let previous = -1;
  for (let t = 0; t < layout.steps; t += 1) {
    const base = layout.offset + t * layout.classes;
    let best = 0;
    let bestProb = probs[base]!;
    for (let c = 1; c < layout.classes; c += 1) {
      const p = probs[base + c]!;
      if (p > bestProb && (!allowed || allowed[c])) {
        best = c;
        bestProb = p;
      }
    }
    if (best !== 0 && best !== previous) out.push({ text: characters[best] ?? "", step: t, prob: bestProb });
    previous = best;
  }
  return out;
}

/** Whether a decoding reads as Latin script: most of its letters are not CJK. */
export function mostlyLatin(chars: DecodedChar[]): boolean {
  const letters = chars.filter((c) => c.text.trim() !== "");
  const cjk = letters.filter((c) => CJK.test(c.text)).length;
  return cjk * 2 < letters.length;
}

/** Full-width letters, digits and punctuation (which the Chinese model emits for ASCII) folded to ASCII. */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, " ");
}
