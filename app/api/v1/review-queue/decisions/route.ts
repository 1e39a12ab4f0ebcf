import { reviewBulkOperations } from "@/lib/contracts/review-bulk";
import { apiRoute } from "@/lib/http/handler";
import { bulkReviewDecision } from "@/lib/services/reviews";

export const POST = apiRoute(reviewBulkOperations.decide, ({ ctx, body, receivedAt }) => bulkReviewDecision(ctx, { body, receivedAt }));
