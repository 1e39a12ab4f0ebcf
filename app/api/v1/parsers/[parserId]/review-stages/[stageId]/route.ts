import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { deleteReviewStage, getReviewStage, updateReviewStage } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(reviewOperations.getStage, ({ ctx, params }) => getReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId }));
export const PATCH = apiRoute(reviewOperations.updateStage, ({ ctx, params, body }) => updateReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId, input: body }));
export const DELETE = apiRoute(reviewOperations.deleteStage, ({ ctx, params }) => deleteReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, OPTIONS } = otherMethods(["GET", "PATCH", "DELETE"]);
