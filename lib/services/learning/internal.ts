import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { memoryExamples, memoryKeys } from "@/lib/db/schema";
import type { FieldDefinition } from "@/lib/extraction";
import { fingerprintKeys, fingerprintSimilarity, type Fingerprint, type MemoryExample, type MemoryMatch } from "@/lib/extraction/memory";

/** Examples read in full for one lookup: the best candidates by shared keys. */
const CANDIDATES = 8;

/** The field that names the sender, when the parser has one: its value joins the fingerprint. */
export function senderNameField(fields: readonly FieldDefinition[]): string | null {
  const named = fields.find((field) => field.type === "text" && /(vendor|supplier|seller|merchant|sender|issuer|company|shop|store)/i.test(field.name) && !/(id|number|vat|tax|iban|address)/i.test(field.name));
  return named?.name ?? null;
}

/** Stores an example and its index keys (replacing the document's earlier example: the latest correction wins). */
export async function storeExample(
  tx: DbOrTx,
  row: { teamId: string; parserId: string; documentId: string | null; taughtBy: string; fingerprint: Fingerprint; evidence: MemoryExample["evidence"]; taughtAt?: Date },
): Promise<string> {
  if (row.documentId) {
    await tx.delete(memoryExamples).where(and(eq(memoryExamples.parserId, row.parserId), eq(memoryExamples.documentId, row.documentId)));
  }
  const [inserted] = await tx.insert(memoryExamples).values({ ...row, taughtAt: row.taughtAt ?? new Date() }).returning({ id: memoryExamples.id });
  const keys = [...new Set(fingerprintKeys(row.fingerprint))];
  if (keys.length > 0) await tx.insert(memoryKeys).values(keys.map((key) => ({ exampleId: inserted!.id, parserId: row.parserId, key })));
  return inserted!.id;
}

/**
 * The parser's examples that share keys with this fingerprint, scored. Reads the index only for this document's
 * keys (parser id + key, an index scan), then at most a handful of examples in full: cheap however large the
 * memory grows.
 */
export async function findMatches(db: DbOrTx, { parserId, fingerprint }: { parserId: string; fingerprint: Fingerprint }): Promise<MemoryMatch[]> {
  const keys = [...new Set(fingerprintKeys(fingerprint))];
  if (keys.length === 0) return [];
  const hits = await db
    .select({ exampleId: memoryKeys.exampleId, key: memoryKeys.key })
    .from(memoryKeys)
    .where(and(eq(memoryKeys.parserId, parserId), inArray(memoryKeys.key, keys)));
  if (hits.length === 0) return [];
  const [{ total }] = (await db.select({ total: count() }).from(memoryExamples).where(eq(memoryExamples.parserId, parserId))) as [{ total: number }];
  const sharedBy = new Map<string, number>();
  for (const hit of hits) sharedBy.set(hit.exampleId, (sharedBy.get(hit.exampleId) ?? 0) + 1);
  const candidates = [...sharedBy.entries()].sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES).map(([id]) => id);
  const rows = await db.select().from(memoryExamples).where(inArray(memoryExamples.id, candidates));
  const frequency = await keyFrequencies(db, { parserId, keys: [...new Set([...keys, ...rows.flatMap((row) => fingerprintKeys(row.fingerprint))])] });
  return rows
    .map((row) => ({
      example: toExample(row),
      similarity: fingerprintSimilarity(keys, fingerprintKeys(row.fingerprint), (key) => frequency.get(key) ?? 1, Number(total)),
    }))
    .sort((a, b) => b.similarity - a.similarity);
}

/**
 * In how many of the parser's examples each key occurs: the rarity that weighs a key, for the candidates' keys as
 * well as the document's own (a key only the candidate has still weighs in its total, and a near spelling is
 * credited with its own key's weight), so a lookup scores exactly as the examples would among themselves.
 */
async function keyFrequencies(db: DbOrTx, { parserId, keys }: { parserId: string; keys: string[] }): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: memoryKeys.key, examples: count() })
    .from(memoryKeys)
    .where(and(eq(memoryKeys.parserId, parserId), inArray(memoryKeys.key, keys)))
    .groupBy(memoryKeys.key);
  return new Map(rows.map((row) => [row.key, Number(row.examples)]));
}

export function toExample(row: typeof memoryExamples.$inferSelect): MemoryExample {
  return { id: row.id, documentId: row.documentId, taughtAt: row.taughtAt.toISOString(), fingerprint: row.fingerprint, evidence: row.evidence };
}
