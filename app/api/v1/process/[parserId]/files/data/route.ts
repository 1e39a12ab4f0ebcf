import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { getDocumentData } from "@/lib/services/documents";
import { updateDocumentData } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(documentOperations.getData, ({ ctx, params, query }) => getDocumentData(ctx, { parserId: params.parserId, ref: query }));

export const PATCH = apiRoute(documentOperations.updateData, async ({ ctx, params, body }) => {
  const { data, ...ref } = body;
  const updated = await updateDocumentData(ctx, { parserId: params.parserId, ref, values: data });
  return getDocumentData(ctx, { parserId: params.parserId, ref: { documentId: updated.id } });
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods(["GET", "PATCH"]);
