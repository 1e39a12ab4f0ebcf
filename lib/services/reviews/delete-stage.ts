import "server-only";
import { eq } from "drizzle-orm";
import { reviewStages } from "@/lib/db/schema";
import { conflict } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { activeDocumentCounts, findStage, loadStages } from "./internal";
import { positionChanges } from "./positions";

/**
 * Deletes a stage (soft: past reviews keep showing it) and closes the gap in positions. A stage that documents
 * in review are pending or in progress at, or still have ahead of them, is a 409 naming how many.
 */
export async function deleteReviewStage(ctx: ServiceContext, { parserId, stageId }: { parserId: string; stageId: string }): Promise<{ success: true; id: string }> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const stages = await loadStages(tx, parser.id);
    const stage = findStage(stages, stageId);
    const active = (await activeDocumentCounts(tx, [stage.id])).get(stage.id) ?? 0;
    if (active > 0) {
      const documents = active === 1 ? "1 document is" : `${active} documents are`;
      throw conflict(`The stage "${stage.name}" is in use: ${documents} pending or in progress at it. Approve, reject or reprocess them first.`);
    }
    await tx.update(reviewStages).set({ deletedAt: new Date() }).where(eq(reviewStages.id, stage.id));
    const rest = stages.filter((candidate) => candidate.id !== stage.id);
    for (const change of positionChanges(
      rest,
      rest.map((candidate) => candidate.id),
    )) {
      await tx.update(reviewStages).set({ position: change.position }).where(eq(reviewStages.id, change.id));
    }
    await recordAudit(tx, {
      ctx,
      action: "review_stage.delete",
      resourceType: "review_stage",
      resourceId: stage.id,
      before: { parserId: parser.id, name: stage.name, position: stage.position },
    });
    return { success: true as const, id: stage.id };
  });
}
