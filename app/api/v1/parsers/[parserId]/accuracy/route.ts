import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { getParserAccuracy } from "@/lib/services/learning";

export const GET = apiRoute(learningOperations.accuracy, ({ ctx, params }) => getParserAccuracy(ctx, params.parserId));
