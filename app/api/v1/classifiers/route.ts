import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { createClassifier, listClassifiers } from "@/lib/services/classifiers";

export const GET = apiRoute(classifierOperations.list, async ({ ctx }) => ({ data: await listClassifiers(ctx) }));
export const POST = apiRoute(classifierOperations.create, ({ ctx, body }) => createClassifier(ctx, body));
