import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import { documentLayouts } from "@/lib/db/schema";
import type { ExtractionResult, FieldDefinition } from "@/lib/extraction";
import { applyMemory, compactLayout, fingerprintOf, type DocumentLayout } from "@/lib/extraction/memory";
import { findMatches, senderNameField } from "./internal";

type MemoryInput = Pick<ExtractionResult, "pages" | "data" | "fieldMetadata">;
type MemoryOutput = Pick<ExtractionResult, "data" | "fieldMetadata">;

/**
 * The pipeline's one call into memory, after the engine has read a document: keeps the document's layout (for
 * teaching later) and returns the data and field metadata with what the parser learnt applied. A parser that was
 * never taught costs one index lookup that finds nothing.
 */
export async function applyParserMemory(
  tx: DbOrTx,
  { document, fields, result }: { document: { id: string; teamId: string; parserId: string }; fields: FieldDefinition[]; result: MemoryInput },
): Promise<MemoryOutput> {
  const layout = compactLayout(result.pages);
  await tx
    .insert(documentLayouts)
    .values({ documentId: document.id, teamId: document.teamId, layout })
    .onConflictDoUpdate({ target: documentLayouts.documentId, set: { layout, createdAt: new Date() } });
  return readWithMemory(tx, { document, fields, result, layout });
}

/**
 * What memory makes of an extraction, writing nothing: the preview of a pending change reads approved documents
 * as if they arrived now. The document's own example never counts (it would simply give back what was approved).
 */
export async function readWithMemory(
  db: DbOrTx,
  {
    document,
    fields,
    result,
    layout = compactLayout(result.pages),
  }: { document: { id: string; parserId: string }; fields: FieldDefinition[]; result: MemoryInput; layout?: DocumentLayout },
): Promise<MemoryOutput> {
  const senderField = senderNameField(fields);
  const sender = senderField ? result.data[senderField] : null;
  const matches = await findMatches(db, { parserId: document.parserId, fingerprint: fingerprintOf(layout, typeof sender === "string" ? sender : null) });
  const others = matches.filter((match) => match.example.documentId !== document.id);
  if (others.length === 0) return { data: result.data, fieldMetadata: result.fieldMetadata };
  const outcome = applyMemory({ layout, fields, data: result.data, fieldMetadata: result.fieldMetadata, matches: others });
  return { data: outcome.data, fieldMetadata: outcome.fieldMetadata };
}
