import { classifierOperations } from "@/lib/contracts/classifiers";
import { apiRoute } from "@/lib/http/handler";
import { classifyFromUrls } from "@/lib/services/classifiers";

export const POST = apiRoute(classifierOperations.uploadUrls, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: await classifyFromUrls(ctx, { queue: runtime.queue, classifierId: params.classifierId, body }),
}));
