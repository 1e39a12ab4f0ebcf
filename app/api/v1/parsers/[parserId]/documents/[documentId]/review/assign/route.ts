import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { assignReviewer } from "@/lib/services/reviews";

export const POST = apiRoute(reviewOperations.assign, ({ ctx, params, body }) => assignReviewer(ctx, { parserId: params.parserId, documentId: params.documentId, input: body }));
