"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { reviewOperations, type CreateReviewStage, type ReviewStage, type UpdateReviewStage } from "@/lib/contracts/reviews";

async function afterChange<T>(parserId: string, work: () => Promise<T>): Promise<ActionResult<T>> {
  const result = await runAction(work);
  // Also after a failure: a 404 or 409 often means someone else changed the stages, so show their current state.
  revalidatePath(`/parsers/${parserId}/review-stages`);
  return result;
}

export async function createStageAction(parserId: string, stage: CreateReviewStage): Promise<ActionResult<ReviewStage>> {
  return afterChange(parserId, async () => (await consoleApi()).call(reviewOperations.createStage, { params: { parserId }, body: stage }));
}

/** Edits and moves alike: a move is a patch of `position`, and the API shifts the other stages. */
export async function updateStageAction(parserId: string, stageId: string, patch: UpdateReviewStage): Promise<ActionResult<ReviewStage>> {
  return afterChange(parserId, async () => (await consoleApi()).call(reviewOperations.updateStage, { params: { parserId, stageId }, body: patch }));
}

export async function deleteStageAction(parserId: string, stageId: string): Promise<ActionResult<{ id: string }>> {
  return afterChange(parserId, async () => {
    const { id } = await (await consoleApi()).call(reviewOperations.deleteStage, { params: { parserId, stageId } });
    return { id };
  });
}
