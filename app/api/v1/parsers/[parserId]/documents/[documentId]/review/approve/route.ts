import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { approveReview } from "@/lib/services/reviews";

export const POST = apiRoute(reviewOperations.approve, ({ ctx, params, query, body, receivedAt }) =>
  approveReview(ctx, { parserId: params.parserId, documentId: params.documentId, input: body, receivedAt, stageId: query.stageId, overrideReason: query.overrideReason }),
);
