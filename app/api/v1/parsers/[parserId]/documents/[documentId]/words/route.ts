import { pageWordOperations } from "@/lib/contracts/page-words";
import { apiRoute } from "@/lib/http/handler";
import { getDocumentWords } from "@/lib/services/documents";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(pageWordOperations.get, ({ ctx, params }) => getDocumentWords(ctx, { parserId: params.parserId, documentId: params.documentId }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
