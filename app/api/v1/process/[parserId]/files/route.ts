import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { readUpload } from "@/lib/http/read-upload";
import { uploadDocuments } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.uploadFiles, async ({ ctx, params, request, runtime }) => {
  const { files, ...options } = await readUpload(request);
  return { success: true, result: await uploadDocuments(ctx, { queue: runtime.queue, parserId: params.parserId, incoming: files, ...options, source: "api" }) };
});
