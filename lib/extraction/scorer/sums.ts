/**
 * The scorer's arithmetic features over a document's amounts, in time that grows with the number of distinct values
 * rather than with every pair: whether an amount is the sum of two others printed elsewhere, part of such a sum, or
 * cash tendered less change. Each answers exactly as pairing every two amounts would (scorer.test.ts checks it).
 */

/** Index of the first sorted value greater than `v`. */
export function upperBound(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const toCents = (v: number) => Math.round(v * 100);
export const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** Index of the first sorted value not below `v`. */
export function lowerBound(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether cash tendered less change gives `v` (near, half a cent): every difference is computed once, sorted, and only
 * those within a cent of `v` are checked with the same test as pairing each tender with each change would.
 */
export function tenderMinusChange(tender: number[], change: number[]): (v: number) => boolean {
  const differences = tender.flatMap((t) => change.map((ch) => t - ch)).sort((a, b) => a - b);
  return (v) => {
    for (let i = lowerBound(differences, v - 0.01); i < differences.length && differences[i]! <= v + 0.01; i += 1) if (near(differences[i]!, v)) return true;
    return false;
  };
}

export type Amount = { v: number; line: number; text: string };

/**
 * Whether `v` (on line `line`) is the sum of two other printed amounts, or part of one: a value `u` on another line
 * with the difference printed on a third, on the same test as pairing every two amounts. Values and printed cents are
 * each sorted once; as `u` grows the difference's cents only move one way, so one walk over each list per value
 * finds every pair whose cents are printed (two pointers), and only those pairs have their lines checked.
 */
export function sumChecker(amounts: Amount[]): (v: number, line: number) => [number, number] {
  const linesByCents = new Map<number, Set<number>>();
  const linesByValue = new Map<number, Set<number>>();
  for (const a of amounts) {
    const cents = toCents(a.v);
    const byCents = linesByCents.get(cents) ?? new Set<number>();
    byCents.add(a.line);
    linesByCents.set(cents, byCents);
    const byValue = linesByValue.get(a.v) ?? new Set<number>();
    byValue.add(a.line);
    linesByValue.set(a.v, byValue);
  }
  const values = [...linesByValue.keys()].sort((a, b) => a - b);
  const printedCents = [...linesByCents.keys()].sort((a, b) => a - b);
  // The difference printed on a line other than the two amounts'.
  const elsewhere = (cents: number, a: number, b: number) => {
    for (const l of linesByCents.get(cents)!) if (l !== a && l !== b) return true;
    return false;
  };
  const closes = (u: number, cents: number, line: number) => {
    for (const uLine of linesByValue.get(u)!) if (uLine !== line && elsewhere(cents, uLine, line)) return true;
    return false;
  };
  const sumOfTwo = (v: number, line: number): number => {
    // u rising from just above 0 to below v: the cents of v - u fall, so the pointer into the printed cents only falls.
    let j = printedCents.length - 1;
    for (let i = upperBound(values, 0); i < values.length && values[i]! < v; i += 1) {
      const u = values[i]!;
      const cents = toCents(v - u);
      while (j >= 0 && printedCents[j]! > cents) j -= 1;
      if (j < 0) return 0;
      if (printedCents[j] === cents && closes(u, cents, line)) return 1;
    }
    return 0;
  };
  const partOfSum = (v: number, line: number): number => {
    // u rising above v: the cents of u - v rise, and so does the pointer.
    let j = 0;
    for (let i = upperBound(values, v); i < values.length; i += 1) {
      const u = values[i]!;
      const cents = toCents(u - v);
      while (j < printedCents.length && printedCents[j]! < cents) j += 1;
      if (j === printedCents.length) return 0;
      if (printedCents[j] === cents && closes(u, cents, line)) return 1;
    }
    return 0;
  };
  return (v, line) => [sumOfTwo(v, line), partOfSum(v, line)];
}
