import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { exportParserMemory } from "@/lib/services/learning";

export const GET = apiRoute(learningOperations.exportMemory, ({ ctx, params }) => exportParserMemory(ctx, params.parserId));
