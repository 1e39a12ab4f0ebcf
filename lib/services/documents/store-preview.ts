import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import type { DocumentPreview } from "@/lib/extraction";
import { storageKey, type FileStore } from "@/lib/storage";
import type { DocumentRecord } from "./to-document";

/** Where a document's preview lives: one per document, so reprocessing overwrites it in place. */
export function previewKeyFor(document: Pick<DocumentRecord, "teamId" | "id">): string {
  return storageKey(document.teamId, document.id, "preview.webp");
}

/**
 * Stores the first-page image the extraction drew and points the document at it (issues 5 and 6). Without a new
 * image the document keeps the one it has: the file did not change. A preview is a convenience: when storing it
 * fails, that is logged and the document goes on without one.
 */
export async function storePreview(db: Db, { store, document, preview }: { store: FileStore; document: Pick<DocumentRecord, "teamId" | "id">; preview: DocumentPreview | null | undefined }): Promise<void> {
  if (!preview) return;
  const key = previewKeyFor(document);
  try {
    await store.put(key, preview.bytes, preview.contentType);
    const [kept] = await db
      .update(documents)
      .set({ previewKey: key })
      .where(and(eq(documents.id, document.id), isNull(documents.deletedAt)))
      .returning({ id: documents.id });
    // Deleted while it was being processed: the delete already ran, so the image would stay behind.
    if (!kept) await store.delete(key);
  } catch (error) {
    console.error(`[pipeline] could not store the preview of document ${document.id}`, error);
  }
}
