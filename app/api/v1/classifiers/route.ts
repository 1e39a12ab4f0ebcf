import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { createClassifier, listClassifiers } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(classifierOperations.list, async ({ ctx }) => ({ data: await listClassifiers(ctx) }));
export const POST = apiRoute(classifierOperations.create, ({ ctx, body }) => createClassifier(ctx, body));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
