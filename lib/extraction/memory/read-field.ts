import { parseAmount } from "../../normalise/amounts";
import { parseDate } from "../../normalise/dates";
import type { Box, FieldType, Scalar } from "../types";
import { degradedPrinting } from "./degraded";
import { continuesBelow, linesOf, sameRow, textOf, unionBox, type LayoutLine } from "./layout";
import { locateValue, type Span } from "./locate";
import { readLines } from "./read-lines";
import { repairPrinted } from "./repair";
import { FILLER, isIdentifier, longestEditRun, normalise, similarity } from "./text";
import type { Anchor, DocumentLayout, FieldEvidence, LayoutWord } from "./types";

/** `faint`: the taught text found only as a faint printing of it (`degradedPrinting`), most letters dropped by OCR. */
export type Reading = { value: Scalar; page: number; box: Box; raw: string; match: "anchor" | "value"; anchor?: string; similarity: number; faint?: boolean };

/** Texts, names and addresses are the same from one document of a sender to the next; figures and dates are not. */
const CONSTANT_TYPES: ReadonlySet<FieldType> = new Set(["text", "address", "email", "phone", "url", "select"]);
const ANCHOR_WORD_MATCH = 0.75;
/** At the taught place, a printing this close to the taught text is a misreading of it. */
const NEAR_TEXT_MATCH = 0.6;
const NEAR = 0.08;
/** A line starts below a label when its top is past this share of the label's height. */
const BELOW_FROM = 0.75;

/**
 * One taught field read on a new document: the taught text itself when it is printed again (a sender's name or
 * address, however OCR spelled it this time), else the value beside the taught label, at the taught offset, checked
 * by type. Null when neither is on the page: then memory says nothing.
 */
export function readField(layout: DocumentLayout, evidence: FieldEvidence): Reading | null {
  if (evidence.value === null) return null;
  if (CONSTANT_TYPES.has(evidence.type)) {
    // Several lines, most of them printed again: read line by line (one of them may differ on every document).
    const lines = evidence.box ? readLines(layout, evidence) : null;
    if (lines) return { ...lines, match: "value" };
    const taught = evidence.box && evidence.page ? { ...evidence.box, page: evidence.page } : null;
    const wordCount = normalise(String(evidence.value)).split(" ").length;
    // A near printing is the taught text misread, not another text: about as many characters (a branch's name in
    // place of another's, or an address short of its last line, is not a slip of OCR).
    // Every letter and figure printed again fits however many words the print cuts it into ("IE92 TSSD 8637 …").
    const fits = (span: Span) => span.score >= 0.99 || (span.words.length <= Math.max(2, 2 * wordCount) && misreadingOf(span.raw, String(evidence.value)));
    // An identifier that differs by a digit is another identifier: only names and addresses may be misread (an
    // address is one however many figures it prints: "NO. 31G&33G, … U13/X 40170 SETIA ALAM").
    const figures = evidence.type !== "address" && digitShare(String(evidence.value)) > 0.2;
    // The taught text printed again is the value wherever it stands, also when the taught page's own printing was
    // misread beyond recognition (no box was taught): the reviewer's text is how this sender prints it.
    const again = locateValue(layout, evidence.type, evidence.value, taught).find((span) => fits(span) && (!figures || span.score >= 0.99));
    if (again) {
      // A taught identifier (one token: a VAT id, a registration number) printed away from its label while the label
      // now holds another one is another party's (the buyer's VAT id on a form the seller shares): the label decides.
      const atLabel = figures && !/\s/.test(String(evidence.value).trim()) ? readAtAnchor(layout, evidence) : null;
      // A reading at the label that holds the taught identifier ("NIF ESF83111689", an IBAN printed in groups of four
      // and its BIC after it) is that one.
      const compact = (text: string) => normalise(text).replace(/ /g, "");
      if (atLabel && !compact(String(atLabel.value)).includes(compact(String(evidence.value)))) return atLabel;
      return { value: evidence.value, page: again.page, box: again.box, raw: again.raw, match: "value", similarity: again.score };
    }
    // A badly read printing of the taught text where it was taught ("MR. D.L.Y. (4; CON BHD") is still that text.
    const near = figures || !taught ? undefined : locateValue(layout, evidence.type, evidence.value, taught, NEAR_TEXT_MATCH).find((span) => fits(span) && span.page === taught.page && Math.abs(span.box.x - taught.x) < NEAR && Math.abs(span.box.y - taught.y) < NEAR);
    if (near) return { value: evidence.value, page: near.page, box: near.box, raw: near.raw, match: "value", similarity: near.score };
    // Printed so faintly that OCR dropped letters all over it, but nothing the taught text does not have.
    const faint = figures ? null : degradedPrinting(layout, String(evidence.value), evidence.page);
    if (faint) return { value: evidence.value, page: faint.page, box: faint.box, raw: faint.raw, match: "value", similarity: faint.similarity, faint: true };
  }
  return readAtAnchor(layout, evidence);
}

