import "server-only";
import { coerceDocumentData } from "@/lib/contracts/field-coercion";
import type { DbOrTx } from "@/lib/db/client";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import type { DocumentRecord } from "./to-document";

/**
 * The document with its data in the parser's current field types (field-coercion.ts), for every view the API,
 * MCP and webhooks answer with. Values are stored typed since extraction and corrections coerce on write; reading
 * coerces again because a document extracted before that stored figures as numbers in text fields, and because a
 * field's type can change after its documents were read. Idempotent and cheap: one query for the parser's fields.
 */
export async function withTypedData(tx: DbOrTx, document: DocumentRecord): Promise<DocumentRecord> {
  const fields = buildFieldTree(await loadFieldRows(tx, document.parserId));
  return { ...document, data: coerceDocumentData(fields, document.data, document.fieldMetadata) };
}
