/**
 * Items whose description is centred on the line of their numbers: a cell of several lines set in a table row
 * whose other cells are middle-aligned, so the description starts one or two lines above its numbers
 * ("PĘDZLE MALARSKIE" / "ARTYSTYCZNE PROFESJONALNE" / "25szt ZESTAW PĘDZLI 1 24,31 …" / "MALARSKICH").
 * Read top to bottom, those first lines would wrap the item above. Geometry tells them apart: the lines of one
 * cell stand a line's spacing apart, two rows' cells further, so between two items' numbers the text splits at
 * its one clearly widest gap, and each item's numbers then sit in the middle of its text.
 */

/** A line under the header: an item's numbers (with or without text beside them) or text alone. */
export type ItemLine = { top: number; bottom: number; h: number; kind: "numbers" | "text" };

/** The widest gap between two rows' cells must exceed the others by this share of a line and by this ratio. */
const GAP_MARGIN = 0.25;
const GAP_RATIO = 1.5;
/** A centred row's numbers stand within this share of a line of its text's middle. */
const CENTRE_TOLERANCE = 0.35;
/** Items that must print lines above their numbers before the table is read as centred. */
const MIN_LEADING_ITEMS = 2;

/**
 * For a table whose multi-line items are all centred on their numbers, the text lines that lead an item (printed
 * above its numbers), each mapped to the index of its item's numbers line; null when the table is not so printed
 * (top-aligned descriptions, headings, notes), which leaves the lines to the reading rules.
 */
export function centredLeads(lines: ItemLine[]): Map<number, number> | null {
  const numbers = lines.flatMap((l, k) => (l.kind === "numbers" ? [k] : []));
  if (numbers.length < MIN_LEADING_ITEMS) return null;
  const leads = new Map<number, number>();
  // Each item's text: from the first line of its block to the last.
  const blocks = numbers.map((n) => ({ first: n, last: n }));
  // Text over the first item's numbers, under the header, is that item's.
  for (let k = 0; k < numbers[0]!; k += 1) {
    leads.set(k, numbers[0]!);
    blocks[0]!.first = Math.min(blocks[0]!.first, k);
  }
  for (let p = 0; p + 1 < numbers.length; p += 1) {
    const a = numbers[p]!;
    const b = numbers[p + 1]!;
    if (b - a === 1) continue;
    // Gaps between consecutive lines from item a's numbers to item b's.
    const gaps: number[] = [];
    for (let k = a; k < b; k += 1) gaps.push(lines[k + 1]!.top - lines[k]!.bottom);
    const widest = gaps.indexOf(Math.max(...gaps));
    const others = gaps.filter((_, g) => g !== widest);
    const h = Math.min(...lines.slice(a, b + 1).map((l) => l.h));
    const runnerUp = Math.max(0, ...others);
    // No clear break between the two items' text: not the shape (evenly spaced lines, wrapped text).
    if (others.length > 0 && (gaps[widest]! - runnerUp < GAP_MARGIN * h || gaps[widest]! < GAP_RATIO * runnerUp)) return null;
    blocks[p]!.last = a + widest;
    for (let k = a + widest + 1; k < b; k += 1) leads.set(k, b);
    if (a + widest + 1 < b) blocks[p + 1]!.first = a + widest + 1;
  }
  // The last item's text goes on under its numbers as far as it went above them (and a line more): what follows is
  // the table's foot, no part of the shape.
  const lastBlock = blocks[blocks.length - 1]!;
  const lastNumbers = numbers[numbers.length - 1]!;
  lastBlock.last = Math.min(lines.length - 1, lastNumbers + (lastNumbers - lastBlock.first) + 1);
  const leadingItems = new Set(leads.values()).size;
  if (leadingItems < MIN_LEADING_ITEMS) return null;
  // Every item of more than one line is centred on its numbers, and one at least has text both above and below
  // them: a heading over a one-line item, or text wrapped under its numbers, is not.
  let both = false;
  for (let p = 0; p < numbers.length; p += 1) {
    const { first, last } = blocks[p]!;
    if (first === last) continue;
    const row = lines[numbers[p]!]!;
    const middle = (lines[first]!.top + lines[last]!.bottom) / 2;
    if (Math.abs((row.top + row.bottom) / 2 - middle) > CENTRE_TOLERANCE * row.h) return null;
    if (first < numbers[p]! && last > numbers[p]!) both = true;
  }
  return both ? leads : null;
}
