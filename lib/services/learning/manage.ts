import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { MemoryExport, MemorySummary } from "@/lib/contracts/learning";
import type { DbOrTx } from "@/lib/db/client";
import { memoryExamples } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getDocumentInParser } from "../documents/internal";
import { getParserInTeam } from "../parsers/internal";
import { storeExample } from "./internal";

/** GET /parsers/{parserId}/memory: what the parser has been taught, latest first. */
export async function getParserMemory(ctx: ServiceContext, parserId: string): Promise<MemorySummary> {
  assertPermission(ctx, "parsers.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  const rows = await ctx.db.select().from(memoryExamples).where(eq(memoryExamples.parserId, parser.id)).orderBy(desc(memoryExamples.taughtAt));
  return {
    examples: rows.map((row) => ({
      id: row.id,
      documentId: row.documentId,
      taughtBy: row.taughtBy,
      taughtAt: row.taughtAt.toISOString(),
      identifiers: row.fingerprint.identifiers,
      sender: row.fingerprint.name,
      fields: Object.entries(row.evidence.fields).filter(([, evidence]) => evidence.value !== null).map(([name]) => name),
      tables: Object.keys(row.evidence.tables),
    })),
  };
}

/** DELETE /parsers/{parserId}/memory/documents/{documentId}: "forget this document". */
export async function forgetDocument(ctx: ServiceContext, { parserId, documentId }: { parserId: string; documentId: string }): Promise<{ success: true; forgotten: number }> {
  assertPermission(ctx, "documents.write");
  return ctx.db.transaction(async (tx) => {
    const { parser, document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId });
    const removed = await tx
      .delete(memoryExamples)
      .where(and(eq(memoryExamples.parserId, parser.id), eq(memoryExamples.documentId, document.id)))
      .returning({ id: memoryExamples.id });
    await recordAudit(tx, { ctx, action: "memory.forget", resourceType: "document", resourceId: document.id, before: { examples: removed.length } });
    return { success: true, forgotten: removed.length };
  });
}

/** Deleted documents are forgotten (called inside the deletion's transaction). */
export async function forgetDeletedDocuments(tx: DbOrTx, documentIds: string[]): Promise<void> {
  if (documentIds.length > 0) await tx.delete(memoryExamples).where(inArray(memoryExamples.documentId, documentIds));
}

/** A deleted parser's memory goes with it (the parser row is soft-deleted; its memory is erased). */
export async function forgetParser(tx: DbOrTx, parserId: string): Promise<void> {
  await tx.delete(memoryExamples).where(eq(memoryExamples.parserId, parserId));
}

/** GET /parsers/{parserId}/memory/export: every example as JSON, without document ids (they mean nothing elsewhere). */
export async function exportParserMemory(ctx: ServiceContext, parserId: string): Promise<MemoryExport> {
  assertPermission(ctx, "parsers.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  const rows = await ctx.db.select().from(memoryExamples).where(eq(memoryExamples.parserId, parser.id)).orderBy(memoryExamples.taughtAt);
  return {
    format: "quarry-parser-memory",
    version: 1,
    exportedAt: new Date().toISOString(),
    examples: rows.map((row) => ({ taughtBy: row.taughtBy, taughtAt: row.taughtAt.toISOString(), fingerprint: row.fingerprint, evidence: row.evidence })),
  };
}

/** POST /parsers/{parserId}/memory/import: adds the examples of an export to the parser's memory. */
export async function importParserMemory(ctx: ServiceContext, { parserId, body }: { parserId: string; body: MemoryExport }): Promise<{ success: true; imported: number }> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    for (const example of body.examples) {
      await storeExample(tx, { teamId: ctx.teamId, parserId: parser.id, documentId: null, taughtBy: "import", fingerprint: example.fingerprint, evidence: example.evidence, taughtAt: new Date(example.taughtAt) });
    }
    await recordAudit(tx, { ctx, action: "memory.import", resourceType: "parser", resourceId: parser.id, after: { examples: body.examples.length } });
    return { success: true, imported: body.examples.length };
  });
}
