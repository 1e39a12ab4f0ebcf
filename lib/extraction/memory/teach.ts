import type { Box, FieldDefinition, FieldMetadata, FieldValue, Scalar, SourceBox, TableRow } from "../types";
import { linesOf, sameRow, textOf, unionBox } from "./layout";
import { locateValue, readsAs } from "./locate";
import { learnTable } from "./learn-table";
import { anchorPrintings, readingOrder } from "./read-field";
import { FILLER, isIdentifier, isStableWord, normalise } from "./text";
import type { Anchor, DocumentLayout, Evidence, FieldEvidence, LayoutWord } from "./types";

/** A label sits within this many of its value's line heights above it. */
const LABEL_ABOVE_LINES = 3;
const MAX_ANCHOR_WORDS = 3;

/**
 * What a confirmed document teaches: for each field the confirmed value, where it is printed, and the label next to
 * it (its words and the value's offset from it); for each table its column bands and header words. A value that
 * cannot be found on the page is still kept (a cleared value or one typed in by hand), with no box or anchor, so it
 * never overrides anything by position.
 */
export function teachExample(options: {
  layout: DocumentLayout;
  fields: FieldDefinition[];
  data: Record<string, unknown>;
  fieldMetadata: Record<string, FieldMetadata | undefined>;
}): Evidence {
  const evidence: Evidence = { fields: {}, tables: {} };
  for (const field of options.fields) {
    const value = options.data[field.name];
    if (field.type === "table") {
      if (Array.isArray(value) && value.length > 0) {
        const table = learnTable(options.layout, field, value as TableRow[]);
        if (table) evidence.tables[field.name] = table;
      }
      continue;
    }
    const scalar: Scalar = value === undefined || Array.isArray(value) || (typeof value === "object" && value !== null) ? null : (value as Scalar);
    const metadata = options.fieldMetadata[field.name];
    const taught = fieldEvidence(options.layout, field, scalar, engineBox(field, scalar, metadata));
    evidence.fields[field.name] = engineReadValue(field, scalar, metadata) ? { ...taught, engineRead: true } : taught;
  }
  markShared(evidence);
  return evidence;
}

/** How alike the engine's reading must be to the confirmed text for its box to say where that text is printed. */
const ENGINE_READ_MATCH = 0.5;

/**
 * Where the engine read the field, when that reading was the confirmed value (OCR slips aside): among printings of
 * the value, the one there is taught. A value the reviewer corrected to something else was printed elsewhere: the
 * engine's box then shows another line (a tax figure read as the total), and would pull the lesson to whichever
 * printing of the confirmed value happens to lie nearest it (the amount paid, equal to the total only that day).
 */
function engineBox(field: FieldDefinition, value: Scalar, metadata: FieldMetadata | undefined): SourceBox | null {
  if (!metadata || !("source" in metadata) || !metadata.source) return null;
  const raw = "raw" in metadata ? metadata.raw : undefined;
  if (typeof raw === "string" && readsAs(field.type, raw, value, ENGINE_READ_MATCH) === 0) return null;
  return metadata.source as SourceBox;
}

/**
 * Whether the engine itself, memory aside, read the confirmed value (a field approved as read, or saved unchanged):
 * then its generic choice held on this sender's document, and whatever label teaching finds beside some printing of
 * the value is no correction of it.
 */
function engineReadValue(field: FieldDefinition, value: Scalar, metadata: FieldMetadata | undefined): boolean {
  if (value === null || value === "" || !metadata || "learned" in metadata || !("raw" in metadata)) return false;
  return typeof metadata.raw === "string" && readsAs(field.type, metadata.raw, value) === 1;
}

function markShared(evidence: Evidence): void {
  const entries = Object.values(evidence.fields).filter((entry) => entry.box);
  for (const entry of entries) {
    if (entries.some((other) => other !== entry && other.page === entry.page && sameBox(other.box!, entry.box!))) entry.shared = true;
  }
}

const sameBox = (a: Box, b: Box) => Math.abs(a.x - b.x) < 0.002 && Math.abs(a.y - b.y) < 0.002 && Math.abs(a.w - b.w) < 0.002;

function fieldEvidence(layout: DocumentLayout, field: FieldDefinition, value: Scalar, near: SourceBox | null): FieldEvidence {
  const base: FieldEvidence = { type: field.type, value, page: null, box: null, raw: null, lines: 1, anchor: null };
  if (value === null || value === "") return { ...base, value: null };
  const spans = locateValue(layout, field.type, value, near);
  // Prefer a printing with a label beside it: the same total printed twice, once labelled, is read at the label.
  const withAnchor = spans.slice(0, 8).map((span) => ({ span, anchor: anchorFor(layout, span.page, span.words) }));
  const best = withAnchor.find((candidate) => candidate.anchor && candidate.span.score === spans[0]!.score) ?? withAnchor[0];
  if (!best) return base;
  const lineTexts = best.span.lines > 1 ? splitOverLines(String(value), best.span.words) : null;
  const anchor = best.anchor ? withRank(layout, best.anchor) : null;
  return { ...base, page: best.span.page, box: best.span.box, raw: best.span.raw, lines: best.span.lines, anchor, ...(lineTexts ? { lineTexts } : {}) };
}

