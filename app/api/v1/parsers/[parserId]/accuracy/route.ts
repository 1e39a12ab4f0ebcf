import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { getParserAccuracy } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(learningOperations.accuracy, ({ ctx, params }) => getParserAccuracy(ctx, params.parserId));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
