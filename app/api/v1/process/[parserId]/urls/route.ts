import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { uploadFromUrls } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(documentOperations.uploadUrls, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: await uploadFromUrls(ctx, { queue: runtime.queue, parserId: params.parserId, body }),
}));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
