import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { getClassifierDocument } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(classifierOperations.getDocument, ({ ctx, params }) => getClassifierDocument(ctx, { classifierId: params.classifierId, documentId: params.documentId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
