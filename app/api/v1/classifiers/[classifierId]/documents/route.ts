import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { listClassifierDocuments } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(classifierOperations.listDocuments, ({ ctx, params, query }) => listClassifierDocuments(ctx, { classifierId: params.classifierId, query }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
