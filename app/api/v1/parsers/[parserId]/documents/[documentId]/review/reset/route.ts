import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { resetReview } from "@/lib/services/reviews";

export const POST = apiRoute(reviewOperations.reset, ({ ctx, params, body }) => resetReview(ctx, { parserId: params.parserId, documentId: params.documentId, input: body }));
