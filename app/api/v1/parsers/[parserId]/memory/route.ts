import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { getParserMemory } from "@/lib/services/learning";

export const GET = apiRoute(learningOperations.get, ({ ctx, params }) => getParserMemory(ctx, params.parserId));
