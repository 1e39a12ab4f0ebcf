import { buildPage, type RawWord } from "../../layout/build-page";
import type { Box, Page, Word } from "../../types";

/** Every word of a page, in block and line order. */
export function pageWords(page: Page): Word[] {
  return page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
}

function toRaw(word: Word, page: Page): RawWord {
  return { text: word.text, x: word.box.x * page.width, y: word.box.y * page.height, w: word.box.w * page.width, h: word.box.h * page.height, confidence: word.confidence };
}

function inside(box: Box, x: number, y: number, margin: number): boolean {
  return x >= box.x - margin && x <= box.x + box.w + margin && y >= box.y - margin && y <= box.y + box.h + margin;
}

/**
 * Adds OCR words to a text-layer page where the text layer has nothing (text inside images). OCR words whose
 * centre falls on a text-layer word are dropped: the text layer is exact where it exists.
 */
export function mergeOcrIntoTextPage(textPage: Page, ocrPage: Page): Page {
  return mergeOcrWords(textPage, pageWords(ocrPage));
}

/** As mergeOcrIntoTextPage, for OCR words already placed on the page (boxes in page fractions). */
export function mergeOcrWords(textPage: Page, ocrWords: Word[]): Page {
  const textWords = pageWords(textPage);
  const extra = ocrWords.filter((w) => {
    const cx = w.box.x + w.box.w / 2;
    const cy = w.box.y + w.box.h / 2;
    return w.confidence >= 0.6 && !textWords.some((t) => inside(t.box, cx, cy, 0.004));
  });
  if (extra.length === 0) return textPage;
  const raw = [...textWords.map((w) => toRaw(w, textPage)), ...extra.map((w) => toRaw(w, textPage))];
  return buildPage(textPage.number, textPage.width, textPage.height, "mixed", raw);
}
