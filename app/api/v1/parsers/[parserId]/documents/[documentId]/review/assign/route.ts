import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { assignReviewer } from "@/lib/services/reviews";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(reviewOperations.assign, ({ ctx, params, body }) => assignReviewer(ctx, { parserId: params.parserId, documentId: params.documentId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
