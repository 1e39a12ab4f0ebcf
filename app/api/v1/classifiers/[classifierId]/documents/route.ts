import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { listClassifierDocuments } from "@/lib/services/classifiers";

export const GET = apiRoute(classifierOperations.listDocuments, ({ ctx, params, query }) => listClassifierDocuments(ctx, { classifierId: params.classifierId, query }));
