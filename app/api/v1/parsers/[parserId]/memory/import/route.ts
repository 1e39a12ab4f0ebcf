import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { importParserMemory } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(learningOperations.importMemory, ({ ctx, params, body }) => importParserMemory(ctx, { parserId: params.parserId, body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
