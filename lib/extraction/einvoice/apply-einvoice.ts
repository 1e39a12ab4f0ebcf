import { resolveConcept } from "../fields/resolve-concept";
import { columnConceptFor } from "../tables/extract-table";
import type { FieldDefinition, FieldMetadata, FieldValue, PageModel, Scalar, SourceBox, TableRow, ValueMetadata } from "../types";
import type { EInvoice, EInvoiceConcept, EInvoiceLine } from "./einvoice-types";
import { locateValue, locatorLines } from "./locate";

const DATE_CONCEPTS = new Set(["invoice_date", "due_date"]);
const AMOUNT_CONCEPTS = new Set(["total_amount", "subtotal_amount", "tax_amount", "amount_due"]);
const NUMBER_COLUMNS = new Set(["quantity", "unit_price", "discount_percent", "tax_rate", "amount"]);

function exact(value: string | number, source: SourceBox | null): ValueMetadata {
  return { confidence: 1, source, raw: String(value), evidence: { strategy: "e-invoice", score: 1 } };
}

/** A value as the field's type wants it: numbers for number and currency fields, text otherwise. */
function typed(field: FieldDefinition, value: string | number): Scalar {
  if ((field.type === "number" || field.type === "currency") && Number.isFinite(Number(value))) return Number(value);
  return typeof value === "number" ? String(value) : value;
}

/**
 * Fills the parser's fields from a structured e-invoice, by concept: every field the XML has a value for takes it
 * (confidence 1, its printed place on the page as the source when it is printed), and a table field whose
 * columns name line-item concepts takes the XML's lines. Fields the XML does not carry keep what the page gave.
 */
export function applyEInvoice(options: { einvoice: EInvoice; model: PageModel; fields: FieldDefinition[]; data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> }): void {
  const { einvoice, model, fields, data, fieldMetadata } = options;
  const lines = locatorLines(model);
  for (const field of fields) {
    if (field.type === "table") {
      const table = tableFromLines(field, einvoice.lines, lines);
      if (!table) continue;
      data[field.name] = table.rows;
      const first = table.meta.flatMap((row) => Object.values(row)).find((cell) => cell.source)?.source ?? null;
      fieldMetadata[field.name] = { confidence: 1, source: first, rows: table.meta };
      continue;
    }
    const key = resolveConcept(field)?.key as EInvoiceConcept | undefined;
    const value = key ? einvoice.fields[key] : undefined;
    if (key === undefined || value === undefined) continue;
    const kind = DATE_CONCEPTS.has(key) ? "date" : AMOUNT_CONCEPTS.has(key) ? "amount" : "text";
    data[field.name] = typed(field, value);
    fieldMetadata[field.name] = exact(value, locateValue(lines, value, { kind }));
  }
}

function tableFromLines(field: FieldDefinition, items: EInvoiceLine[], lines: ReturnType<typeof locatorLines>): { rows: TableRow[]; meta: Array<Record<string, ValueMetadata>> } | null {
  const columns = (field.columns ?? []).map((column) => ({ column, key: columnConceptFor(column)?.key as keyof EInvoiceLine | undefined }));
  if (items.length === 0 || !columns.some((c) => c.key)) return null;
  const rows: TableRow[] = [];
  const meta: Array<Record<string, ValueMetadata>> = [];
  // Each row is looked for below the previous one, so equal amounts on two rows find their own places.
  let previous: SourceBox | null = null;
  for (const item of items) {
    const row: TableRow = {};
    const rowMeta: Record<string, ValueMetadata> = {};
    let rowAnchor: SourceBox | null = null;
    for (const { column, key } of columns) {
      const value = key ? item[key] : undefined;
      if (value === undefined) continue;
      const numeric = NUMBER_COLUMNS.has(String(key));
      row[column.name] = numeric ? Number(value) : typed(column, value);
      const source = locateValue(lines, value, { kind: numeric ? "amount" : "text", after: previous });
      rowAnchor ??= key === "description" || key === "amount" ? source : null;
      rowMeta[column.name] = exact(value, source);
    }
    previous = rowAnchor ?? previous;
    rows.push(row);
    meta.push(rowMeta);
  }
  return { rows, meta };
}
