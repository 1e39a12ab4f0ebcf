import type { Review } from "@/lib/contracts/documents";

/**
 * The review as a saved correction leaves it, without asking the API again: on a document in review, the only
 * change a correction makes is its current stage going from `pending` to `in_progress` (someone is working on
 * it; lib/services/reviews/flow.ts, markReviewInProgress). Anything else (a decision taken elsewhere) shows in
 * the document's status, and then the save asks the API for the review itself.
 */
export function reviewAfterCorrection(review: Review): Review {
  const current = review.currentStage;
  if (!current) return review;
  const stages = review.stages.map((stage) => (stage.id === current.id && stage.status === "pending" ? { ...stage, status: "in_progress" as const } : stage));
  return { ...review, status: review.status === "pending" ? "in_progress" : review.status, stages };
}
