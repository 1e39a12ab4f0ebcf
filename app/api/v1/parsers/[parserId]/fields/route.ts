import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { createField, listFields } from "@/lib/services/fields";

export const GET = apiRoute(fieldOperations.list, async ({ ctx, params }) => ({ data: await listFields(ctx, params.parserId) }));
export const POST = apiRoute(fieldOperations.create, ({ ctx, params, body }) => createField(ctx, { parserId: params.parserId, input: body }));
