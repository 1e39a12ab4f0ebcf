import type { Word } from "../types";

/**
 * Numbers grouped in thousands by spaces ("7 410 714.29", "1 234,56") reach the table reader as one word per group
 * when the text layer breaks at each space, and the groups then land in different columns (7 | 410 | 714.29). They
 * are joined again into one word, its text printed as before, when the words read as one grouped number: a lead of one
 * to three digits, then groups of exactly three digits (the last may carry two decimals), each a word space apart and
 * the gaps alike. Spaces also separate columns ("1 250.00" is a quantity and a price in a narrow table), so a chain
 * of one group is joined only on a page that prints two groups or more elsewhere (it groups thousands by spaces), and
 * a one-group chain needs its decimals.
 */

const LEAD = /^-?\d{1,3}$/;
const GROUP = /^\d{3}$/;
const LAST_GROUP = /^\d{3}(?:[.,]\d{1,2})?$/;
/** A word space at most, in the line's height (a column gap in the tables read is wider). */
const MAX_GAP = 0.8;
/** The gaps of one grouped number are one kind of space: within this ratio of each other. */
const GAP_RATIO = 1.6;

type Chain = { start: number; end: number; groups: number; decimals: boolean };

/** `aspect` is the page's width over its height: boxes are page fractions, gaps are compared in one unit. */
function chainsIn(words: Word[], aspect: number): Chain[] {
  const out: Chain[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (!LEAD.test(words[i]!.text)) continue;
    let end = i;
    const gaps: number[] = [];
    for (let k = i + 1; k < words.length; k += 1) {
      const prev = words[k - 1]!;
      const word = words[k]!;
      const h = Math.max(prev.box.h, word.box.h);
      const gap = ((word.box.x - prev.box.x - prev.box.w) * aspect) / h;
      if (gap < 0 || gap > MAX_GAP || Math.abs(word.box.y - prev.box.y) > h * 0.5) break;
      if (gaps.length > 0 && Math.max(gap, ...gaps) > GAP_RATIO * Math.max(Math.min(gap, ...gaps), 0.05)) break;
      if (!GROUP.test(word.text) && !LAST_GROUP.test(word.text)) break;
      gaps.push(gap);
      end = k;
      if (!GROUP.test(word.text)) break;
    }
    if (end === i) continue;
    // A number does not go on after its decimals, nor into another digit: "12 345 6" is no grouped number.
    const after = words[end + 1];
    if (after && /^\d/.test(after.text) && gaps.length > 0) {
      const h = Math.max(words[end]!.box.h, after.box.h);
      if (((after.box.x - words[end]!.box.x - words[end]!.box.w) * aspect) / h <= MAX_GAP) {
        i = end;
        continue;
      }
    }
    const before = words[i - 1];
    // A lead glued to a number before it ("12.000000 11 904 …" stands a column gap apart; "5 12 345" would not).
    if (before && /\d$/.test(before.text) && ((words[i]!.box.x - before.box.x - before.box.w) * aspect) / Math.max(before.box.h, words[i]!.box.h) <= MAX_GAP * 0.5) {
      i = end;
      continue;
    }
    out.push({ start: i, end, groups: end - i, decimals: /[.,]\d{1,2}$/.test(words[end]!.text) });
    i = end;
  }
  return out;
}

function joined(words: Word[]): Word {
  const x1 = Math.min(...words.map((w) => w.box.x));
  const x2 = Math.max(...words.map((w) => w.box.x + w.box.w));
  const y1 = Math.min(...words.map((w) => w.box.y));
  const y2 = Math.max(...words.map((w) => w.box.y + w.box.h));
  return { text: words.map((w) => w.text).join(" "), box: { x: x1, y: y1, w: x2 - x1, h: y2 - y1 }, confidence: Math.min(...words.map((w) => w.confidence)) };
}

/**
 * The lines of a page with their space-grouped numbers joined into one word each. `lines` are a page's printed
 * lines, words left to right.
 */
export function joinDigitGroups(lines: Word[][], aspect: number): Word[][] {
  const chains = lines.map((ws) => chainsIn(ws, aspect));
  const pageGroupsBySpaces = chains.some((cs) => cs.some((c) => c.groups >= 2));
  if (!pageGroupsBySpaces) return lines;
  return lines.map((ws, li) => {
    const keep = chains[li]!.filter((c) => c.groups >= 2 || c.decimals);
    if (keep.length === 0) return ws;
    const out: Word[] = [];
    let k = 0;
    for (const c of keep) {
      out.push(...ws.slice(k, c.start), joined(ws.slice(c.start, c.end + 1)));
      k = c.end + 1;
    }
    out.push(...ws.slice(k));
    return out;
  });
}
