/** The ground truth a renderer builds while it draws: only values it really printed, with the strings it printed. */

export type GroundTruth = { fields: Record<string, string>; tables?: { line_items: Array<Record<string, string>> } };

/** A string drawn on the page for a ground-truth value (`fields.total_amount`, `line_items.3.amount`). */
export type PrintedValue = { key: string; text: string };

export class TruthRecorder {
  readonly fields: Record<string, string> = {};
  readonly rows: Array<Record<string, string>> = [];
  readonly printed: PrintedValue[] = [];

  field(name: string, value: string, ...printedAs: string[]): void {
    this.fields[name] = value;
    for (const text of printedAs) this.printed.push({ key: `fields.${name}`, text });
  }

  /** Starts a table row; cells are added with `cell`. */
  row(): number {
    this.rows.push({});
    return this.rows.length - 1;
  }

  cell(row: number, column: string, value: string, ...printedAs: string[]): void {
    this.rows[row]![column] = value;
    for (const text of printedAs) this.printed.push({ key: `line_items.${row}.${column}`, text });
  }

  /** The GT with a stable key order (fields sorted), so the same document serialises to the same bytes. */
  result(): GroundTruth {
    const fields = Object.fromEntries(Object.entries(this.fields).sort(([a], [b]) => a.localeCompare(b)));
    return this.rows.length > 0 ? { fields, tables: { line_items: this.rows } } : { fields };
  }
}
