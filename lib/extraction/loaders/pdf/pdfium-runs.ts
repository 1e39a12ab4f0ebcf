import type { RawWord } from "../../layout/build-page";

/**
 * pdfjs's widths on PDFium's words, for PDF_TEXT_READER=pdfium-runs: pdfjs reads a text run (characters of one font
 * flowing on one baseline) and the pdfjs reader spreads the run's width over its characters in proportion to their
 * count, spaces included. The engine's rules and learned models were built on those boxes; this puts PDFium's words
 * back in them, to tell the speed of PDFium from the effect of exact widths.
 */
export type RunWord = { word: RawWord; font: string; vertical: boolean; baseline: number };

/** pdfjs's SPACE_IN_FLOW_MAX_FACTOR: a gap wider than this share of the font size ends its run. */
const RUN_GAP = 0.6;
/** pdfjs's VERTICAL_SHIFT_RATIO: a baseline moved by more than this share of the height ends the run. */
const RUN_SHIFT = 0.25;

function sameRun(previous: RunWord, next: RunWord): boolean {
  if (previous.vertical || next.vertical || previous.font !== next.font) return false;
  const [a, b] = [previous.word, next.word];
  const gap = b.x - (a.x + a.w);
  return gap >= 0 && gap <= RUN_GAP * a.h && Math.abs(previous.baseline - next.baseline) <= RUN_SHIFT * a.h;
}

/** Each run's words get pdfjs's proportional boxes between the run's first and last character. */
export function spreadOverRuns(words: RunWord[]): RawWord[] {
  const out: RawWord[] = [];
  let run: RunWord[] = [];
  const flush = () => {
    if (run.length === 1) out.push(run[0]!.word);
    if (run.length > 1) {
      const start = run[0]!.word.x;
      const last = run[run.length - 1]!.word;
      const text = run.map((r) => r.word.text).join(" ");
      const charW = (last.x + last.w - start) / [...text].length;
      let offset = 0;
      for (const { word } of run) {
        const length = [...word.text].length;
        out.push({ ...word, x: start + offset * charW, w: length * charW });
        offset += length + 1;
      }
    }
    run = [];
  };
  for (const word of words) {
    const previous = run[run.length - 1];
    if (previous && !sameRun(previous, word)) flush();
    run.push(word);
  }
  flush();
  return out;
}
