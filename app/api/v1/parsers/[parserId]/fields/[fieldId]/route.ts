import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { deleteField, updateField } from "@/lib/services/fields";

export const PATCH = apiRoute(fieldOperations.update, ({ ctx, params, body }) => updateField(ctx, { parserId: params.parserId, fieldId: params.fieldId, input: body }));
export const DELETE = apiRoute(fieldOperations.remove, ({ ctx, params }) => deleteField(ctx, { parserId: params.parserId, fieldId: params.fieldId }));
