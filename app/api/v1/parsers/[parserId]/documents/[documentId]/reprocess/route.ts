import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { reprocessDocument } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.reprocessOne, async ({ ctx, params, runtime }) => ({
  success: true,
  result: [await reprocessDocument(ctx, { queue: runtime.queue, parserId: params.parserId, ref: { documentId: params.documentId } })],
}));
