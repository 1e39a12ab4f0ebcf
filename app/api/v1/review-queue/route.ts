import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { getReviewQueue } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(reviewOperations.queue, ({ ctx, query }) => getReviewQueue(ctx, { query }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
