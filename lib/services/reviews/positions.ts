/**
 * Stage positions are 1..n among a parser's live stages, with no gaps: creating, moving or deleting one shifts
 * the others. Worked out on the ordered list of ids, then written back as (id, position) changes.
 */

/** A requested 1-based position, clamped to 1..length (past the end means last). */
export function clampPosition(position: number | undefined, length: number): number {
  if (position === undefined) return Math.max(1, length);
  return Math.min(Math.max(1, Math.trunc(position)), Math.max(1, length));
}

/** The order with `id` placed at `position` (1-based, clamped); `id` may or may not be in `order` already. */
export function placeAt({ order, id, position }: { order: readonly string[]; id: string; position: number | undefined }): string[] {
  const rest = order.filter((candidate) => candidate !== id);
  const index = clampPosition(position, rest.length + 1) - 1;
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/** The rows whose position differs from their place in `order` (1-based), with the position they should have. */
export function positionChanges(rows: readonly { id: string; position: number }[], order: readonly string[]): { id: string; position: number }[] {
  const current = new Map(rows.map((row) => [row.id, row.position]));
  return order.flatMap((id, index) => (current.get(id) === index + 1 ? [] : [{ id, position: index + 1 }]));
}
