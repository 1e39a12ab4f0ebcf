import { randomUUID } from "node:crypto";
import type { Review } from "@/lib/contracts/documents";
import type { Field } from "@/lib/contracts/fields";
import type { DocumentPages, ExportDocument, ExportPlan } from "./model";

/** Fields and documents that exercise every serialiser's hard cases; shared by the exports unit tests only. */
function field({ name, type, columns }: { name: string; type: Field["type"]; columns?: Field[] }): Field {
  return { id: randomUUID(), name, type, description: "", instructions: "", required: false, position: 0, options: [], ...(columns ? { columns } : {}) };
}

export const FIELDS: Field[] = [
  field({ name: "Invoice number", type: "text" }),
  field({ name: "Total", type: "currency" }),
  field({ name: "Invoice date", type: "date" }),
  field({ name: "Paid", type: "boolean" }),
  field({ name: "Note", type: "text" }),
  field({ name: "=cmd|' /C calc'!A0", type: "text" }),
  field({ name: 'a "quoted"\tname & <more>', type: "text" }),
  field({ name: "Items", type: "table", columns: [field({ name: "SKU", type: "text" }), field({ name: "Amount", type: "number" }), field({ name: "Due", type: "date" })] }),
];

const REVIEW: Review = { isRequired: false, status: "not_required", assignee: null, currentStage: null, stages: [] };

function document(input: { name: string; status?: ExportDocument["row"]["status"]; data: Record<string, unknown>; fieldMetadata?: Record<string, unknown>; error?: string | null; folderPath?: string | null }): ExportDocument {
  return {
    row: {
      id: randomUUID(),
      name: input.name,
      externalId: null,
      custom: {},
      status: input.status ?? "processed",
      folderId: input.folderPath ? randomUUID() : null,
      source: "api",
      contentType: "application/pdf",
      createdAt: "2025-03-01T10:20:30.000Z",
      updatedAt: "2025-03-01T10:21:00.000Z",
      isProcessed: true,
      isFailed: input.status === "failed",
      pageCount: 2,
      review: REVIEW,
    },
    folderPath: input.folderPath ?? null,
    error: input.error ?? null,
    data: input.data,
    fieldMetadata: input.fieldMetadata ?? {},
  };
}

export const TRICKY_TEXT = 'AT&amp;T <b>"q"</b> ]]> &lt; \u0001 😀 line\r\nbreak\ttab';

export const DOCUMENTS: ExportDocument[] = [
  document({
    name: "invoice, \"one\".pdf",
    folderPath: "Suppliers / 2025",
    data: {
      "Invoice number": "INV-1",
      Total: -12.5,
      "Invoice date": "2024-03-15",
      Paid: true,
      Note: '=HYPERLINK("http://evil.test","click")',
      "=cmd|' /C calc'!A0": "+49 30 1234",
      Items: [
        { SKU: "@SUM(A1)", Amount: 3, Due: "2024-04-01" },
        { SKU: "B-2", Amount: -1.25, Due: null },
      ],
      "Deleted field": "not exported",
    },
    fieldMetadata: {
      "Invoice number": { confidence: 0.97, source: { page: 1, x: 0.1, y: 0.2, w: 0.30000000000000004, h: 0.05 } },
      Total: { confidence: 1, source: null, corrected: true },
      Items: {
        confidence: 0.8,
        source: { page: 2, x: 0, y: 0.5, w: 1, h: 0.25 },
        rows: [{ SKU: { confidence: 0.9, source: { page: 2, x: 0.1, y: 0.55, w: 0.2, h: 0.02 } } }, {}],
      },
    },
  }),
  document({ name: "failed.pdf", status: "failed", data: {}, error: "Could not read the file" }),
  document({ name: TRICKY_TEXT, data: { Note: TRICKY_TEXT, "Invoice date": "2024-02-30", Total: 7, Items: "not a table" } }),
];

/** Texts that a spreadsheet would split into rows or run as formulas if written carelessly (issue #19, item 9). */
export const INJECTIONS = ["\n=2+2", "a,b", '"quoted"', "line\r\n=1+1", "\r=1+1", "=1+1", "-5", "+49 30 1234567", "@SUM(A1)", "\t=1", "-2+3+cmd|' /C calc'!A0"];

/** A document whose name and Note hold `text` and whose Total is the number -5. */
export function injectionDocument(text: string): ExportDocument {
  return document({ name: text, data: { Note: text, Total: -5 } });
}

export function plan(includeSources = false, fields: Field[] = FIELDS): ExportPlan {
  return { parser: { id: randomUUID(), name: "Invoices & <Receipts>" }, fields, includeSources, exportedAt: new Date("2025-03-02T08:00:00Z") };
}

/** The documents as pages of `size` (as the database reader yields them), replayable for multi-pass writers. */
export function pagesOf(documents: readonly ExportDocument[], size = 2): DocumentPages {
  return async function* () {
    for (let start = 0; start < documents.length; start += size) yield documents.slice(start, start + size);
  };
}

export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}
