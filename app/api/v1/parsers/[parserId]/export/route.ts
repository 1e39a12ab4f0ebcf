import { exportOperations } from "@/lib/contracts/exports";
import { attachmentResponse } from "@/lib/http/attachment";
import { apiRoute } from "@/lib/http/handler";
import { exportDocuments } from "@/lib/services/exports";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(exportOperations.export, async ({ ctx, params, body }) => attachmentResponse(await exportDocuments(ctx, { parserId: params.parserId, request: body })));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
