import { fieldOperations } from "@/lib/contracts/fields";
import { apiRoute } from "@/lib/http/handler";
import { createField, listFields } from "@/lib/services/fields";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(fieldOperations.list, async ({ ctx, params }) => ({ data: await listFields(ctx, params.parserId) }));
export const POST = apiRoute(fieldOperations.create, ({ ctx, params, body }) => createField(ctx, { parserId: params.parserId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
