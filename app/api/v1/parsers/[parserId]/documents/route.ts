import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { listDocuments } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(documentOperations.list, ({ ctx, params, query }) => listDocuments(ctx, { parserId: params.parserId, query }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
