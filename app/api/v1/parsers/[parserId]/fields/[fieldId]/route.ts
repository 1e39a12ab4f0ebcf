import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { deleteField, updateField } from "@/lib/services/fields";
import { otherMethods } from "@/lib/http/other-methods";

export const PATCH = apiRoute(fieldOperations.update, ({ ctx, params, body }) => updateField(ctx, { parserId: params.parserId, fieldId: params.fieldId, input: body }));
export const DELETE = apiRoute(fieldOperations.remove, ({ ctx, params }) => deleteField(ctx, { parserId: params.parserId, fieldId: params.fieldId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods(["PATCH", "DELETE"]);
