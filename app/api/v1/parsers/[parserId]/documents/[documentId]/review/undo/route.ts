import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { undoDecision } from "@/lib/services/reviews";

export const POST = apiRoute(reviewOperations.undo, ({ ctx, params, body }) => undoDecision(ctx, { parserId: params.parserId, documentId: params.documentId, input: body }));
