import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListDocumentsQuerySchema, SearchDocumentsSchema } from "@/lib/contracts/documents";
import { ExportRequestSchema } from "@/lib/contracts/exports";
import { ReviewQueueQuerySchema } from "@/lib/contracts/reviews";
import { UsageQuerySchema } from "@/lib/contracts/usage";
import { makeMember, makeParser, makeReviewStage, makeTeam } from "@/lib/db/factories";
import { documents, usageDaily, type DocumentStatus } from "@/lib/db/schema";
import { createClassifier } from "./classifiers";
import type { ServiceContext } from "./context";
import { getDocument, getDocumentData, getDocumentMarkdown, listDocuments, locateDocument, searchDocuments } from "./documents";
import { exportDocuments } from "./exports";
import { listFields } from "./fields";
import { listFolders } from "./folders";
import { getParser, listParsers } from "./parsers";
import { approveReview, assignReviewer, createReviewStage, getReviewQueue, listReviewers, listReviewStages, updateReviewStage } from "./reviews";
import { extractedDocument, invoiceParser, reviewWorld, type ReviewWorld } from "./reviews/fixtures";
import { getDashboard, listUsage } from "./usage";

/**
 * A reviewer sees only what they review (DESIGN §1.2, access.ts): the parsers where they hold a stage, a document
 * handed to them, and nothing else of the team, which answers 404 like another team's. Alice reviews `reviewed`;
 * Bob reviews `other`; Mel (a member) sees everything.
 */
let world: ReviewWorld;
let reviewed: { id: string };
let other: { id: string };
let inReview: { id: string }; // in `reviewed`, at Alice's stage
let unassigned: { id: string }; // in `reviewed`, processed and assigned to nobody: seen through the stage alone
let foreign: { id: string }; // in `other`, at Bob's stage
let handed: { id: string }; // in `other`, handed to Alice by the admin in the last test group

async function plainDocument(parserId: string, extra: Partial<typeof documents.$inferInsert> = {}) {
  const [row] = await world.handle.db
    .insert(documents)
    .values({ teamId: world.admin.teamId, parserId, name: `plain-${randomUUID().slice(0, 8)}.pdf`, status: "processed" as DocumentStatus, source: "api", contentType: "application/pdf", markdown: "# hi", ...extra })
    .returning();
  return row!;
}

beforeAll(async () => {
  world = await reviewWorld();
  reviewed = await invoiceParser(world);
  other = await invoiceParser(world);
  await createReviewStage(world.admin, { parserId: reviewed.id, input: { name: "Alice checks", reviewerId: world.alice.actor.userId } });
  await createReviewStage(world.admin, { parserId: other.id, input: { name: "Bob checks", reviewerId: world.bob.actor.userId } });
  inReview = (await extractedDocument({ world, parserId: reviewed.id, data: { total: 1 } })).document;
  unassigned = await plainDocument(reviewed.id);
  foreign = (await extractedDocument({ world, parserId: other.id, data: { total: 2 } })).document;
  handed = (await extractedDocument({ world, parserId: other.id, data: { total: 3 } })).document;
}, 60_000);
afterAll(() => world.close());

const notFound = { status: 404 };
const list = (ctx: ServiceContext, parserId: string) => listDocuments(ctx, { parserId, query: ListDocumentsQuerySchema.parse({}) });
const ids = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);

