import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { getDocumentMarkdown } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(
  documentOperations.markdown,
  async ({ ctx, params }) =>
    new Response(await getDocumentMarkdown(ctx, { parserId: params.parserId, documentId: params.documentId }), { headers: { "content-type": "text/markdown; charset=utf-8" } }),
);

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
