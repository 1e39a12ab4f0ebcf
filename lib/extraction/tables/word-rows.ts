import { groupRows } from "../layout/build-page";
import type { Word } from "../types";

/** A printed row of a page: its words left to right, its top and bottom, and its tallest word's height. */
export type Row = { words: Word[]; top: number; bottom: number; h: number };

/** The page's words in printed rows, top to bottom. */
export function wordRows(words: Word[]): Row[] {
  // groupRows works on absolute units; page fractions keep the same proportions within one page.
  // Every word takes part, whatever its text (groupRows leaves out blank texts: each stands in as "w").
  const raw = words.map((word) => ({ text: "w", x: word.box.x, y: word.box.y, w: word.box.w, h: word.box.h, confidence: 0, word }));
  return groupRows(raw).map((row) => {
    const ws = row.map((r) => r.word);
    let top = Infinity;
    let bottom = -Infinity;
    let h = -Infinity;
    for (const w of ws) {
      top = Math.min(top, w.box.y);
      bottom = Math.max(bottom, w.box.y + w.box.h);
      h = Math.max(h, w.box.h);
    }
    return { words: ws, top, bottom, h };
  });
}
