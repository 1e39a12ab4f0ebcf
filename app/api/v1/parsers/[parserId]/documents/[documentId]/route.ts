import { documentOperations } from "@/lib/contracts/documents";
import { apiRoute } from "@/lib/http/handler";
import { deleteDocument, getDocument, updateDocument, waitForDocument } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(documentOperations.get, ({ ctx, params, query, request }) =>
  query.wait
    ? waitForDocument(ctx, { parserId: params.parserId, documentId: params.documentId, waitSeconds: query.wait, signal: request.signal })
    : getDocument(ctx, { parserId: params.parserId, documentId: params.documentId }),
);
export const PATCH = apiRoute(documentOperations.update, ({ ctx, params, body }) => updateDocument(ctx, { parserId: params.parserId, documentId: params.documentId, input: body }));
export const DELETE = apiRoute(documentOperations.remove, ({ ctx, params }) => deleteDocument(ctx, { parserId: params.parserId, documentId: params.documentId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, OPTIONS } = otherMethods(["GET", "PATCH", "DELETE"]);
