import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { classifierDocuments } from "@/lib/db/schema";
import type { PageModel, SplitRule } from "@/lib/extraction";
import type { FileStore } from "@/lib/storage";
import type { ExtractionQueue } from "../documents/queue-extraction";
import { storeSplitParts } from "../intake";
import type { ClassifierDocumentRow } from "./internal";
import { enqueueClassification } from "./queue";

/**
 * Cuts an uploaded PDF into parts (the classifier's split setting), each a classifier document of its own with
 * `source: split` and a link to the upload, queued for classification; the upload itself ends `split`. Returns the
 * number of parts: 0 means the document stays whole.
 */
export async function splitClassifierDocument(
  db: Db,
  { deps, parent, bytes, pages, rule }: { deps: { store: FileStore; queue: ExtractionQueue }; parent: ClassifierDocumentRow; bytes: Uint8Array; pages: PageModel; rule: SplitRule },
): Promise<number> {
  const parts = await storeSplitParts({ store: deps.store, parent, bytes, pages, rule });
  if (parts.length === 0) return 0;
  const children = parts.map((part) => ({ row: { ...part, classifierId: parent.classifierId, status: "queued" as const, routing: { status: "pending" } } }));
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
