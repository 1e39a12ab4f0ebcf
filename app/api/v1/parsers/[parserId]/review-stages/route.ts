import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { createReviewStage, listReviewStages } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(reviewOperations.listStages, async ({ ctx, params }) => ({ data: await listReviewStages(ctx, params.parserId) }));
export const POST = apiRoute(reviewOperations.createStage, ({ ctx, params, body }) => createReviewStage(ctx, { parserId: params.parserId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
