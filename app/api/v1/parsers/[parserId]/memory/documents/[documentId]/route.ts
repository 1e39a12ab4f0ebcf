import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { forgetDocument } from "@/lib/services/learning";

export const DELETE = apiRoute(learningOperations.forgetDocument, ({ ctx, params }) => forgetDocument(ctx, { parserId: params.parserId, documentId: params.documentId }));
