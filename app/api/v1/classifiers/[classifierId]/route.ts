import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { getClassifier, updateClassifier } from "@/lib/services/classifiers";

export const GET = apiRoute(classifierOperations.get, ({ ctx, params }) => getClassifier(ctx, params.classifierId));
export const PATCH = apiRoute(classifierOperations.update, ({ ctx, params, body }) => updateClassifier(ctx, { classifierId: params.classifierId, input: body }));
