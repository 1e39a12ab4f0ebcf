import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { approveReview } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(reviewOperations.approve, ({ ctx, params, query, body, receivedAt }) =>
  approveReview(ctx, { parserId: params.parserId, documentId: params.documentId, input: body, receivedAt, stageId: query.stageId, overrideReason: query.overrideReason }),
);

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
