import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { getClassifierDocument } from "@/lib/services/classifiers";

export const GET = apiRoute(classifierOperations.getDocument, ({ ctx, params }) => getClassifierDocument(ctx, { classifierId: params.classifierId, documentId: params.documentId }));
