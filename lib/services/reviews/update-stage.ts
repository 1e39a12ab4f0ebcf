import "server-only";
import { eq } from "drizzle-orm";
import type { ReviewStage, UpdateReviewStage } from "@/lib/contracts/reviews";
import { reviewStages } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { getParserInTeam } from "../parsers/internal";
import { findStage, loadStages, stageView } from "./internal";
import { placeAt, positionChanges } from "./positions";
import { assertReviewer, assertRulesFitType, normaliseRules } from "./stage-input";

/**
 * Changes or moves a stage. `rules`, when given, replace the stage's rules (ids given are kept). Documents already
 * in review keep their rows; a changed rule is used when their later stages are re-evaluated on approval.
 */
export async function updateReviewStage(ctx: ServiceContext, { parserId, stageId, input }: { parserId: string; stageId: string; input: UpdateReviewStage }): Promise<ReviewStage> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const stages = await loadStages(tx, parser.id);
    const before = findStage(stages, stageId);
    if (input.reviewerId !== undefined) await assertReviewer(tx, { teamId: ctx.teamId, reviewerId: input.reviewerId });
    const rules = input.rules === undefined ? before.rules : normaliseRules(input.rules, input.rules.length ? await loadFieldRows(tx, parser.id) : []);
    const reviewType = input.reviewType ?? before.reviewType;
    assertRulesFitType(reviewType, rules);

    if (input.position !== undefined) {
      const order = placeAt({ order: stages.map((stage) => stage.id), id: before.id, position: input.position });
      for (const change of positionChanges(stages, order)) {
        await tx.update(reviewStages).set({ position: change.position }).where(eq(reviewStages.id, change.id));
      }
    }
    const [row] = await tx
      .update(reviewStages)
      .set({
        name: input.name ?? before.name,
        reviewerInstructions: input.reviewerInstructions === undefined ? before.reviewerInstructions : input.reviewerInstructions,
        reviewType,
        reviewerId: input.reviewerId === undefined ? before.reviewerId : input.reviewerId,
        rules,
        straightThrough: input.straightThrough ?? before.straightThrough,
        updatedAt: new Date(),
      })
      .where(eq(reviewStages.id, before.id))
      .returning();
    await recordAudit(tx, {
      ctx,
      action: "review_stage.update",
      resourceType: "review_stage",
      resourceId: before.id,
      before: { name: before.name, position: before.position, reviewType: before.reviewType, reviewerId: before.reviewerId, rules: before.rules, straightThrough: before.straightThrough },
      after: { name: row!.name, position: row!.position, reviewType: row!.reviewType, reviewerId: row!.reviewerId, rules: row!.rules, straightThrough: row!.straightThrough },
    });
    return stageView(tx, row!);
  });
}
