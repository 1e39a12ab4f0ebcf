import { exportOperations } from "@/lib/contracts/exports";
import { apiRoute } from "@/lib/http/handler";
import { exportDocuments } from "@/lib/services/exports";

export const POST = apiRoute(exportOperations.export, async ({ ctx, params, body }) => {
  const file = await exportDocuments(ctx, params.parserId, body);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
