import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { createParser, listParsers } from "@/lib/services/parsers";

export const GET = apiRoute(parserOperations.list, async ({ ctx, query }) => ({ data: await listParsers(ctx, query) }));
export const POST = apiRoute(parserOperations.create, ({ ctx, body }) => createParser(ctx, body));