describe("a reviewer's parsers", () => {
  it("lists only the parsers they review; another parser and everything under it is not found", async () => {
    const listed = (await listParsers(world.alice)).map((parser) => parser.id);
    expect(listed).toContain(reviewed.id);
    expect(listed).not.toContain(other.id);
    expect((await listParsers(world.member)).map((parser) => parser.id)).toEqual(expect.arrayContaining([reviewed.id, other.id]));

    await expect(getParser(world.alice, { parserId: reviewed.id })).resolves.toMatchObject({ id: reviewed.id, counts: { totalDocuments: 2 } });
    await expect(getParser(world.alice, { parserId: other.id })).rejects.toMatchObject({ ...notFound, message: "Parser not found" });
    await expect(listFields(world.alice, other.id)).rejects.toMatchObject(notFound);
    await expect(listFolders(world.alice, other.id)).rejects.toMatchObject(notFound);
    await expect(listReviewStages(world.alice, other.id)).rejects.toMatchObject(notFound);
    await expect(listReviewers(world.alice, other.id)).rejects.toMatchObject(notFound);
    await expect(list(world.alice, other.id)).rejects.toMatchObject(notFound);
  });

  it("loses sight of a parser when their stage goes to someone else", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    await expect(getParser(world.alice, { parserId: parser.id })).resolves.toMatchObject({ id: parser.id });
    await updateReviewStage(world.admin, { parserId: parser.id, stageId: stage.id, input: { reviewerId: world.bob.actor.userId } });
    await expect(getParser(world.alice, { parserId: parser.id })).rejects.toMatchObject(notFound);
    await expect(getParser(world.bob, { parserId: parser.id })).resolves.toMatchObject({ id: parser.id });
  });

  it("does not learn that an id is one of the team's classifiers", async () => {
    const classifier = await createClassifier(world.admin, { name: "Mailroom", routing: { rules: [{ label: "Invoice", targetParserId: reviewed.id }], fallback: { action: "skip" } } });
    await expect(getParser(world.member, { parserId: classifier.id })).rejects.toMatchObject({ ...notFound, message: expect.stringContaining("is a classifier") });
    await expect(getParser(world.alice, { parserId: classifier.id })).rejects.toMatchObject({ ...notFound, message: "Parser not found" });
  });
});

describe("a reviewer's documents", () => {
  it("lists and searches every document of a parser they review, and none of another", async () => {
    expect(ids(await list(world.alice, reviewed.id)).sort()).toEqual([inReview.id, unassigned.id].sort());
    const found = await searchDocuments(world.alice, { parserId: reviewed.id, body: SearchDocumentsSchema.parse({}) });
    expect(ids(found).sort()).toEqual([inReview.id, unassigned.id].sort());
    await expect(searchDocuments(world.alice, { parserId: other.id, body: SearchDocumentsSchema.parse({}) })).rejects.toMatchObject(notFound);
  });

  it("answers another parser's document with 404 on every path: view, data, markdown, locate, decisions", async () => {
    await expect(getDocument(world.alice, { parserId: reviewed.id, documentId: unassigned.id })).resolves.toMatchObject({ id: unassigned.id });
    await expect(getDocument(world.alice, { parserId: other.id, documentId: foreign.id })).rejects.toMatchObject(notFound);
    await expect(getDocumentMarkdown(world.alice, { parserId: other.id, documentId: foreign.id })).rejects.toMatchObject(notFound);
    await expect(getDocumentData(world.alice, { parserId: other.id, ref: { documentId: foreign.id } })).rejects.toMatchObject(notFound);
    // Through a parser they do review: the spec's 403 "Access denied" would confirm that the id exists.
    await expect(getDocumentData(world.member, { parserId: reviewed.id, ref: { documentId: foreign.id } })).rejects.toMatchObject({ status: 403 });
    await expect(getDocumentData(world.alice, { parserId: reviewed.id, ref: { documentId: foreign.id } })).rejects.toMatchObject({ ...notFound, message: "Document not found" });
    await expect(locateDocument(world.alice, foreign.id)).rejects.toMatchObject(notFound);
    await expect(approveReview(world.alice, { parserId: other.id, documentId: foreign.id, input: { reviewerId: world.alice.actor.userId } })).rejects.toMatchObject(notFound);
    // Taking a document of a parser they do not review is refused as not found, not as "assigned to someone else".
    await expect(assignReviewer(world.alice, { parserId: other.id, documentId: foreign.id, input: { reviewerId: world.alice.actor.userId } })).rejects.toMatchObject(notFound);
    await expect(getDocument(world.member, { parserId: other.id, documentId: foreign.id })).resolves.toMatchObject({ id: foreign.id });
  });

  it("keeps the review queue to their parsers whatever assignee they ask for", async () => {
    const queue = await getReviewQueue(world.alice, { query: ReviewQueueQuerySchema.parse({ assignee: "any" }) });
    expect(ids({ data: queue.data.map((item) => ({ id: item.documentId })) })).toContain(inReview.id);
    expect(queue.data.map((item) => item.parser.id)).not.toContain(other.id);
    expect(queue.stages.map((stage) => stage.parserId)).not.toContain(other.id);
    const bobs = await getReviewQueue(world.alice, { query: ReviewQueueQuerySchema.parse({ assignee: world.bob.actor.userId }) });
    expect(bobs.data).toEqual([]);
    await expect(getReviewQueue(world.alice, { query: ReviewQueueQuerySchema.parse({ parserId: other.id }) })).rejects.toMatchObject(notFound);
  });

  it("exports nothing: no exports.read, and even with it only what their access reaches", async () => {
    const request = (input: Record<string, unknown>) => ExportRequestSchema.parse({ format: "json", ...input });
    await expect(exportDocuments(world.alice, { parserId: reviewed.id, request: request({}) })).rejects.toMatchObject({ status: 403 });
    // Defence in depth: the scoping does not rest on the permission table alone.
    const widened: ServiceContext = { ...world.alice, permissions: [...world.alice.permissions, "exports.read"] };
    await expect(exportDocuments(widened, { parserId: other.id, request: request({}) })).rejects.toMatchObject(notFound);
    await expect(exportDocuments(widened, { parserId: reviewed.id, request: request({ documentIds: [foreign.id] }) })).rejects.toMatchObject(notFound);
    const file = await new Response((await exportDocuments(widened, { parserId: reviewed.id, request: request({}) })).body).text();
    expect(file).toContain(inReview.id);
    expect(file).not.toContain(foreign.id);
  });
});

