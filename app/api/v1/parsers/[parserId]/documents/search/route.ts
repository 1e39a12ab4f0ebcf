import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { searchDocuments } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(documentOperations.search, ({ ctx, params, body }) => searchDocuments(ctx, { parserId: params.parserId, body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
