import { reviewCheckOperations } from "@/lib/contracts/review-checks";
import { apiRoute } from "@/lib/http/handler";
import { getReviewChecks, updateReviewChecks } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(reviewCheckOperations.get, ({ ctx, params }) => getReviewChecks(ctx, params.parserId));
export const PATCH = apiRoute(reviewCheckOperations.update, ({ ctx, params, body }) => updateReviewChecks(ctx, { parserId: params.parserId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods(["GET", "PATCH"]);
