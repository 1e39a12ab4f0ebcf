import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documentLayouts, type StoredFieldMetadata } from "@/lib/db/schema";
import type { FieldDefinition, FieldMetadata } from "@/lib/extraction";
import { fingerprintOf, teachExample } from "@/lib/extraction/memory";
import { loadFieldRows } from "../fields/internal";
import type { Field } from "@/lib/contracts/fields";
import { buildFieldTree, toFieldInputs } from "../fields/tree";
import { senderNameField, storeExample } from "./internal";

type TaughtDocument = { id: string; teamId: string; parserId: string; data: Record<string, unknown>; fieldMetadata: StoredFieldMetadata };

/**
 * Teaches the parser from a document whose values a person confirmed (a saved correction, an approval): its
 * layout, fingerprint and the evidence of every value become one example, replacing the document's earlier one.
 * A document processed before memory existed has no stored layout and teaches nothing. Runs inside the caller's
 * transaction, so the example exists exactly when the correction or approval does. `fieldTree`: the parser's
 * fields when the caller has read them in this transaction already (one query less on every save and approval).
 */
export async function teachFromDocument(
  tx: DbOrTx,
  { document, taughtBy, fieldTree }: { document: TaughtDocument; taughtBy: "correction" | "approval"; fieldTree?: readonly Field[] },
): Promise<string | null> {
  const [stored] = await tx.select({ layout: documentLayouts.layout }).from(documentLayouts).where(eq(documentLayouts.documentId, document.id));
  if (!stored || stored.layout.pages.length === 0) return null;
  const fields: FieldDefinition[] = toFieldInputs(fieldTree ?? buildFieldTree(await loadFieldRows(tx, document.parserId)));
  const evidence = teachExample({ layout: stored.layout, fields, data: document.data, fieldMetadata: document.fieldMetadata as Record<string, FieldMetadata> });
  const senderField = senderNameField(fields);
  const sender = senderField ? document.data[senderField] : null;
  const fingerprint = fingerprintOf(stored.layout, typeof sender === "string" ? sender : null);
  return storeExample(tx, { teamId: document.teamId, parserId: document.parserId, documentId: document.id, taughtBy, fingerprint, evidence });
}
