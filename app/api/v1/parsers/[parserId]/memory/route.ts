import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { getParserMemory } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(learningOperations.get, ({ ctx, params }) => getParserMemory(ctx, params.parserId));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
