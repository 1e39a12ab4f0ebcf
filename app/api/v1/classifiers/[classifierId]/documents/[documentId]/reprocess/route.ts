import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { reprocessClassifierDocument } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(classifierOperations.reprocessDocument, ({ ctx, params, runtime }) =>
  reprocessClassifierDocument(ctx, { queue: runtime.queue, classifierId: params.classifierId, documentId: params.documentId }),
);

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
