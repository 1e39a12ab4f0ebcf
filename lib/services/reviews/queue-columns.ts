/**
 * The values a reviewer's queue shows for a parser whose columns they have not chosen: its required values, in
 * field order (what a reviewer checks first), at most three; a parser without required values shows its first
 * two. Tables are never columns. Pure, for the queue.
 */
export type ColumnCandidate = { name: string; type: string; required: boolean; position: number; parentId: string | null };

const MAX_DEFAULT_COLUMNS = 3;
const WITHOUT_REQUIRED = 2;

export function defaultQueueColumns(fields: readonly ColumnCandidate[]): string[] {
  const scalars = fields.filter((field) => field.parentId === null && field.type !== "table").sort((a, b) => a.position - b.position);
  const required = scalars.filter((field) => field.required);
  return (required.length > 0 ? required.slice(0, MAX_DEFAULT_COLUMNS) : scalars.slice(0, WITHOUT_REQUIRED)).map((field) => field.name);
}
