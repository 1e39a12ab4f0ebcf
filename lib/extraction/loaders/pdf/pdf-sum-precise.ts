/**
 * pdfjs sums glyph and table sizes with `Math.sumPrecise`, which Node 20 and 22 lack: core-js's polyfill (exact
 * floating-point summation through growing arrays of partials) then ran for every embedded font, about a twentieth
 * of a text layer's reading. The sizes are integers, and a sum of safe integers whose running total stays safe is
 * exact when added plainly, so that case is added plainly; anything else (fractions, huge values, non-arrays) goes to
 * the precise implementation unchanged. Starting from -0 keeps its sign rule: -0 only when every item is -0.
 */
export function withIntegerFastPath(precise: (items: Iterable<number>) => number): (items: Iterable<number>) => number {
  return function sumPrecise(items: Iterable<number>): number {
    if (!Array.isArray(items)) return precise(items);
    let sum = -0;
    for (const item of items as unknown[]) {
      if (!Number.isSafeInteger(item)) return precise(items);
      sum += item as number;
      if (!Number.isSafeInteger(sum)) return precise(items);
    }
    return sum;
  };
}

type MathWithSum = Math & { sumPrecise?: (items: Iterable<number>) => number };

let installed = false;

/** Wraps the process's `Math.sumPrecise` (native or polyfilled) once, when there is one. */
export function installSumPreciseFastPath(): void {
  const current = (Math as MathWithSum).sumPrecise;
  if (installed || typeof current !== "function") return;
  Object.defineProperty(Math, "sumPrecise", { configurable: true, writable: true, value: withIntegerFastPath((items) => current.call(Math, items)) });
  installed = true;
}
