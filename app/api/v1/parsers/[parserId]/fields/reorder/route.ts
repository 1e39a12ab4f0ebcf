import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { reorderFields } from "@/lib/services/fields";

export const POST = apiRoute(fieldOperations.reorder, ({ ctx, params, body }) => reorderFields(ctx, { parserId: params.parserId, fieldIds: body.fieldIds }));
