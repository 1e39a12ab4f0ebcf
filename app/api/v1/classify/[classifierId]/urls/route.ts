import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { classifyFromUrls } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(classifierOperations.uploadUrls, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: await classifyFromUrls(ctx, { queue: runtime.queue, classifierId: params.classifierId, body }),
}));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
