import { pageWordOperations } from "@/lib/contracts/page-words";
import { apiRoute } from "@/lib/http/handler";
import { getDocumentWords } from "@/lib/services/documents";

export const GET = apiRoute(pageWordOperations.get, ({ ctx, params }) => getDocumentWords(ctx, { parserId: params.parserId, documentId: params.documentId }));
