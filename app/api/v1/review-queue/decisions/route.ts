import { reviewBulkOperations } from "@/lib/contracts/review-bulk";
import { apiRoute } from "@/lib/http/handler";
import { bulkReviewDecision } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(reviewBulkOperations.decide, ({ ctx, body, receivedAt }) => bulkReviewDecision(ctx, { body, receivedAt }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
