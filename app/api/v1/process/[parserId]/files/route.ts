import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { readUpload } from "@/lib/http/read-upload";
import { uploadDocuments } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(documentOperations.uploadFiles, async ({ ctx, params, request, runtime }) => {
  const { files, ...options } = await readUpload(request);
  return { success: true, result: await uploadDocuments(ctx, { queue: runtime.queue, parserId: params.parserId, incoming: files, ...options, source: "api" }) };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
