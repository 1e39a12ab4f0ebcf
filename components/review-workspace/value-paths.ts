/**
 * Addresses of editable values: a field (`total`) or a table cell (`items.2.sku`, row index 0-based). Field
 * names contain no dot (lib/contracts/fields.ts), so the dotted form is unambiguous.
 */
export type ValuePath = { field: string; row?: undefined; column?: undefined } | { field: string; row: number; column: string };

export function pathKey(path: ValuePath): string {
  return path.row === undefined ? path.field : `${path.field}.${path.row}.${path.column}`;
}

/** The DOM id of the input that edits a value. */
export function inputId(path: ValuePath): string {
  return `value-${pathKey(path).replace(/[^\w.-]/g, "_")}`;
}

export function cellPath(field: string, row: number, column: string): ValuePath {
  return { field, row, column };
}
