/**
 * Greedy CTC decoding that keeps where each character was read: the time step (a column band of the line image)
 * is what words are split and boxed by.
 */

export type DecodedChar = {
  text: string;
  step: number;
  prob: number;
  /** The highest probability the model gave a space at any step since the character before (0 for the first). */
  spaceBefore?: number;
  /**
   * The model's strongest half-belief in a comma or full stop between this character and the next (or the line's
   * end) at a step the blank won: the four mark classes' summed probability, and the likeliest of them.
   */
  markAfter?: { prob: number; text: string };
};

/** CJK ideographs, kana, hangul and CJK punctuation: what the Chinese model reads that a Latin-script line cannot hold. */
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F]/u;

/** Classes a Latin-script line may take: everything but CJK (full-width forms fold to ASCII later). */
export function latinClasses(characters: string[]): Uint8Array {
  const allowed = new Uint8Array(characters.length);
  characters.forEach((c, i) => (allowed[i] = CJK.test(c) ? 0 : 1));
  return allowed;
}

/** Commas and full stops, ASCII and full width: one mark to the eye, four classes to the model. */
const MARKS = [",", "，", ".", "．"];
const markClasses = new WeakMap<string[], number[]>();

function marksOf(characters: string[]): number[] {
  let classes = markClasses.get(characters);
  if (!classes) {
    classes = MARKS.map((mark) => characters.indexOf(mark)).filter((i) => i > 0);
    markClasses.set(characters, classes);
  }
  return classes;
}

/**
 * The model's belief in a comma or full stop at one step: the four mark classes' summed probability and the likeliest
 * of them. The blank often outvotes a mark only because the model split its belief among the four ("UTAMA 4" + blank
 * 0.46 against "." 0.27, "," 0.18, "，" 0.04): when the marks together outweigh the blank, the likeliest of them is read
 * (the line image then settles comma or stop, see punctuation.ts); a weaker belief is kept as `markAfter`.
 */
function markBelief(probs: Float32Array, base: number, marks: number[]): { cls: number; prob: number } | null {
  let sum = 0;
  let cls = -1;
  for (const c of marks) {
    const p = probs[base + c]!;
    sum += p;
    if (cls < 0 || p > probs[base + cls]!) cls = c;
  }
  return cls > 0 ? { cls, prob: sum } : null;
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
  // The space is the dictionary's last class (see readDictionary).
  const space = characters[layout.classes - 1] === " " ? layout.classes - 1 : -1;
  let spaceSince = 0;
  let markSince: DecodedChar["markAfter"] | null = null;
  for (let t = 0; t < layout.steps; t += 1) {
    const base = layout.offset + t * layout.classes;
    if (space >= 0) spaceSince = Math.max(spaceSince, probs[base + space]!);
    let best = 0;
    let bestProb = probs[base]!;
    for (let c = 1; c < layout.classes; c += 1) {
      const p = probs[base + c]!;
      if (p > bestProb && (!allowed || allowed[c])) {
        best = c;
        bestProb = p;
      }
    }
    if (best === 0) {
      const mark = markBelief(probs, base, marksOf(characters));
      if (mark && mark.prob > bestProb) {
        best = mark.cls;
        bestProb = mark.prob;
      } else if (mark && out.length > 0 && mark.prob > (markSince?.prob ?? 0)) {
        markSince = { prob: mark.prob, text: characters[mark.cls] ?? "" };
      }
    }
    if (best !== 0 && best !== previous) {
      if (markSince && out.length > 0) out[out.length - 1]!.markAfter = markSince;
      out.push({ text: characters[best] ?? "", step: t, prob: bestProb, spaceBefore: out.length === 0 ? 0 : spaceSince });
      spaceSince = 0;
      markSince = null;
    }
    previous = best;
  }
  if (markSince && out.length > 0) out[out.length - 1]!.markAfter = markSince;
  return out;
}

/** Whether a decoding reads as Latin script: most of its letters are not CJK. */
export function mostlyLatin(chars: DecodedChar[]): boolean {
  const letters = chars.filter((c) => c.text.trim() !== "");
  const cjk = letters.filter((c) => CJK.test(c.text)).length;
  return cjk * 2 < letters.length;
}

/**
 * Whether a decoding holds a CJK character. Without one, no step's best class was CJK, so decoding again without
 * the CJK classes would read exactly the same: the second decoding is skipped.
 */
export function hasCjk(chars: DecodedChar[]): boolean {
  return chars.some((c) => CJK.test(c.text));
}

/** Full-width letters, digits and punctuation (which the Chinese model emits for ASCII) folded to ASCII. */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, " ");
}
