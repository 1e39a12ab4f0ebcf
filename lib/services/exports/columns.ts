import type { Field } from "@/lib/contracts/fields";
import { boxText, cellMeta, readSource, scalarFields, tableRows, type ExportDocument } from "./model";

/**
 * The tabular layout CSV and XLSX share: which columns there are, in which order, and what each holds for a
 * document (or for one line item of a table). Each column says what kind of value it carries so XLSX can type its
 * cells (numbers as numbers, dates as dates) and CSV can write them plainly.
 *
 * Document columns are `document.*` (field names cannot contain a dot, so they never look like a field); a scalar
 * field is a column named after it; with sources each value column is followed by `<column> confidence`,
 * `<column> page` and `<column> box`.
 */
export type ColumnKind = "text" | "number" | "currency" | "date" | "datetime" | "boolean" | "json";

export type Column<T> = { header: string; kind: ColumnKind; value: (item: T) => unknown };

/** One row of a table field, with the document it belongs to. */
export type LineItem = { document: ExportDocument; index: number; row: Record<string, unknown>; meta: unknown };

export function kindOf(field: Field): ColumnKind {
  switch (field.type) {
    case "number":
      return "number";
    case "currency":
      return "currency";
    case "date":
      return "date";
    case "boolean":
      return "boolean";
    case "table":
      return "json";
    default:
      return "text";
  }
}

const DOCUMENT_COLUMNS: Column<ExportDocument>[] = [
  { header: "document.id", kind: "text", value: (d) => d.row.id },
  { header: "document.name", kind: "text", value: (d) => d.row.name },
  { header: "document.externalId", kind: "text", value: (d) => d.row.externalId },
  { header: "document.status", kind: "text", value: (d) => d.row.status },
  { header: "document.folder", kind: "text", value: (d) => d.folderPath },
  { header: "document.createdAt", kind: "datetime", value: (d) => d.row.createdAt },
  { header: "document.updatedAt", kind: "datetime", value: (d) => d.row.updatedAt },
  { header: "document.pageCount", kind: "number", value: (d) => d.row.pageCount },
  { header: "document.reviewStatus", kind: "text", value: (d) => d.row.review.status },
  { header: "document.assignee", kind: "text", value: (d) => d.row.review.assignee?.email ?? null },
  { header: "document.error", kind: "text", value: (d) => d.error },
  { header: "document.custom", kind: "json", value: (d) => (Object.keys(d.row.custom).length ? d.row.custom : null) },
];

/** A value column and, with sources, its confidence, page and box columns. */
function valueColumns<T>({ header, field, read, includeSources }: { header: string; field: Field; read: (item: T) => { value: unknown; meta: unknown }; includeSources: boolean }): Column<T>[] {
  const columns: Column<T>[] = [{ header, kind: kindOf(field), value: (item) => read(item).value }];
  if (!includeSources) return columns;
  return [
    ...columns,
    { header: `${header} confidence`, kind: "number", value: (item) => readSource(read(item).meta).confidence },
    { header: `${header} page`, kind: "number", value: (item) => readSource(read(item).meta).page },
    { header: `${header} box`, kind: "text", value: (item) => boxText(readSource(read(item).meta).box) },
  ];
}

/** The document's own columns and one per scalar field: the CSV's document rows and the XLSX Documents sheet. */
export function documentColumns(fields: readonly Field[], includeSources: boolean): Column<ExportDocument>[] {
  return [
    ...DOCUMENT_COLUMNS,
    ...scalarFields(fields).flatMap((field) =>
      valueColumns<ExportDocument>({ header: field.name, field, read: (d) => ({ value: d.data[field.name], meta: d.fieldMetadata[field.name] }), includeSources }),
    ),
  ];
}

/** One table's columns for its line items, headed `<prefix><column>` (CSV prefixes the table name, XLSX does not). */
export function lineColumns({ table, includeSources, prefix }: { table: Field; includeSources: boolean; prefix: string }): Column<LineItem>[] {
  return (table.columns ?? []).flatMap((column) =>
    valueColumns<LineItem>({ header: `${prefix}${column.name}`, field: column, read: (line) => ({ value: line.row[column.name], meta: cellMeta({ tableMeta: line.meta, index: line.index, column: column.name }) }), includeSources }),
  );
}

export function lineItems(document: ExportDocument, table: Field): LineItem[] {
  const meta = document.fieldMetadata[table.name];
  return tableRows(document.data[table.name]).map((row, index) => ({ document, index, row, meta }));
}

/**
 * Headers as written: a clash (a table named `document` with a column `id`, two fields differing only by a
 * suffix we add) gets ` (2)`, ` (3)`, … so every column stays addressable by its header.
 */
export function uniqueHeaders(headers: readonly string[]): string[] {
  const seen = new Set<string>();
  return headers.map((header) => {
    let candidate = header;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${header} (${n})`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
