import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { createParser, listParsers } from "@/lib/services/parsers";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(parserOperations.list, async ({ ctx, query }) => ({ data: await listParsers(ctx, query) }));
export const POST = apiRoute(parserOperations.create, ({ ctx, body }) => createParser(ctx, body));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
