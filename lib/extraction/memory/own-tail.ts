import type { Box } from "../types";
import { continuesBelow, linesOf, textOf, unionBox } from "./layout";
import { normalise, similarity } from "./text";
import type { DocumentLayout } from "./types";

/** A word of the engine's reading is the taught word misread when this alike ("28I1," for "2811,"). */
const WORD_MATCH = 0.6;
/** The line a document prints on its own (a chain store's branch): one short line. */
const MAX_OWN_LINE = 30;
/** The taught head must be most of the taught text, so that only its last line is replaced. */
const MIN_HEAD_SHARE = 0.6;
const MIN_HEAD_WORDS = 3;

/**
 * The engine read, on a document of a taught sender, the taught name or address (OCR slips aside) with another last
 * line: the taught document printed its own branch or unit line where this one prints another ("… SELANGOR 1076-IJOK"
 * taught, "… SELANGOR 1245-DESA SRI HARTAMAS" now). The reviewer's text is kept for the part both print, and this
 * document's own line as the engine read it. Null when the engine's reading is not the taught head with one short line
 * of its own after it.
 */
export function taughtHeadWithOwnLine(engineValue: string, taught: string): { value: string; ownLine: string } | null {
  const engineWords = engineValue.trim().split(/\s+/);
  const taughtWords = taught.trim().split(/\s+/);
  let shared = 0;
  while (shared < Math.min(engineWords.length, taughtWords.length) && sameWord(engineWords[shared]!, taughtWords[shared]!)) shared += 1;
  if (shared < MIN_HEAD_WORDS) return null;
  const head = taughtWords.slice(0, shared).join(" ");
  const taughtTail = taughtWords.slice(shared).join(" ");
  const ownLine = engineWords.slice(shared).join(" ");
  if (!ownLine || !/\p{L}{3,}/u.test(ownLine) || ownLine.length > MAX_OWN_LINE || taughtTail.length > MAX_OWN_LINE) return null;
  if (normalise(head).length < MIN_HEAD_SHARE * normalise(taught).length) return null;
  const value = `${head} ${ownLine}`;
  return value === engineValue ? null : { value, ownLine };
}

function sameWord(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return true;
  return x.length > 0 && y.length > 0 && similarity(x, y) >= WORD_MATCH;
}

const MAX_RUN_LINES = 6;

export type OwnLineReading = { value: string; ownLine: string; page: number; box: Box; raw: string };

/**
 * The same on the page itself, where the engine read nothing: lines printed one under the other that read as the
 * taught text's head, the last of them a line of this document's own. The first such run, top to bottom.
 */
export function taughtHeadOnPage(layout: DocumentLayout, taught: string): OwnLineReading | null {
  for (const page of layout.pages) {
    const lines = linesOf(page);
    for (let start = 0; start < lines.length; start += 1) {
      for (let end = start + 1; end < Math.min(lines.length, start + MAX_RUN_LINES); end += 1) {
        if (!continuesBelow(lines[end - 1]!, lines[end]!)) break;
        const run = lines.slice(start, end + 1);
        const words = run.flatMap((line) => line.words);
        const merged = taughtHeadWithOwnLine(textOf(words), taught);
        // The line of its own is the run's last line, whole: the head ends where a printed line ends.
        if (merged && normalise(merged.ownLine) === normalise(textOf(lines[end]!.words))) return { ...merged, page: page.n, box: unionBox(words), raw: textOf(words) };
      }
    }
  }
  return null;
}
