import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { ClassifierDocument } from "@/lib/contracts/classifiers";
import { classifierDocuments } from "@/lib/db/schema";
import { invalidState } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import type { ExtractionQueue } from "../documents/queue-extraction";
import { withTargets } from "./documents";
import { getClassifierDocumentInTeam } from "./internal";
import { enqueueClassification } from "./queue";

/**
 * Classification and routing again, with the classifier's current rules, for a `skipped` or `failed` document
 * (a routed one already has its document in a parser: reprocess that one there instead).
 */
export async function reprocessClassifierDocument(ctx: ServiceContext, { queue, classifierId, documentId }: { queue: ExtractionQueue; classifierId: string; documentId: string }): Promise<ClassifierDocument> {
  assertPermission(ctx, "documents.write");
  const row = await ctx.db.transaction(async (tx) => {
    const before = await getClassifierDocumentInTeam(tx, { teamId: ctx.teamId, classifierId, documentId });
    const [updated] = await tx
      .update(classifierDocuments)
      .set({ status: "queued", routing: { status: "pending" }, targetParserId: null, routedDocumentId: null })
      .where(and(eq(classifierDocuments.id, before.id), inArray(classifierDocuments.status, ["skipped", "failed"])))
      .returning();
    if (!updated) throw invalidState(`Only a skipped or failed document can be reprocessed; this one is ${before.status}`);
    await recordAudit(tx, { ctx, action: "classifier_document.reprocess", resourceType: "classifier_document", resourceId: before.id, before: { status: before.status, routing: before.routing } });
    return updated;
  });
  await enqueueClassification(queue, row.id);
  return (await withTargets(ctx.db, [row]))[0]!;
}
