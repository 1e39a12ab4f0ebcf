import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { deleteDocument, getDocument, updateDocument } from "@/lib/services/documents";

export const GET = apiRoute(documentOperations.get, ({ ctx, params }) => getDocument(ctx, params.parserId, params.documentId));
export const PATCH = apiRoute(documentOperations.update, ({ ctx, params, body }) => updateDocument(ctx, params.parserId, params.documentId, body));
export const DELETE = apiRoute(documentOperations.remove, ({ ctx, params }) => deleteDocument(ctx, params.parserId, params.documentId));
