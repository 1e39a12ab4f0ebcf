import { reviewCheckOperations } from "@/lib/contracts/review-checks";
import { apiRoute } from "@/lib/http/handler";
import { getReviewChecks, updateReviewChecks } from "@/lib/services/reviews";

export const GET = apiRoute(reviewCheckOperations.get, ({ ctx, params }) => getReviewChecks(ctx, params.parserId));
export const PATCH = apiRoute(reviewCheckOperations.update, ({ ctx, params, body }) => updateReviewChecks(ctx, { parserId: params.parserId, input: body }));