/** The value beside the re-found taught label, at the taught offset, checked by type. */
function readAtAnchor(layout: DocumentLayout, evidence: FieldEvidence): Reading | null {
  if (!evidence.anchor || !evidence.box) return null;
  const found = findAnchor(layout, evidence.anchor);
  if (!found) return null;
  const value = readBeside(layout, found, evidence);
  return value ? { ...value, match: "anchor", anchor: evidence.anchor.words.join(" "), similarity: found.score } : null;
}

type FoundAnchor = { page: number; words: LayoutWord[]; box: Box; score: number };

/**
 * The taught label on the new page: the same words in a row (OCR slips allowed). It is the same printing of it,
 * counted from the top, as taught ("Name:" of the seller, then of the buyer; a seller's "VAT id:" before the
 * buyer's), when this page prints it that many times; otherwise the one nearest where it was taught.
 */
export function findAnchor(layout: DocumentLayout, anchor: Anchor): FoundAnchor | null {
  const found = anchorPrintings(layout, anchor);
  if (anchor.rank !== undefined) {
    const onPage = found.filter((candidate) => candidate.page === anchor.page).sort(readingOrder);
    if (onPage.length > anchor.rank) return onPage[anchor.rank]!;
  }
  let best: (FoundAnchor & { distance: number }) | null = null;
  for (const candidate of found) {
    const distance = Math.hypot(candidate.box.x - anchor.box.x, candidate.box.y - anchor.box.y) + (candidate.page === anchor.page ? 0 : 1);
    if (!best || distance - candidate.score < best.distance - best.score) best = { ...candidate, distance };
  }
  if (!best) return null;
  const { distance: _distance, ...chosen } = best;
  return chosen;
}

/** Top to bottom, left to right on a row. */
export const readingOrder = (a: { box: Box }, b: { box: Box }) => (sameRow(a.box, b.box) ? a.box.x - b.box.x : a.box.y - b.box.y);

/** Every printing of a taught label on the document: its words in a row, each read as the taught word. */
export function anchorPrintings(layout: DocumentLayout, anchor: Anchor): FoundAnchor[] {
  const wanted = anchor.words.map(normalise);
  const found: FoundAnchor[] = [];
  for (const page of layout.pages) {
    for (const line of linesOf(page)) {
      for (let start = 0; start + wanted.length <= line.words.length; start += 1) {
        const words = line.words.slice(start, start + wanted.length);
        const scores = words.map((word, index) => similarity(normalise(word.t), wanted[index]!));
        if (scores.some((score) => score < ANCHOR_WORD_MATCH)) continue;
        if (anchor.side === "right" && anchor.before !== undefined && !sameBefore(line.words[start - 1], words[0]!, anchor.before)) continue;
        found.push({ page: page.n, words, box: unionBox(words), score: scores.reduce((sum, value) => sum + value, 0) / scores.length });
      }
    }
  }
  return found;
}

/** The word before a found label is what was before the taught one (or, as taught, none close by). */
function sameBefore(previous: LayoutWord | undefined, first: LayoutWord, taught: string | null): boolean {
  // A number before the label (a receipt number) is no word of it, as when taught.
  const close = previous && !isIdentifier(previous.t) && first.x - (previous.x + previous.w) <= 3 * Math.max(previous.h, first.h) ? normalise(previous.t) : null;
  if (taught === null || close === null) return taught === close || (close !== null && !/\p{L}/u.test(close));
  return similarity(close, taught) >= ANCHOR_WORD_MATCH;
}


