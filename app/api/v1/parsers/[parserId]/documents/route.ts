import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { listDocuments } from "@/lib/services/documents";

export const GET = apiRoute(documentOperations.list, ({ ctx, params, query }) => listDocuments(ctx, { parserId: params.parserId, query }));
