import type { ActionResult } from "@/lib/console/action-result";
import type { CreateReviewStage, ReviewStage, UpdateReviewStage } from "@/lib/contracts/reviews";

/** The server actions the stage editor calls; the page passes them in, so the editor stays free of routes. */
export type ReviewStageActions = {
  create: (parserId: string, stage: CreateReviewStage) => Promise<ActionResult<ReviewStage>>;
  update: (parserId: string, stageId: string, patch: UpdateReviewStage) => Promise<ActionResult<ReviewStage>>;
  remove: (parserId: string, stageId: string) => Promise<ActionResult<{ id: string }>>;
};