function readBeside(layout: DocumentLayout, anchor: FoundAnchor, evidence: FieldEvidence): Omit<Reading, "match" | "anchor" | "similarity"> | null {
  const page = layout.pages.find((candidate) => candidate.n === anchor.page)!;
  const taught = evidence.anchor!;
  const predictedX = anchor.box.x + taught.dx;
  if (taught.side === "right") {
    const last = anchor.words[anchor.words.length - 1]!;
    const right = page.words.filter((word) => word.x >= last.x + last.w - 0.002 && sameRow(word, last) && !anchor.words.includes(word)).sort((a, b) => a.x - b.x);
    // Start at the word nearest the taught offset, then the others in order of closeness.
    const starts = right.map((word, index) => ({ index, distance: Math.abs(word.x - predictedX) })).sort((a, b) => a.distance - b.distance);
    for (const { index } of starts.slice(0, 4)) {
      if (!right.slice(0, index).every((word) => FILLER.test(word.t))) continue;
      const value = readSpan(right.slice(index), evidence);
      if (value) return { ...value, page: page.n };
    }
    return null;
  }
  const lines = linesOf(page);
  const bottom = anchor.box.y + anchor.box.h;
  const below = lines
    // Below the label: OCR boxes of tightly printed lines overlap a little, so the top may reach into the label's box.
    .filter((line) => line.box.y >= anchor.box.y + BELOW_FROM * anchor.box.h && line.box.y - bottom < 3 * Math.max(anchor.box.h, 0.01))
    .filter((line) => line.box.x < predictedX + (evidence.box?.w ?? 0.1) && line.box.x + line.box.w > predictedX)
    .sort((a, b) => a.box.y - b.box.y || Math.abs(a.box.x - predictedX) - Math.abs(b.box.x - predictedX))[0];
  if (!below) return null;
  const block = [below];
  for (const line of lines.filter((candidate) => candidate.index > below.index)) {
    if (block.length >= Math.max(1, evidence.lines) || !continuesBelow(block[block.length - 1]!, line)) break;
    block.push(line);
  }
  const words = evidence.lines > 1 ? block.flatMap((line: LayoutLine) => line.words) : below.words;
  const value = readSpan(words, evidence);
  return value ? { ...value, page: page.n } : null;
}

/** The value at the start of a run of words, as its field's type reads it. */
function readSpan(words: LayoutWord[], evidence: FieldEvidence): { value: Scalar; box: Box; raw: string } | null {
  if (words.length === 0) return null;
  if (evidence.type === "number" || evidence.type === "currency") {
    for (let end = 1; end <= Math.min(3, words.length); end += 1) {
      const raw = textOf(words.slice(0, end));
      if (!/\d/.test(words[end - 1]!.t)) continue;
      const amount = parseAmount(raw);
      // The same kind of figure as taught: an amount with cents is not a count of items beside the same label.
      if (amount !== null && decimalsOf(raw) === decimalsOf(evidence.raw ?? String(evidence.value))) return { value: Math.sign(Number(evidence.value)) < 0 ? -Math.abs(amount) : Math.abs(amount), box: unionBox(words.slice(0, end)), raw };
    }
    return null;
  }
  if (evidence.type === "date") {
    const order = evidence.raw && parseDate(evidence.raw, "mdy") === evidence.value && parseDate(evidence.raw, "dmy") !== evidence.value ? "mdy" : "dmy";
    for (let end = 1; end <= Math.min(4, words.length); end += 1) {
      const raw = textOf(words.slice(0, end));
      const date = parseDate(raw, order) ?? parseDate(inTaughtShape(raw, evidence.raw) ?? "", order);
      if (date) return { value: date, box: unionBox(words.slice(0, end)), raw };
    }
    return null;
  }
  // Text: the words of the value's phrase, as many as were taught and a few more for a longer value.
  const taught = evidence.raw ?? String(evidence.value);
  const taughtWords = taught.split(/\s+/).length;
  // An identifier has as many words as taught; a name may be longer, up to the end of its phrase.
  const extra = /\d/.test(taught) && !/\p{L}{3,}/u.test(taught) ? 0 : 3;
  // Several lines are read whole: the lines below the label delimit the value, however many words they hold.
  const phrase = evidence.lines > 1 ? words : words.filter((word) => word.l === words[0]!.l).slice(0, taughtWords + extra);
  const raw = textOf(phrase).trim();
  if (!raw || !looksLike(evidence.type, raw, evidence.raw ?? String(evidence.value))) return null;
  return { value: repairPrinted(evidence.type, raw, String(evidence.value)), box: unionBox(phrase), raw };
}