describe("a document handed to a reviewer", () => {
  it("opens that document and its parser, but no other document of it", async () => {
    await assignReviewer(world.admin, { parserId: other.id, documentId: handed.id, input: { reviewerId: world.alice.actor.userId } });
    await expect(getDocument(world.alice, { parserId: other.id, documentId: handed.id })).resolves.toMatchObject({ id: handed.id });
    await expect(getParser(world.alice, { parserId: other.id })).resolves.toMatchObject({ id: other.id, counts: { totalDocuments: 1 } });
    expect((await listParsers(world.alice)).map((parser) => parser.id)).toContain(other.id);
    await expect(listFields(world.alice, other.id)).resolves.toHaveLength(3);
    expect(ids(await list(world.alice, other.id))).toEqual([handed.id]);
    await expect(getDocument(world.alice, { parserId: other.id, documentId: foreign.id })).rejects.toMatchObject(notFound);
    const queue = await getReviewQueue(world.alice, { query: ReviewQueueQuerySchema.parse({}) });
    expect(queue.data.map((item) => item.documentId)).toEqual(expect.arrayContaining([inReview.id, handed.id]));
    expect(queue.data.map((item) => item.documentId)).not.toContain(foreign.id);
  });
});

describe("a reviewer's counts", () => {
  it("dashboard and usage count only the parsers and documents they review", async () => {
    const team = await makeTeam(world.handle.db);
    const reviewer = await makeMember(world.handle.db, team.id, "reviewer");
    const admin = await makeMember(world.handle.db, team.id, "admin");
    const mine = await makeParser(world.handle.db, team.id, "Mine");
    const theirs = await makeParser(world.handle.db, team.id, "Theirs");
    await makeReviewStage(world.handle.db, mine.id, reviewer.actor.userId);
    const add = (parserId: string, status: DocumentStatus) =>
      world.handle.db.insert(documents).values({ teamId: team.id, parserId, name: `${status}.pdf`, status, source: "api", contentType: "application/pdf" });
    await add(mine.id, "processed");
    await add(theirs.id, "processed");
    await add(theirs.id, "failed");
    const today = new Date().toISOString().slice(0, 10);
    await world.handle.db.insert(usageDaily).values([
      { teamId: team.id, parserId: mine.id, day: today, documents: 1, pages: 1, credits: 1 },
      { teamId: team.id, parserId: theirs.id, day: today, documents: 2, pages: 5, credits: 5 },
    ]);

    const seen = await getDashboard(reviewer);
    expect(seen.documents).toMatchObject({ total: 1, byStatus: { processed: 1, failed: 0 } });
    expect(seen.usage.totals).toEqual({ documents: 1, pages: 1, credits: 1 });
    expect((await getDashboard(admin)).documents.total).toBe(3);
    const usage = await listUsage(reviewer, UsageQuerySchema.parse({}));
    expect(usage.data.map((row) => row.parserId)).toEqual([mine.id]);
    await expect(listUsage(reviewer, UsageQuerySchema.parse({ parserId: theirs.id }))).rejects.toMatchObject(notFound);
  });
});
