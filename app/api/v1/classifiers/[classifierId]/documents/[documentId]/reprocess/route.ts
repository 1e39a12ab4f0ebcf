import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { reprocessClassifierDocument } from "@/lib/services/classifiers";

export const POST = apiRoute(classifierOperations.reprocessDocument, ({ ctx, params, runtime }) =>
  reprocessClassifierDocument(ctx, { queue: runtime.queue, classifierId: params.classifierId, documentId: params.documentId }),
);
