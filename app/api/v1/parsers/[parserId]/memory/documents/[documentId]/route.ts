import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { forgetDocument } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

export const DELETE = apiRoute(learningOperations.forgetDocument, ({ ctx, params }) => forgetDocument(ctx, { parserId: params.parserId, documentId: params.documentId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
