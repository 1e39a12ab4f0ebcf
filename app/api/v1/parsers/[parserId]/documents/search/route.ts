import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { searchDocuments } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.search, ({ ctx, params, body }) => searchDocuments(ctx, { parserId: params.parserId, body }));
