import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { deleteReviewStage, getReviewStage, updateReviewStage } from "@/lib/services/reviews";

export const GET = apiRoute(reviewOperations.getStage, ({ ctx, params }) => getReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId }));
export const PATCH = apiRoute(reviewOperations.updateStage, ({ ctx, params, body }) => updateReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId, input: body }));
export const DELETE = apiRoute(reviewOperations.deleteStage, ({ ctx, params }) => deleteReviewStage(ctx, { parserId: params.parserId, stageId: params.stageId }));