/**
 * A label keeps which printing of it the value stood beside, counted from the top ("Name:" of the seller, before the
 * buyer's): a later page that prints it more often (the buyer's block has a "VAT id:" this time) is read at that one.
 */
function withRank(layout: DocumentLayout, anchor: Anchor): Anchor {
  const printings = anchorPrintings(layout, anchor).filter((candidate) => candidate.page === anchor.page).sort(readingOrder);
  const rank = printings.findIndex((candidate) => sameBox(candidate.box, anchor.box));
  return rank >= 0 ? { ...anchor, rank } : anchor;
}

/**
 * The confirmed value cut where its printing breaks lines ("LOT P.T. 2811, JALAN ANGSA," / "TAMAN BERKELEY" / …),
 * so a later document that prints most of those lines again is read line by line. Only when the value has as many
 * words as were printed (the confirmed text is the printing, corrected); null otherwise.
 */
function splitOverLines(value: string, words: LayoutWord[]): string[] | null {
  const valueWords = value.trim().split(/\s+/);
  const counts: number[] = [];
  let line: number | null = null;
  for (const word of words) {
    if (word.l !== line) counts.push(0);
    line = word.l;
    counts[counts.length - 1]! += 1;
  }
  if (counts.reduce((sum, count) => sum + count, 0) !== valueWords.length) return null;
  let start = 0;
  return counts.map((count) => {
    const text = valueWords.slice(start, start + count).join(" ");
    start += count;
    return text;
  });
}

/**
 * The label of a value: up to three words with letters just left of it on its row, else the nearest line above
 * it that overlaps it horizontally, within a few line heights.
 */
export function anchorFor(layout: DocumentLayout, pageNumber: number, valueWords: LayoutWord[]): Anchor | null {
  const page = layout.pages.find((candidate) => candidate.n === pageNumber);
  if (!page || valueWords.length === 0) return null;
  const valueBox = unionBox(valueWords);
  const first = valueWords[0]!;
  const used = new Set(valueWords);
  const left = page.words
    .filter((word) => !used.has(word) && word.x + word.w <= first.x + 0.002 && sameRow(word, first))
    .sort((a, b) => b.x - a.x);
  // Currency marks and separators right before the value ("Total ... RM 34.80") are not its label: look past them,
  // however wide the gap (receipts print labels at the left margin and amounts at the right).
  let skip = 0;
  while (skip < left.length && FILLER.test(left[skip]!.t)) skip += 1;
  const label: LayoutWord[] = [];
  for (const word of left.slice(skip)) {
    const previous = label[label.length - 1];
    if (previous && previous.x - (word.x + word.w) > 3 * Math.max(word.h, previous.h)) break; // a gap: another column
    if (!/\p{L}/u.test(word.t) && label.length === 0) break; // a figure before the value is not its label
    if (label.length > 0 && isIdentifier(word.t)) break; // a receipt number before "DATE:" changes every time
    label.push(word);
    if (label.length >= MAX_ANCHOR_WORDS) break;
  }
  const letters = label.filter((word) => /\p{L}/u.test(word.t));
  if (letters.length > 0) {
    const start = label[label.length - 1]!;
    const previous = left[skip + label.length];
    const before = previous && !isIdentifier(previous.t) && start.x - (previous.x + previous.w) <= 3 * Math.max(previous.h, start.h) ? normalise(previous.t) : null;
    return { ...makeAnchor(pageNumber, label.reverse(), valueBox, "right"), before };
  }

  const above = linesOf(page)
    .filter((line) => line.box.y + line.box.h <= valueBox.y + 0.002 && valueBox.y - (line.box.y + line.box.h) < LABEL_ABOVE_LINES * first.h)
    .filter((line) => line.box.x < valueBox.x + valueBox.w && line.box.x + line.box.w > valueBox.x)
    .filter((line) => line.words.some((word) => isStableWord(word.t)) && !line.words.some((word) => used.has(word)))
    .sort((a, b) => b.box.y - a.box.y)[0];
  if (!above) return null;
  const words = above.words.filter((word) => word.x < valueBox.x + valueBox.w && word.x + word.w > valueBox.x - 0.05).slice(0, MAX_ANCHOR_WORDS);
  return words.length > 0 ? makeAnchor(pageNumber, words, valueBox, "below") : null;
}

function makeAnchor(page: number, words: LayoutWord[], valueBox: Box, side: Anchor["side"]): Anchor {
  const box = unionBox(words);
  return { words: words.map((word) => word.t), page, box, side, dx: valueBox.x - box.x, dy: valueBox.y - box.y };
}

export const evidenceText = (words: LayoutWord[]) => textOf(words);
export type { FieldValue };
