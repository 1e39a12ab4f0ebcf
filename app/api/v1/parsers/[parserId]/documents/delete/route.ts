import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { deleteDocuments } from "@/lib/services/documents";

export const POST = apiRoute(documentOperations.bulkDelete, ({ ctx, params, body }) => deleteDocuments(ctx, { parserId: params.parserId, input: body }));
