import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { getClassifier, updateClassifier } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(classifierOperations.get, ({ ctx, params }) => getClassifier(ctx, params.classifierId));
export const PATCH = apiRoute(classifierOperations.update, ({ ctx, params, body }) => updateClassifier(ctx, { classifierId: params.classifierId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods(["GET", "PATCH"]);
