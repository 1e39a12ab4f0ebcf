import { exportOperations } from "@/lib/contracts/exports";
import { attachmentResponse } from "@/lib/http/attachment";
import { apiRoute } from "@/lib/http/handler";
import { exportDocuments } from "@/lib/services/exports";

export const POST = apiRoute(exportOperations.export, async ({ ctx, params, body }) => attachmentResponse(await exportDocuments(ctx, { parserId: params.parserId, request: body })));
