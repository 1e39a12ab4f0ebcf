import { begin, type XMLDocumentCB } from "xmlbuilder";
import type { Field } from "@/lib/contracts/fields";
import { cellMeta, readSource, tableRows, type DocumentPages, type ExportDocument, type ExportPlan } from "./model";

/**
 * XML through xmlbuilder's callback writer, which serialises as it goes (one page of documents in memory).
 * Element names are fixed; field names only ever appear in a `name` attribute, so any name is safe:
 *
 * Structure (one document per line; shown indented here):
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
 * `custom` is JSON text. Documented in the operation's description (lib/contracts/exports.ts) and docs/api.md.
 */

/**
 * Why xmlbuilder and not its successor xmlbuilder2: xmlbuilder2 4.0's callback builder took ~150 µs per element
 * here (10,000 documents ≈ 40 s) and leaves an `&` that starts something entity-like unescaped
 * (oozcitak/xmlbuilder2#117), so a value `AT&amp;T` would read back as `AT&T`. xmlbuilder 15 writes ~25× faster,
 * escapes every `&`, and keeps CR, LF and tab in attributes as character references, so every value round-trips
 * (xml.test.ts parses the output back with a strict parser).
 *
 * Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/FFFF) become U+FFFD.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "\uFFFD");
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

function writeField({ xml, field, value, meta, includeSources }: { xml: XMLDocumentCB; field: Field; value: unknown; meta: unknown; includeSources: boolean }): void {
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
      for (const column of field.columns ?? []) writeField({ xml, field: column, value: row[column.name], meta: cellMeta({ tableMeta: meta, index, column: column.name }), includeSources });
      xml.up();
    });
  } else {
    xml.txt(xmlText(scalarText(value)));
  }
  xml.up();
}

function writeFieldSchema(xml: XMLDocumentCB, field: Field): void {
  xml.ele("field", { name: xmlText(field.name), type: field.type });
  for (const column of field.columns ?? []) writeFieldSchema(xml, column);
  xml.up();
}

/** A child element with text, or `null="true"` for a missing value. */
function textElement({ xml, name, value, attributes = {} }: { xml: XMLDocumentCB; name: string; value: string | number | null; attributes?: Record<string, string> }): void {
  if (value === null) xml.ele(name, { ...attributes, null: "true" }).up();
  else xml.ele(name, attributes).txt(xmlText(String(value))).up();
}

function writeDocument({ xml, plan, document }: { xml: XMLDocumentCB; plan: ExportPlan; document: ExportDocument }): void {
  const { row } = document;
  xml.ele("document", { id: row.id, status: row.status });
  textElement({ xml, name: "name", value: row.name });
  textElement({ xml, name: "externalId", value: row.externalId });
  textElement({ xml, name: "folder", value: document.folderPath, attributes: row.folderId ? { id: row.folderId } : {} });
  textElement({ xml, name: "createdAt", value: row.createdAt });
  textElement({ xml, name: "updatedAt", value: row.updatedAt });
  textElement({ xml, name: "pageCount", value: row.pageCount });
  const review: Record<string, string> = { status: row.review.status };
  if (row.review.currentStage) review.stage = xmlText(row.review.currentStage.name);
  if (row.review.assignee) review.assignee = xmlText(row.review.assignee.email);
  xml.ele("review", review).up();
  textElement({ xml, name: "error", value: document.error });
  textElement({ xml, name: "custom", value: JSON.stringify(row.custom) });
  xml.ele("data");
  for (const field of plan.fields) writeField({ xml, field, value: document.data[field.name], meta: document.fieldMetadata[field.name], includeSources: plan.includeSources });
  xml.up().up();
}

export async function* writeXml(plan: ExportPlan, pages: DocumentPages): AsyncGenerator<string> {
  const chunks: string[] = [];
  // The writer throws on anything it cannot write (it never writes on past a problem); text is made safe above.
  // Not pretty-printed: its callback mode would put text on lines of its own, changing every value. Instead each
  // document starts a line (whitespace between elements carries no data).
  const xml = begin({}, (chunk: string) => void chunks.push(chunk));
  const flush = () => chunks.splice(0).join("");
  xml.dec("1.0", "UTF-8");
  xml.ele("export", {
    parserId: plan.parser.id,
    parserName: xmlText(plan.parser.name),
    exportedAt: plan.exportedAt.toISOString(),
    includeSources: String(plan.includeSources),
  });
  xml.raw("\n").ele("fields");
  for (const field of plan.fields) writeFieldSchema(xml, field);
  xml.up();
  yield flush();
  for await (const page of pages()) {
    for (const document of page) writeDocument({ xml: xml.raw("\n"), plan, document });
    yield flush();
  }
  xml.raw("\n").up().end();
  yield `${flush()}\n`;
}
