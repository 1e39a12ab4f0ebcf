import type { Box } from "../types";
import { continuesBelow, linesOf, printedText, textOf, unionBox, type LayoutLine } from "./layout";
import { repairPrinted } from "./repair";
import { normalise, similarity } from "./text";
import type { DocumentLayout, FieldEvidence } from "./types";

/** A printed line reads as a taught line when this alike (OCR slips allowed). */
const LINE_MATCH = 0.75;

export type LinesReading = { value: string; page: number; box: Box; raw: string; similarity: number };

/**
 * A multi-line value read line by line: the same run of lines printed again (one under the other), where every
 * line but one reads as its taught line. Taught lines are kept as the reviewer confirmed them (the print's OCR
 * slips corrected); the one line that differs is read as printed this time: the branch line of a chain store's
 * address, a changed unit number. The taught lines around it are its anchors, so nothing is read where they are
 * absent. Null when fewer than two taught lines are printed again in a row.
 */
export function readLines(layout: DocumentLayout, evidence: FieldEvidence): LinesReading | null {
  const taught = evidence.lineTexts;
  if (!taught || taught.length < 3) return null;
  const wanted = taught.map(normalise);
  let best: (LinesReading & { distance: number }) | null = null;
  for (const page of layout.pages) {
    const lines = linesOf(page);
    for (let start = 0; start + taught.length <= lines.length; start += 1) {
      const run = runFrom(lines, start, taught.length);
      if (!run) continue;
      const scores = run.map((line, index) => similarity(normalise(textOf(line.words)), wanted[index]!));
      const differing = scores.filter((score) => score < LINE_MATCH).length;
      if (differing > 1) continue;
      // The line that differs must still be the same kind of line (an address line, not a total or a date).
      const odd = scores.findIndex((score) => score < LINE_MATCH);
      if (odd >= 0 && !sameShape(textOf(run[odd]!.words), taught[odd]!)) continue;
      const value = run.map((line, index) => (index === odd ? repairPrinted(evidence.type, textOf(line.words), String(evidence.value)) : taught[index]!)).join(" ");
      const words = run.flatMap((line) => line.words);
      const box = unionBox(words);
      const score = scores.filter((_, index) => index !== odd).reduce((sum, item) => sum + item, 0) / (scores.length - (odd >= 0 ? 1 : 0));
      const distance = evidence.box && evidence.page === page.n ? Math.hypot(box.x - evidence.box.x, box.y - evidence.box.y) : 1;
      if (!best || score - distance > best.similarity - best.distance) best = { value, page: page.n, box, raw: printedText(words), similarity: score, distance };
    }
  }
  if (!best) return null;
  const { distance: _distance, ...reading } = best;
  return reading;
}

/** `count` lines from `start`, each printed under the one before. */
function runFrom(lines: LayoutLine[], start: number, count: number): LayoutLine[] | null {
  const run = [lines[start]!];
  for (let index = start + 1; run.length < count; index += 1) {
    const line = lines[index];
    if (!line || !continuesBelow(run[run.length - 1]!, line)) return null;
    run.push(line);
  }
  return run;
}

/** Letters and figures in about the same share, and at least one word of letters, as the taught line. */
function sameShape(printed: string, taught: string): boolean {
  const digits = (text: string) => (text.match(/\d/g) ?? []).length / Math.max(1, text.replace(/\s/g, "").length);
  return /\p{L}{3,}/u.test(printed) === /\p{L}{3,}/u.test(taught) && Math.abs(digits(printed) - digits(taught)) < 0.25;
}
