import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { rejectReview } from "@/lib/services/reviews";

export const POST = apiRoute(reviewOperations.reject, ({ ctx, params, query, body, receivedAt }) =>
  rejectReview(ctx, { parserId: params.parserId, documentId: params.documentId, input: body, receivedAt, stageId: query.stageId, reason: query.reason }),
);
