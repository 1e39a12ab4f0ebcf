import type { Field } from "@/lib/contracts/fields";
import { cellMeta, readSource, tableRows, type DocumentPages, type ExportDocument, type ExportPlan } from "./model";

/**
 * JSON: `{parser, exportedAt, includeSources, fields, documents: [...]}`, written a page of documents at a time so
 * the whole file never exists in memory. Values follow the parser's fields: a field without a value is null, and
 * keys left in the data by fields since deleted are not exported. With sources, every value (a table's too, and
 * each of its cells) is `{value, confidence, page, box, corrected}`.
 */
function withSource(value: unknown, meta: unknown) {
  const source = readSource(meta);
  return { value, confidence: source.confidence, page: source.page, box: source.box, corrected: source.corrected };
}

export function fieldValue({ field, value, meta, includeSources }: { field: Field; value: unknown; meta: unknown; includeSources: boolean }): unknown {
  if (field.type !== "table") {
    const plain = value === undefined ? null : value;
    return includeSources ? withSource(plain, meta) : plain;
  }
  const rows = Array.isArray(value)
    ? tableRows(value).map((row, index) =>
        Object.fromEntries((field.columns ?? []).map((column) => [column.name, fieldValue({ field: column, value: row[column.name], meta: cellMeta({ tableMeta: meta, index, column: column.name }), includeSources })])),
      )
    : null;
  return includeSources ? withSource(rows, meta) : rows;
}

export function exportedData({ fields, document, includeSources }: { fields: readonly Field[]; document: Pick<ExportDocument, "data" | "fieldMetadata">; includeSources: boolean }) {
  return Object.fromEntries(fields.map((field) => [field.name, fieldValue({ field, value: document.data[field.name], meta: document.fieldMetadata[field.name], includeSources })]));
}

export function jsonDocument(plan: ExportPlan, document: ExportDocument) {
  return { ...document.row, folderPath: document.folderPath, error: document.error, data: exportedData({ fields: plan.fields, document, includeSources: plan.includeSources }) };
}

export async function* writeJson(plan: ExportPlan, pages: DocumentPages): AsyncGenerator<string> {
  const head = { parser: plan.parser, exportedAt: plan.exportedAt.toISOString(), includeSources: plan.includeSources, fields: plan.fields };
  yield `${JSON.stringify(head).slice(0, -1)},"documents":[`;
  let first = true;
  for await (const page of pages()) {
    if (page.length === 0) continue;
    yield `${first ? "\n" : ",\n"}${page.map((document) => JSON.stringify(jsonDocument(plan, document))).join(",\n")}`;
    first = false;
  }
  yield "\n]}\n";
}
