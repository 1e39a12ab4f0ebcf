/**
 * A line read as its label-value pairs. Forms and reports print several on one line ("Case number: 15-0109
 * Agency: Bureau of Child Welfare", "采样时间: 2021-06-04 09:00 送检时间: 2021-06-04 19:38"): each label's value
 * runs from its colon to where the next label starts, not to the end of the line.
 */

export type LabelSegment = { label: string; rest: string };

/** A colon that ends a label: not inside a time ("16:00") or a web address ("https://"). Full-width "：" too. */
function labelColons(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c !== ":" && c !== "：") continue;
    if (c === ":" && /\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? "")) continue;
    if (text.startsWith("//", i + 1)) continue;
    out.push(i);
  }
  return out;
}

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Longest label that can follow a value on the same line, in words. */
const MAX_INNER_LABEL_WORDS = 4;

const FUNCTION_WORD = /^(?:of|and|or|the|for|to|in|on|at|by|de|del|la|le|des|du|et|y|und|von|der|die|di|da|e)$/i;

/**
 * Where the label ending at `colon` starts, searching back no further than `from`: a run of Chinese or Japanese
 * characters, else the leftmost of the last few words set in capitals ("Date of Incident", "Sample type"). Null
 * when nothing before the colon can be a label, or when the value before it could end with a capitalised word as
 * well ("Bureau of Child Welfare Gender:"): then where the value ends is a guess, and the line is not cut there.
 */
function innerLabelStart(text: string, from: number, colon: number): number | null {
  let end = colon;
  while (end > from && /\s/.test(text[end - 1]!)) end -= 1;
  if (end <= from) return null;
  if (HAN.test(text[end - 1]!)) {
    let start = end;
    while (start > from && (HAN.test(text[start - 1]!) || text[start - 1] === "/")) start -= 1;
    return start;
  }
  const words = [...text.slice(from, end).matchAll(/\S+/g)].map((m) => ({ word: m[0], index: from + m.index }));
  if (words.length < 2) return null;
  let start = -1;
  for (let k = words.length - 1; k >= Math.max(1, words.length - MAX_INNER_LABEL_WORDS); k -= 1) {
    // A label is words of letters: a number, a bracket or a full stop ends the value before it.
    if (/[^\p{L}'’-]/u.test(words[k]!.word)) break;
    if (/^\p{Lu}/u.test(words[k]!.word)) start = k;
  }
  if (start < 0) return null;
  const before = words[start - 1]!.word;
  const clean = /[.,;)\]]$/.test(before) || /^[^\p{Lu}]/u.test(before) && !FUNCTION_WORD.test(before);
  return clean ? words[start]!.index : null;
}

/** The line's label-value pairs; a line without a label colon is one label with nothing after it. */
export function labelSegments(text: string): LabelSegment[] {
  const colons = labelColons(text);
  if (colons.length === 0 || colons[0] === 0) return [{ label: text, rest: "" }];
  const starts = [0];
  const ends: number[] = [colons[0]!];
  for (const colon of colons.slice(1)) {
    const start = innerLabelStart(text, ends[ends.length - 1]! + 1, colon);
    if (start === null) continue;
    starts.push(start);
    ends.push(colon);
  }
  return starts.map((start, i) => ({
    label: text.slice(start, ends[i]).trim(),
    rest: text.slice(ends[i]! + 1, starts[i + 1] ?? text.length).trim(),
  }));
}
