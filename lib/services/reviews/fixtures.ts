import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "@/lib/contracts/enums";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, fields, users } from "@/lib/db/schema";
import type { ExtractionResult } from "@/lib/extraction";
import { localFileStore } from "@/lib/storage/local-store";
import { processDocument } from "../documents/process-document";

/**
 * Test-only helpers for the reviews services (imported by *.test.ts, never by the app): a PGlite database with
 * a team of named people, parsers with fields, and documents run through the real pipeline with a stand-in
 * extractor that returns the data a test wants, so the review starts exactly as it does in production.
 */
export type ReviewWorld = {
  handle: DatabaseHandle;
  admin: TestActor;
  alice: TestActor;
  bob: TestActor;
  member: TestActor;
  globex: TestActor;
  close: () => Promise<void>;
};

export async function reviewWorld(): Promise<ReviewWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-reviews-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.AUTH_SECRET = "reviews-test-secret";
  process.env.PUBLIC_BASE_URL = "https://quarry.test";
  const handle = await createTestDatabase();
  const team = await makeTeam(handle.db, "Acme");
  const person = async (role: Role, name: string) => {
    const actor = await makeMember(handle.db, team.id, role);
    await handle.db.update(users).set({ name }).where(eq(users.id, actor.actor.userId));
    return actor;
  };
  return {
    handle,
    admin: await person("admin", "Ada Admin"),
    alice: await person("reviewer", "Alice Reviewer"),
    bob: await person("reviewer", "Bob Reviewer"),
    member: await person("member", "Mel Member"),
    globex: await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin"),
    close: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function invoiceParser(world: ReviewWorld) {
  const parser = await makeParser(world.handle.db, world.admin.teamId, `Invoices ${randomUUID().slice(0, 6)}`);
  await world.handle.db.insert(fields).values([
    { parserId: parser.id, name: "vendor", type: "text", position: 0 },
    { parserId: parser.id, name: "total", type: "currency", position: 1 },
    { parserId: parser.id, name: "items", type: "table", position: 2 },
  ]);
  return parser;
}

const store = localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), "quarry-reviews-files-")));
const queue = { send: async () => "job" };

/** A document through processDocument, the extractor standing in with `data`. */
export async function extractedDocument({ world, parserId, data, fieldMetadata = {} }: { world: ReviewWorld; parserId: string; data: Record<string, unknown>; fieldMetadata?: ExtractionResult["fieldMetadata"] }) {
  const fileKey = `${world.admin.teamId}/${randomUUID()}/doc.pdf`;
  await store.put(fileKey, new TextEncoder().encode("%PDF-1.4 stand-in"), "application/pdf");
  const [row] = await world.handle.db
    .insert(documents)
    .values({ teamId: world.admin.teamId, parserId, name: `doc-${randomUUID().slice(0, 8)}.pdf`, status: "queued", source: "api", contentType: "text/plain", fileKey })
    .returning();
  const extract = async (): Promise<ExtractionResult> => ({
    pages: { pages: [] },
    data: data as ExtractionResult["data"],
    fieldMetadata,
    markdown: null,
    stats: { pageCount: 1, ocrPages: 0, ms: 1 },
  });
  const outcome = await processDocument(world.handle.db, { deps: { extract, store, queue }, documentId: row!.id });
  const [after] = await world.handle.db.select().from(documents).where(eq(documents.id, row!.id));
  return { outcome, document: after! };
}
