import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { duplicateParser } from "@/lib/services/parsers";

export const POST = apiRoute(parserOperations.duplicate, ({ ctx, params, body }) => duplicateParser(ctx, { parserId: params.parserId, input: body }));
