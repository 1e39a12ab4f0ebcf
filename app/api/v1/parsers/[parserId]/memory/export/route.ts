import { learningOperations } from "@/lib/contracts/learning";
import { apiRoute } from "@/lib/http/handler";
import { exportParserMemory } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(learningOperations.exportMemory, ({ ctx, params }) => exportParserMemory(ctx, params.parserId));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
