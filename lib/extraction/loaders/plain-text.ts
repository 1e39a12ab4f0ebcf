import { buildPage, type RawWord } from "../layout/build-page";
import type { Page } from "../types";

/** Text has no geometry: lay it out as a monospaced page (one unit per character, 66 lines per page). */
const CHAR_W = 6;
const LINE_H = 12;
const LINES_PER_PAGE = 66;
const PAGE_W = CHAR_W * 100;

export function textToPages(text: string): Page[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const pages: Page[] = [];
  const pageBreaks = Math.max(1, Math.ceil(lines.length / LINES_PER_PAGE));
  for (let p = 0; p < pageBreaks; p += 1) {
    const chunk = lines.slice(p * LINES_PER_PAGE, (p + 1) * LINES_PER_PAGE);
    const words: RawWord[] = [];
    const maxLen = Math.max(100, ...chunk.map((l) => l.length));
    chunk.forEach((line, row) => {
      const re = /\S+/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line.replace(/\t/g, "    "))) !== null) {
        words.push({ text: m[0], x: m.index * CHAR_W, y: row * LINE_H + 2, w: m[0].length * CHAR_W, h: LINE_H - 4, confidence: 1 });
      }
    });
    pages.push(buildPage(p + 1, Math.max(PAGE_W, maxLen * CHAR_W), LINES_PER_PAGE * LINE_H, "text", words));
  }
  return pages;
}
