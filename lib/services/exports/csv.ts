import { stringify } from "csv-stringify/sync";
import type { Field } from "@/lib/contracts/fields";
import { csvCell, neutralizeFormula } from "./cells";
import { documentColumns, lineColumns, lineItems, uniqueHeaders, type Column, type LineItem } from "./columns";
import { tableFields, type DocumentPages, type ExportDocument, type ExportPlan } from "./model";

/**
 * CSV: one row per document (its `document.*` columns and scalar fields), then one row per line item of each table
 * field, repeating the document's columns and filling `lineItem.table`, `lineItem.number` and that table's
 * `<table>.<column>` columns; a document row leaves those empty. UTF-8 with a BOM (so Excel reads accents right),
 * CRLF and RFC 4180 quoting by csv-stringify; cells neutralised against formula injection (cells.ts).
 *
 * csv-stringify quotes a value holding the separator, a quote or the whole record delimiter (CRLF), but not a lone
 * LF or CR: `"\n=2+2"` would be written bare, and a spreadsheet would read `=2+2` as a new row's formula. Any CR
 * or LF forces quoting, as RFC 4180 requires.
 */
type Layout = {
  headers: string[];
  documentColumns: Column<ExportDocument>[];
  tables: { field: Field; columns: Column<LineItem>[]; offset: number }[];
  width: number;
};

export function csvLayout(fields: readonly Field[], includeSources: boolean): Layout {
  const docColumns = documentColumns(fields, includeSources);
  let offset = docColumns.length + 2;
  const tables = tableFields(fields).map((field) => {
    const columns = lineColumns({ table: field, includeSources, prefix: `${field.name}.` });
    const table = { field, columns, offset };
    offset += columns.length;
    return table;
  });
  const headers = [...docColumns.map((column) => column.header), "lineItem.table", "lineItem.number", ...tables.flatMap((table) => table.columns.map((column) => column.header))];
  return { headers: uniqueHeaders(headers).map(neutralizeFormula), documentColumns: docColumns, tables, width: offset };
}

export function csvRows(layout: Layout, document: ExportDocument): (string | number | null)[][] {
  const base = layout.documentColumns.map((column) => csvCell(column.value(document)));
  const blank = () => new Array<string | number | null>(layout.width - base.length).fill(null);
  const rows = [[...base, ...blank()]];
  for (const table of layout.tables) {
    for (const line of lineItems(document, table.field)) {
      const row = [...base, ...blank()];
      row[base.length] = csvCell(table.field.name);
      row[base.length + 1] = line.index + 1;
      table.columns.forEach((column, index) => (row[table.offset + index] = csvCell(column.value(line))));
      rows.push(row);
    }
  }
  return rows;
}

const OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

export async function* writeCsv(plan: ExportPlan, pages: DocumentPages): AsyncGenerator<string> {
  const layout = csvLayout(plan.fields, plan.includeSources);
  yield stringify([layout.headers], { ...OPTIONS, bom: true });
  for await (const page of pages()) {
    if (page.length === 0) continue;
    yield stringify(
      page.flatMap((document) => csvRows(layout, document)),
      OPTIONS,
    );
  }
}
