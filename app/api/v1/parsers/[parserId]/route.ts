import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { deleteParser, getParser, updateParser } from "@/lib/services/parsers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(parserOperations.get, ({ ctx, params, query }) => getParser(ctx, { parserId: params.parserId, ...query }));
export const PATCH = apiRoute(parserOperations.update, ({ ctx, params, body }) => updateParser(ctx, { parserId: params.parserId, input: body }));
export const DELETE = apiRoute(parserOperations.remove, async ({ ctx, params }) => {
  await deleteParser(ctx, params.parserId);
  return { success: true };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, OPTIONS } = otherMethods(["GET", "PATCH", "DELETE"]);
