import type { FieldInput } from "@/lib/contracts/fields";
import type { PreviewValue } from "@/lib/contracts/parser-preview";

type Scalar = string | number | boolean | null;
type Data = Record<string, unknown>;

export type FieldTally = { name: string; values: number; rightBefore: number; rightAfter: number };
export type DocumentComparison = { matching: number; values: PreviewValue[] };

/**
 * One approved document, value by value: what reviewers approved, what the parser produced when the document was
 * processed (`before`), and what the pending definition produces (`after`). Values right both times only count
 * (`matching`); the others are listed with a verdict. A field the parser did not have when the document was
 * approved has nothing to be compared with: its values are listed as `new`. Tables are compared cell by cell, rows
 * in order. Tallies per field are added into `tallies`.
 */
export function compareDocument(options: {
  fields: readonly FieldInput[];
  knownFields: ReadonlySet<string>;
  approved: Data;
  before: Data;
  after: Data;
  tallies: Map<string, FieldTally>;
}): DocumentComparison {
  const values: PreviewValue[] = [];
  let matching = 0;
  for (const field of options.fields) {
    const tally = options.tallies.get(field.name) ?? { name: field.name, values: 0, rightBefore: 0, rightAfter: 0 };
    options.tallies.set(field.name, tally);
    const known = options.knownFields.has(field.name);
    for (const cell of cellsOf(field, { approved: options.approved[field.name], before: options.before[field.name], after: options.after[field.name] })) {
      if (!known) {
        if (!isEmpty(cell.after)) values.push({ path: cell.path, field: field.name, approved: null, before: null, after: cell.after, verdict: "new" });
        continue;
      }
      const rightBefore = same(cell.before, cell.approved);
      const rightAfter = same(cell.after, cell.approved);
      tally.values += 1;
      tally.rightBefore += rightBefore ? 1 : 0;
      tally.rightAfter += rightAfter ? 1 : 0;
      if (rightBefore && rightAfter) {
        matching += 1;
        continue;
      }
      const verdict = rightAfter ? "fixed" : rightBefore ? "broken" : "still_wrong";
      values.push({ path: cell.path, field: field.name, approved: cell.approved, before: cell.before, after: cell.after, verdict });
    }
  }
  return { matching, values };
}

type Cell = { path: string; approved: Scalar; before: Scalar; after: Scalar };

function cellsOf(field: FieldInput, { approved, before, after }: { approved: unknown; before: unknown; after: unknown }): Cell[] {
  if (field.type !== "table") return [{ path: field.name, approved: scalar(approved), before: scalar(before), after: scalar(after) }];
  const rows = (value: unknown): Data[] => (Array.isArray(value) ? value.filter((row): row is Data => typeof row === "object" && row !== null) : []);
  const [a, b, c] = [rows(approved), rows(before), rows(after)];
  const cells: Cell[] = [];
  for (let index = 0; index < Math.max(a.length, b.length, c.length); index += 1) {
    for (const column of field.columns ?? []) {
      const cell = { path: `${field.name}[${index}].${column.name}`, approved: scalar(a[index]?.[column.name]), before: scalar(b[index]?.[column.name]), after: scalar(c[index]?.[column.name]) };
      // A cell empty everywhere (an optional column nobody filled) says nothing about the change.
      if (isEmpty(cell.approved) && isEmpty(cell.before) && isEmpty(cell.after)) continue;
      cells.push(cell);
    }
  }
  return cells;
}

function scalar(value: unknown): Scalar {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

const isEmpty = (value: Scalar) => value === null || (typeof value === "string" && value.trim() === "");

const PLAIN_FIGURE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const asFigure = (value: Scalar): number | null => (typeof value === "number" ? value : typeof value === "string" && PLAIN_FIGURE.test(value.trim()) ? Number(value.trim()) : null);

/** Equal as a reviewer would read them: numbers to the cent, text with its spacing normalised, empty as empty. */

export function same(a: Scalar, b: Scalar): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  // A figure in a text field is text ("1234.50"); a document stored before that holds the number: the same figure.
  // Two texts stay texts ("0042" is not "42").
  const figureA = asFigure(a);
  const figureB = asFigure(b);
  if ((typeof a === "number" || typeof b === "number") && figureA !== null && figureB !== null) return Math.abs(figureA - figureB) < 0.005;
  const text = (value: Scalar) => String(value).replace(/\s+/g, " ").trim();
  return text(a) === text(b);
}
