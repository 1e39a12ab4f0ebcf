import { parserOperations } from "@/lib/contracts/parsers";
import { apiRoute } from "@/lib/http/handler";
import { listParsers } from "@/lib/services/parsers";

export const GET = apiRoute(parserOperations.list, async ({ ctx }) => ({ data: await listParsers(ctx) }));
