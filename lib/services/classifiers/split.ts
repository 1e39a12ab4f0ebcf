import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { classifierDocuments } from "@/lib/db/schema";
import { planSplit, writePdfParts, type PageModel, type SplitRule } from "@/lib/extraction";
import { storageKey, type FileStore } from "@/lib/storage";
import type { ExtractionQueue } from "../documents/queue-extraction";
import type { ClassifierDocumentRow } from "./internal";
import { enqueueClassification } from "./queue";

/**
 * Cuts an uploaded PDF into parts (the classifier's split setting), each a classifier document of its own with
 * `source: split` and a link to the upload, queued for classification; the upload itself ends `split`. Returns the
 * number of parts: 0 or 1 means the document stays whole.
 */
export async function splitClassifierDocument(
  db: Db,
  deps: { store: FileStore; queue: ExtractionQueue },
  parent: ClassifierDocumentRow,
  bytes: Uint8Array,
  pages: PageModel,
  rule: SplitRule,
): Promise<number> {
  const parts = planSplit(pages, rule);
  if (parts.length <= 1) return parts.length;
  const files = await writePdfParts(bytes, parts);
  const base = parent.name.replace(/\.pdf$/i, "");
  const children = files.map((file, index) => {
    const id = randomUUID();
    const name = `${base} (part ${index + 1} of ${files.length}).pdf`;
    return {
      row: {
        id,
        teamId: parent.teamId,
        classifierId: parent.classifierId,
        parentDocumentId: parent.id,
        name,
        externalId: parent.externalId ? `${parent.externalId}#${index + 1}` : null,
        custom: parent.custom,
        source: "split",
        contentType: "application/pdf",
        fileKey: storageKey(parent.teamId, id, name),
        fileSize: file.byteLength,
        status: "queued" as const,
        routing: { status: "pending" },
      },
      file,
    };
  });
  for (const child of children) await deps.store.put(child.row.fileKey, child.file, "application/pdf");
  await db.transaction(async (tx) => {
    await tx.insert(classifierDocuments).values(children.map((child) => child.row));
    await tx
      .update(classifierDocuments)
      .set({ status: "split", pageCount: pages.pages.length, routing: { status: "split", reasoning: `Split into ${children.length} parts, each classified on its own` } })
      .where(eq(classifierDocuments.id, parent.id));
  });
  for (const child of children) await enqueueClassification(deps.queue, child.row.id);
  return children.length;
}
