import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { documents, parsers } from "@/lib/db/schema";
import { notFound } from "@/lib/services/errors";
import { teamDocuments } from "../access";
import { assertPermission, type ServiceContext } from "../context";

/**
 * The parser a live document of the team belongs to, for callers that name a document by id alone (the MCP
 * resource `quarry://documents/{id}/markdown`). Another team's, a deleted one, one of a deleted parser, or one a
 * reviewer's access does not reach (access.ts): 404.
 */
export async function locateDocument(ctx: ServiceContext, documentId: string): Promise<{ parserId: string }> {
  assertPermission(ctx, "documents.read");
  const [row] = await ctx.db
    .select({ parserId: documents.parserId })
    .from(documents)
    .innerJoin(parsers, eq(parsers.id, documents.parserId))
    .where(and(eq(documents.id, documentId), teamDocuments(ctx), isNull(parsers.deletedAt), eq(parsers.type, "document")))
    .limit(1);
  if (!row) throw notFound({ type: "documentId", value: documentId, label: "Document" });
  return row;
}
