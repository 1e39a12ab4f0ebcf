import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { uploadFromUrls } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.uploadUrls, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: await uploadFromUrls(ctx, { queue: runtime.queue, parserId: params.parserId, body }),
}));
