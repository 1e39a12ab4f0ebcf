import type { Field, FieldInput } from "@/lib/contracts/fields";
import type { fields } from "@/lib/db/schema";

/** Pure helpers over a parser's field rows: the tree the API returns, lookups by id, name and dotted path. */
export type FieldRow = typeof fields.$inferSelect;

function byPosition(a: FieldRow, b: FieldRow): number {
  return a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

export function childrenOf(rows: readonly FieldRow[], parentId: string | null): FieldRow[] {
  return rows.filter((row) => row.parentId === parentId).sort(byPosition);
}

export function buildFieldTree(rows: readonly FieldRow[], parentId: string | null = null): Field[] {
  return childrenOf(rows, parentId).map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    instructions: row.instructions,
    required: row.required,
    position: row.position,
    options: row.options,
    ...(row.type === "table" ? { columns: buildFieldTree(rows, row.id) } : {}),
  }));
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A top-level field by id, else by name (case-insensitively): the `fieldId` of field paths accepts both. */
export function findTopLevelField(rows: readonly FieldRow[], idOrName: string): FieldRow | undefined {
  const topLevel = rows.filter((row) => row.parentId === null);
  return topLevel.find((row) => row.id === idOrName) ?? topLevel.find((row) => sameName(row.name, idOrName));
}

/** Resolves a dotted path such as `items.sku` (case-insensitively), as a split partition key names a field. */
export function findFieldByPath(tree: readonly Field[], path: string): Field | undefined {
  const [head, ...rest] = path.split(".");
  const field = tree.find((candidate) => sameName(candidate.name, head ?? ""));
  if (!field || rest.length === 0) return field;
  return findFieldByPath(field.columns ?? [], rest.join("."));
}

/** The first name used twice among siblings anywhere in a list of new fields, with where it clashes. */
export function findDuplicateName(inputs: readonly { name: string; columns?: readonly { name: string }[] }[], where = "the parser's fields"): string | null {
  const seen = new Set<string>();
  for (const input of inputs) {
    const key = input.name.toLowerCase();
    if (seen.has(key)) return `The name "${input.name}" is used twice among ${where}`;
    seen.add(key);
  }
  for (const input of inputs) {
    const nested = input.columns ? findDuplicateName(input.columns, `the columns of "${input.name}"`) : null;
    if (nested) return nested;
  }
  return null;
}

/** A field tree back into create inputs: what duplicating a parser copies. */
export function toFieldInputs(tree: readonly Field[]): FieldInput[] {
  return tree.map((field) => ({
    name: field.name,
    type: field.type,
    description: field.description,
    instructions: field.instructions,
    required: field.required,
    options: field.options,
    ...(field.columns ? { columns: toFieldInputs(field.columns) } : {}),
  }));
}
