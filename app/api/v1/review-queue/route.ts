import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { getReviewQueue } from "@/lib/services/reviews";

export const GET = apiRoute(reviewOperations.queue, ({ ctx, query }) => getReviewQueue(ctx, { query }));
