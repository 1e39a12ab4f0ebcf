import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CreateReviewStage, ReviewStage } from "@/lib/contracts/reviews";
import { reviewStages } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { getParserInTeam } from "../parsers/internal";
import { loadStages, stageView, type StageRow } from "./internal";
import { placeAt, positionChanges } from "./positions";
import { assertReviewer, assertRulesFitType, normaliseRules } from "./stage-input";

/**
 * Adds a stage (last, or at `position`, shifting the later ones). It applies to documents extracted from now on:
 * documents already in review keep the stages they entered with.
 */
export async function createReviewStage(ctx: ServiceContext, { parserId, input }: { parserId: string; input: CreateReviewStage }): Promise<ReviewStage> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    // The parser's row lock serialises stage changes, so concurrent creates cannot take the same position.
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const stages = await loadStages(tx, parser.id);
    await assertReviewer(tx, { teamId: ctx.teamId, reviewerId: input.reviewerId });
    const rules = normaliseRules(input.rules ?? [], input.rules?.length ? await loadFieldRows(tx, parser.id) : []);
    const reviewType = input.reviewType ?? "mandatory";
    assertRulesFitType(reviewType, rules);

    const id = randomUUID();
    const order = placeAt({ order: stages.map((stage) => stage.id), id, position: input.position });
    const changes = positionChanges(stages, order);
    for (const change of changes.filter((candidate) => candidate.id !== id)) {
      await tx.update(reviewStages).set({ position: change.position }).where(eq(reviewStages.id, change.id));
    }
    const [row] = await tx
      .insert(reviewStages)
      .values({
        id,
        parserId: parser.id,
        name: input.name ?? defaultStageName(stages),
        reviewerInstructions: input.reviewerInstructions ?? null,
        position: order.indexOf(id) + 1,
        reviewType,
        reviewerId: input.reviewerId ?? null,
        rules,
        ...(input.straightThrough ? { straightThrough: input.straightThrough } : {}),
      })
      .returning();
    await recordAudit(tx, {
      ctx,
      action: "review_stage.create",
      resourceType: "review_stage",
      resourceId: id,
      after: { parserId: parser.id, name: row!.name, position: row!.position, reviewType, reviewerId: row!.reviewerId, rules, straightThrough: row!.straightThrough },
    });
    return stageView(tx, row!);
  });
}

/** `Stage N`, N one past the current count, or the next number no live stage is called. */
export function defaultStageName(stages: readonly Pick<StageRow, "name">[]): string {
  const taken = new Set(stages.map((stage) => stage.name.toLowerCase()));
  let n = stages.length + 1;
  while (taken.has(`stage ${n}`)) n += 1;
  return `Stage ${n}`;
}
