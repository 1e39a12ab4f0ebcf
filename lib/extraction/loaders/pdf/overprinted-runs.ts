/**
 * Text drawn twice over itself. Some generators fake bold type (or a whole page's heavier look) by drawing every run a
 * second time a fraction of a point to the side; pdf.js then gives each run twice, and a row reads "AGORA AGORA",
 * "10 10", its numbers glued into "110110". A copy is the same string in the same type size on the same baseline,
 * shifted by a small part of its size: text a reader sees once. Two equal strings anywhere else (a "2" in two
 * columns, one character after another in a run drawn letter by letter) stand at least a narrow letter's width apart
 * and are kept.
 */

/** A text run in page points: its string, its origin and its type size. */
export type TextRun = { str: string; x: number; y: number; size: number };

/** How far (a share of the type size) a copy may stand from the run it repeats: fake bold shifts by 2–5 %, and the narrowest letters are 20 % wide. */
const OVERPRINT_SHIFT = 0.1;

/** The runs with every overprinted copy left out (the first drawn kept), in their order. */
export function withoutOverprints<T extends TextRun>(runs: readonly T[]): T[] {
  const kept: T[] = [];
  // Runs kept so far by their string and the square of one type size they start in: a copy lies in a neighbouring one.
  const near = new Map<string, T[]>();
  const key = (str: string, cx: number, cy: number) => `${cx}:${cy}:${str}`;
  for (const run of runs) {
    const size = Math.max(run.size, 1e-6);
    const cx = Math.floor(run.x / size);
    const cy = Math.floor(run.y / size);
    const candidates = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].flatMap((dy) => near.get(key(run.str, cx + dx, cy + dy)) ?? []));
    const copy = candidates.some((k) => Math.abs(k.size - run.size) <= 0.05 * k.size && Math.abs(k.y - run.y) <= OVERPRINT_SHIFT * k.size && Math.abs(k.x - run.x) <= OVERPRINT_SHIFT * k.size);
    if (copy) continue;
    const own = key(run.str, cx, cy);
    near.set(own, [...(near.get(own) ?? []), run]);
    kept.push(run);
  }
  return kept;
}
