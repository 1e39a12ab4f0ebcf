import { groupRows } from "../layout/build-page";
import type { Word } from "../types";

/** A printed row of a page: its words left to right, its top and bottom, and its tallest word's height. */
export type Row = { words: Word[]; top: number; bottom: number; h: number };

/** The page's words in printed rows, top to bottom. */
export function wordRows(words: Word[]): Row[] {
  // groupRows works on absolute units; page fractions keep the same proportions within one page.
  const raw = words.map((w, i) => ({ text: String(i), x: w.box.x, y: w.box.y, w: w.box.w, h: w.box.h, confidence: 0 }));
  return groupRows(raw).map((row) => {
    const ws = row.map((r) => words[Number(r.text)]!);
    const top = Math.min(...ws.map((w) => w.box.y));
    const bottom = Math.max(...ws.map((w) => w.box.y + w.box.h));
    return { words: ws, top, bottom, h: Math.max(...ws.map((w) => w.box.h)) };
  });
}
