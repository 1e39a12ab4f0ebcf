/** Pure layout maths for the usage chart, kept apart from the markup so it can be unit-tested. */

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`, so the axis top and its midpoint read as round numbers. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** "2024-03-05" → "Mar 5", read as a UTC day so the label never shifts with the server's timezone. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Indexes of the days that get an x-axis label: every `every`th counted back from the last, so today is always labelled. */
export function labelledIndexes(count: number, every = 7): number[] {
  const out: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) out.unshift(index);
  return out;
}
