import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { reprocessDocument } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(documentOperations.reprocess, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: [await reprocessDocument(ctx, { queue: runtime.queue, parserId: params.parserId, ref: body })],
}));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
