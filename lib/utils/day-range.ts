/**
 * Date inputs give calendar days (`2026-11-21`); the API filters on instants. A "from" day starts at its first
 * millisecond and a "to" day ends at its last, both in UTC, so a one-day range is the whole day.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function dayStart(day: string | undefined): string | undefined {
  return isDay(day) ? `${day}T00:00:00.000Z` : undefined;
}

export function dayEnd(day: string | undefined): string | undefined {
  return isDay(day) ? `${day}T23:59:59.999Z` : undefined;
}

export function isDay(value: string | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
