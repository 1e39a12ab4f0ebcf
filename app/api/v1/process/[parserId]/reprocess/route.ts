import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { reprocessDocument } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.reprocess, async ({ ctx, params, body, runtime }) => ({
  success: true,
  result: [await reprocessDocument(ctx, { queue: runtime.queue, parserId: params.parserId, ref: body })],
}));
