import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { importParserMemory } from "@/lib/services/learning";

export const POST = apiRoute(learningOperations.importMemory, ({ ctx, params, body }) => importParserMemory(ctx, { parserId: params.parserId, body }));
