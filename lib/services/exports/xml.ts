import { createCB } from "xmlbuilder2";
import type { XMLBuilderCB } from "xmlbuilder2/lib/interfaces";
import type { Field } from "@/lib/contracts/fields";
import { cellMeta, readSource, tableRows, type DocumentPages, type ExportDocument, type ExportPlan } from "./model";

/**
 * XML through xmlbuilder2's callback builder, which serialises as it goes (one page of documents in memory).
 * Element names are fixed; field names only ever appear in a `name` attribute, so any name is safe:
 *
 *   <export parserId parserName exportedAt includeSources>
 *     <fields><field name type>(<field …/> per column)</field></fields>
 *     <document id status>
 *       <name/> <externalId/> <folder id/> <createdAt/> <updatedAt/> <pageCount/> <review status stage assignee/> <error/> <custom/>
 *       <data>
 *         <field name="Total" type="currency" [confidence page x y w h corrected]>12.5</field>
 *         <field name="Items" type="table"><row index="1"><field name="SKU" type="text">A-1</field></row></field>
 *         <field name="Note" type="text" null="true"/>
 *
 * `custom` is JSON text. Documented in the operation's description (lib/contracts/exports.ts) and the README.
 */

/** Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/FFFF) become U+FFFD. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text for the builder. xmlbuilder2 leaves an `&` that already starts `&amp;`, `&lt;`, … unescaped (it assumes
 * pre-escaped input; oozcitak/xmlbuilder2#117), so a value `AT&amp;T` would read back as `AT&T`. Escaping every
 * `&` first means each one it sees starts `&amp;` and passes through once: the value round-trips (xml.test.ts
 * parses the output back). `<`, `>` and `"` it escapes itself.
 */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "\uFFFD").replace(/&/g, "&amp;");
}

function scalarText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}

function sourceAttributes(meta: unknown): Record<string, string> {
  const source = readSource(meta);
  const out: Record<string, string> = {};
  if (source.confidence !== null) out.confidence = String(source.confidence);
  if (source.page !== null) out.page = String(source.page);
  if (source.box) Object.assign(out, { x: String(source.box.x), y: String(source.box.y), w: String(source.box.w), h: String(source.box.h) });
  if (source.corrected) out.corrected = "true";
  return out;
}

function writeField(xml: XMLBuilderCB, field: Field, value: unknown, meta: unknown, includeSources: boolean): void {
  const attributes: Record<string, string> = { name: xmlText(field.name), type: field.type, ...(includeSources ? sourceAttributes(meta) : {}) };
  const isTable = field.type === "table";
  if (value === null || value === undefined || (isTable && !Array.isArray(value))) {
    xml.ele("field", { ...attributes, null: "true" }).up();
    return;
  }
  xml.ele("field", attributes);
  if (isTable) {
    tableRows(value).forEach((row, index) => {
      xml.ele("row", { index: String(index + 1) });
      for (const column of field.columns ?? []) writeField(xml, column, row[column.name], cellMeta(meta, index, column.name), includeSources);
      xml.up();
    });
  } else {
    xml.txt(xmlText(scalarText(value)));
  }
  xml.up();
}

function writeFieldSchema(xml: XMLBuilderCB, field: Field): void {
  xml.ele("field", { name: xmlText(field.name), type: field.type });
  for (const column of field.columns ?? []) writeFieldSchema(xml, column);
  xml.up();
}

/** A child element with text, or `null="true"` for a missing value. */
function textElement(xml: XMLBuilderCB, name: string, value: string | number | null, attributes: Record<string, string> = {}): void {
  if (value === null) xml.ele(name, { ...attributes, null: "true" }).up();
  else xml.ele(name, attributes).txt(xmlText(String(value))).up();
}

function writeDocument(xml: XMLBuilderCB, plan: ExportPlan, document: ExportDocument): void {
  const { row } = document;
  xml.ele("document", { id: row.id, status: row.status });
  textElement(xml, "name", row.name);
  textElement(xml, "externalId", row.externalId);
  textElement(xml, "folder", document.folderPath, row.folderId ? { id: row.folderId } : {});
  textElement(xml, "createdAt", row.createdAt);
  textElement(xml, "updatedAt", row.updatedAt);
  textElement(xml, "pageCount", row.pageCount);
  const review: Record<string, string> = { status: row.review.status };
  if (row.review.currentStage) review.stage = xmlText(row.review.currentStage.name);
  if (row.review.assignee) review.assignee = xmlText(row.review.assignee.email);
  xml.ele("review", review).up();
  textElement(xml, "error", document.error);
  textElement(xml, "custom", JSON.stringify(row.custom));
  xml.ele("data");
  for (const field of plan.fields) writeField(xml, field, document.data[field.name], document.fieldMetadata[field.name], plan.includeSources);
  xml.up().up();
}

export async function* writeXml(plan: ExportPlan, pages: DocumentPages): AsyncGenerator<string> {
  const chunks: string[] = [];
  let failure: Error | null = null;
  const xml = createCB({ data: (chunk: string) => void chunks.push(chunk), error: (error: Error) => void (failure ??= error), prettyPrint: true, wellFormed: true });
  // The builder reports problems through its callback instead of throwing: stop at the first one, never write on.
  const flush = () => {
    if (failure) throw failure;
    return chunks.splice(0).join("");
  };
  xml.dec({ version: "1.0", encoding: "UTF-8" });
  xml.ele("export", {
    parserId: plan.parser.id,
    parserName: xmlText(plan.parser.name),
    exportedAt: plan.exportedAt.toISOString(),
    includeSources: String(plan.includeSources),
  });
  xml.ele("fields");
  for (const field of plan.fields) writeFieldSchema(xml, field);
  xml.up();
  yield flush();
  for await (const page of pages()) {
    for (const document of page) writeDocument(xml, plan, document);
    yield flush();
  }
  xml.up().end();
  yield `${flush()}\n`;
}