/** At most this many separators or figures of a date may have been misread ("13707/2017" for "13/07/2017"). */
const MAX_SEPARATOR_SLIPS = 2;
/** Letters OCR reads in place of a figure (the OCR loader's own repairs use the same pairs). */
const FIGURE_LOOKALIKES: Record<string, string> = { O: "0", D: "0", Q: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };

/**
 * A printed date in the taught date's shape: as many characters, figures where the taught one has figures (or a
 * letter OCR reads for one: "1S/11/2017"), and the taught separators where OCR read something else in their place
 * ("/" read as "7"). Null when not that shape.
 */
export function inTaughtShape(printed: string, taught: string | null): string | null {
  if (!taught || printed.length !== taught.length) return null;
  let slips = 0;
  let out = "";
  for (let index = 0; index < taught.length; index += 1) {
    const want = taught[index]!;
    const got = printed[index]!;
    if (/\d/.test(want)) {
      if (/\d/.test(got)) out += got;
      else {
        // A figure OCR read as its look-alike letter ("1S/11/2017"): a slip too.
        const figure = FIGURE_LOOKALIKES[got.toUpperCase()];
        if (!figure) return null;
        slips += 1;
        out += figure;
      }
    } else {
      if (got !== want) slips += 1;
      out += want;
    }
  }
  return slips > 0 && slips <= MAX_SEPARATOR_SLIPS ? out : null;
}

/** How many more or fewer characters (spaces aside) a misreading of a text may have: OCR swaps characters, it
 * rarely adds or drops a word's worth of them. */
const MISREAD_LENGTH_SLACK = 0.1;
/** OCR slips come one or two characters at a time; a longer run of differences is another word or line. */
const MISREAD_MAX_RUN = 3;

/**
 * A printing read as a slip of OCR for `taught`: nearly as many letters and figures, and no run of differences
 * longer than a slip ("MR. D.L.Y. (4; CON BHD" for "MR. D.I.Y. (M) SDN BHD", not "MR. D.I.Y. (KUCHAI) SDN BHD" for
 * "MR D.I.Y. (JOHOR) SDN BHD", nor an address whose branch line is another one).
 */
export function misreadingOf(printed: string, taught: string): boolean {
  const compact = (text: string) => normalise(text).replace(/ /g, "");
  const a = compact(printed);
  const b = compact(taught);
  if (Math.abs(a.length - b.length) > Math.max(2, MISREAD_LENGTH_SLACK * Math.max(a.length, b.length)) || longestEditRun(a, b) > MISREAD_MAX_RUN) return false;
  // Every word of the taught text long enough to be told apart is still printed, however misread ("TAMPOL" for
  // "TAMPOI"; not "KUCHAI" for "JOHOR", whose scattered matching letters keep the run of differences short).
  return normalise(taught).split(" ").filter((word) => /^\p{L}{4,}$/u.test(word)).every((word) => nearestWindow(a, word) >= MISREAD_WORD_MATCH);
}

/** A taught word is still printed when some stretch of the printing is at least this alike. */
const MISREAD_WORD_MATCH = 0.5;

/** The best similarity of `word` to a stretch of `text` about as long (words run together in OCR). */
function nearestWindow(text: string, word: string): number {
  let best = 0;
  for (let length = word.length - 1; length <= word.length + 1; length += 1) {
    for (let start = 0; start + length <= text.length; start += 1) best = Math.max(best, similarity(text.slice(start, start + length), word));
    if (best === 1) break;
  }
  return best;
}

function digitShare(text: string): number {
  return (text.match(/\d/g) ?? []).length / Math.max(1, text.replace(/\s/g, "").length);
}

function decimalsOf(text: string): number {
  return /\d[.,](\d{1,3})(?!\d)\s*\D*$/.exec(text.trim())?.[1]?.length ?? 0;
}

/** The read text has the shape of the taught one: same kind of characters (an id stays an id, a name a name). */
function looksLike(type: FieldType, raw: string, taught: string): boolean {
  if (type === "email") return /@/.test(raw);
  const digits = digitShare;
  const words = (text: string) => text.split(/\s+/).length;
  // A name stays a name and an id an id; a value of a very different length is something else printed there.
  return Math.abs(digits(raw) - digits(taught)) < 0.25 && words(raw) >= Math.ceil(words(taught) / 2) && (type !== "address" || /\p{L}{3,}/u.test(raw));
}
