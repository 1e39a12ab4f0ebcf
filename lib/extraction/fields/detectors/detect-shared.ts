/** What the detectors share: the confidence a value gets from its evidence, choosing among labelled candidates. */
import type { ValueEvidence } from "../../types";
import { wordsSource, type DocLine } from "../document-lines";
import type { GenericValue } from "../generic/generic-fields";
import type { Anchor } from "./anchors";
import { labelSegments } from "./label-segments";
import { labelWordSet } from "./label-words";

export const CONFIDENCE = { labelBase: 0.5, labelSpan: 0.4, unique: 0.75, placed: 0.6 };
export const round = (x: number) => Math.round(x * 100) / 100;

export function result(value: string | number, lines: DocLine[], raw: string, confidence: number, evidence: ValueEvidence): GenericValue {
  const words = lines.flatMap((l) => l.words);
  const page = lines[0]?.page ?? 1;
  // A glyph the text layer cannot map comes out as U+FFFD ("Bank of America\uFFFD" for its logo's mark): no part of a value.
  const clean = typeof value === "string" ? value.replace(/\uFFFD/g, "").trim() : value;
  return { value: clean, source: words.length > 0 ? wordsSource(page, words) : null, raw, confidence: round(confidence), evidence };
}

export type Scored = { value: string; lines: DocLine[]; raw: string; score: number };

/** One best value per label; a different value scoring nearly as well elsewhere makes the field doubtful. */
export function decide(candidates: Scored[]): { best: Scored; rival: boolean } | null {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const best = sorted[0];
  if (!best) return null;
  const rival = sorted.some((c) => c.value.toLowerCase() !== best.value.toLowerCase() && c.score >= best.score * 0.95);
  return { best, rival };
}

/** Value places trusted in running text: after the label's colon, or the first text right of it on its row. */
export const STRICT_FACTOR = 0.9;

/** Head words any form prints on its own ("Number:", "Type:"): alone they do not say which field's label it is. */
export const GENERIC_HEADS = new Set(["name", "number", "dat", "id", "cod", "typ", "no"].map((w) => labelWordSet(w)[0] ?? w));

/** The anchor's own label (the part before its colon, or the label line). */
export function labelOf(anchor: Anchor): string {
  return labelSegments(anchor.line.text).find((s) => s.rest === anchor.rest)?.label ?? anchor.line.text;
}

/** A line right under this one, starting where it starts, that is no label of its own: the text continues there. */
export function wrapsOnto(line: DocLine, lines: DocLine[]): boolean {
  return lines.some((l) => l.page === line.page && l.index !== line.index && Math.abs(l.box.x - line.box.x) < 0.01 && l.box.y > line.box.y && l.box.y - (line.box.y + line.box.h) < line.box.h * 0.6 && labelSegments(l.text)[0]!.rest === "" && !/[:：]\s*$/.test(l.text));
}

