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
 * `probability(k)` is the probability of `marks[k]`.
 */
function markBelief(marks: number[], probability: (k: number) => number): { cls: number; prob: number } | null {
  let sum = 0;
  let best = -1;
  let bestProb = 0;
  for (let k = 0; k < marks.length; k += 1) {
    const p = probability(k);
    sum += p;
    if (best < 0 || p > bestProb) {
      best = k;
      bestProb = p;
    }
  }
  return best >= 0 ? { cls: marks[best]!, prob: sum } : null;
}

/** What greedy decoding needs of one time step; `best` and `bestProb` are written by `read`. */
type StepReader = {
  steps: number;
  /** Writes the step's likeliest class (the first of equals, the blank included) into `into`. */
  read(t: number, into: { best: number; bestProb: number }): void;
  /** The probability of the space class (0 when the dictionary has none). */
  space(t: number): number;
  /** The mark classes' belief at a step (null without mark classes). */
  marks(t: number): { cls: number; prob: number } | null;
};

/** Greedy CTC decoding over what a StepReader gives of each step (see decodeCtc). */
function decodeSteps(reader: StepReader, characters: string[]): DecodedChar[] {
  const out: DecodedChar[] = [];
  let previous = -1;
  let spaceSince = 0;
  let markSince: DecodedChar["markAfter"] | null = null;
  const step = { best: 0, bestProb: 0 };
  for (let t = 0; t < reader.steps; t += 1) {
    spaceSince = Math.max(spaceSince, reader.space(t));
    reader.read(t, step);
    let { best, bestProb } = step;
    if (best === 0) {
      const mark = reader.marks(t);
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

/** The space class: the dictionary's last (see readDictionary), or −1. */
const spaceClass = (characters: string[], classes: number) => (characters[classes - 1] === " " ? classes - 1 : -1);

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
  const space = spaceClass(characters, layout.classes);
  const marks = marksOf(characters);
  const base = (t: number) => layout.offset + t * layout.classes;
  return decodeSteps(
    {
      steps: layout.steps,
      read(t, into) {
        const at = base(t);
        let best = 0;
        let bestProb = probs[at]!;
        for (let c = 1; c < layout.classes; c += 1) {
          const p = probs[at + c]!;
          if (p > bestProb && (!allowed || allowed[c])) {
            best = c;
            bestProb = p;
          }
        }
        into.best = best;
        into.bestProb = bestProb;
      },
      space: (t) => (space >= 0 ? probs[base(t) + space]! : 0),
      marks: (t) => markBelief(marks, (k) => probs[base(t) + marks[k]!]!),
    },
    characters,
  );
}

/**
 * The classes a recogniser's decoding summary (ctc-summary.ts) reports for every step besides its likeliest class:
 * the Latin-script classes in order (the blank first), and the space and mark classes whose probabilities it copies.
 */
export function summaryClasses(characters: string[]): { latin: number[]; picked: number[] } {
  let classes = summaryCache.get(characters);
  if (!classes) {
    const latin: number[] = [];
    latinClasses(characters).forEach((ok, c) => ok && latin.push(c));
    const space = spaceClass(characters, characters.length);
    classes = { latin, picked: [...(space >= 0 ? [space] : []), ...marksOf(characters)] };
    summaryCache.set(characters, classes);
  }
  return classes;
}

const summaryCache = new WeakMap<string[], { latin: number[]; picked: number[] }>();

/**
 * A step of the summary: the likeliest class and its probability, the likeliest Latin-script class (its position in
 * `summaryClasses().latin`) and its probability, then the probabilities of `summaryClasses().picked`.
 */
export const SUMMARY_HEAD = 4;

/**
 * The same decoding as decodeCtc's, from the recogniser's per-step summary (ctc-summary.ts) instead of its 6,625
 * probabilities a step: `latin` reads as decodeCtc with `latinClasses` allowed. The summary holds every number
 * decodeCtc reads, so the characters, steps and probabilities are identical.
 */
export function decodeSummary(summary: Float32Array, layout: { offset: number; steps: number; width: number }, characters: string[], latin = false): DecodedChar[] {
  const classes = summaryClasses(characters);
  const hasSpace = spaceClass(characters, characters.length) >= 0;
  const marks = marksOf(characters);
  const marksAt = SUMMARY_HEAD + (hasSpace ? 1 : 0);
  const base = (t: number) => layout.offset + t * layout.width;
  return decodeSteps(
    {
      steps: layout.steps,
      read(t, into) {
        const at = base(t);
        into.best = latin ? classes.latin[summary[at + 2]!]! : summary[at]!;
        into.bestProb = summary[at + (latin ? 3 : 1)]!;
      },
      space: (t) => (hasSpace ? summary[base(t) + SUMMARY_HEAD]! : 0),
      marks: (t) => markBelief(marks, (k) => summary[base(t) + marksAt + k]!),
    },
    characters,
  );
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
