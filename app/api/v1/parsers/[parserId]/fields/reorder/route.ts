import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { reorderFields } from "@/lib/services/fields";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(fieldOperations.reorder, ({ ctx, params, body }) => reorderFields(ctx, { parserId: params.parserId, fieldIds: body.fieldIds }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
