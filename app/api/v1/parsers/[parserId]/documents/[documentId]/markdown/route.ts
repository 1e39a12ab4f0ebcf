import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { getDocumentMarkdown } from "@/lib/services/documents";

export const GET = apiRoute(
  documentOperations.markdown,
  async ({ ctx, params }) =>
    new Response(await getDocumentMarkdown(ctx, { parserId: params.parserId, documentId: params.documentId }), { headers: { "content-type": "text/markdown; charset=utf-8" } }),
);
