import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { duplicateParser } from "@/lib/services/parsers";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(parserOperations.duplicate, ({ ctx, params, body }) => duplicateParser(ctx, { parserId: params.parserId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
