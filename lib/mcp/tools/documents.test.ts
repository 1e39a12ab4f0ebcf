import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeParser, makeReviewStage } from "@/lib/db/factories";
import { getDocument } from "@/lib/services/documents";
import { createFolder } from "@/lib/services/folders";
import { createReviewStage } from "@/lib/services/reviews";
import { extractedDocument, type ReviewWorld } from "@/lib/services/reviews/fixtures";
import { addDocument, call, mcpWorld, ok, text } from "@/tests/support/mcp-harness";

/** The document, folder and review tools over MCP: data with a bounded wait, list and search, moves, decisions as the connected user. */
const w = mcpWorld();

describe("documents", () => {
  it("get_document_data returns a processed document's data at once", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const document = await addDocument(w, w.admin, parser.id, { data: { Total: 42.5, Vendor: "ACME" } });
    const view = await ok<{ data: Record<string, unknown>; metadata: { status: string; id: string } }>(w.adminClient, "get_document_data", {
      parserId: parser.id,
      documentId: document.id,
    });
    expect(view.metadata).toMatchObject({ id: document.id, status: "processed" });
    expect(view.data).toEqual({ Total: 42.5, Vendor: "ACME" });
  });

  it("get_document_data waits a bounded time for a document still processing", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const document = await addDocument(w, w.admin, parser.id, { status: "processing", externalId: "ext-1" });
    const started = Date.now();
    const view = await ok<{ data: Record<string, unknown>; metadata: { status: string } }>(w.adminClient, "get_document_data", {
      parserId: parser.id,
      externalId: "ext-1",
      waitSeconds: 1,
    });
    const elapsed = Date.now() - started;
    expect(view.metadata.status).toBe("processing");
    expect(view.data).toEqual({});
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(10_000);
    expect(document.id).toBeTruthy();

    const tooLong = await call(w.adminClient, "get_document_data", { parserId: parser.id, documentId: document.id, waitSeconds: 61 });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toContain("waitSeconds");
  });

  it("search_documents filters on extracted values; list_documents on metadata", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const big = await addDocument(w, w.admin, parser.id, { data: { Total: 1200 } });
    await addDocument(w, w.admin, parser.id, { data: { Total: 80 } });
    const found = await ok<{ data: { id: string }[] }>(w.adminClient, "search_documents", {
      parserId: parser.id,
      filters: [{ field: "Total", operator: "gt", value: 1000 }],
    });
    expect(found.data.map((document) => document.id)).toEqual([big.id]);
    const listed = await ok<{ data: unknown[]; pagination: { total: number } }>(w.adminClient, "list_documents", { parserId: parser.id, status: "processed", limit: 1 });
    expect(listed.data).toHaveLength(1);
    expect(listed.pagination.total).toBe(2);
  });

  it("move_documents moves all or nothing; list_folders shows the folder", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const folder = await createFolder(w.admin, parser.id, { name: "Paid" });
    const first = await addDocument(w, w.admin, parser.id);
    const second = await addDocument(w, w.admin, parser.id);
    const missing = randomUUID();
    const refused = await call(w.adminClient, "move_documents", { parserId: parser.id, documentIds: [first.id, missing], folderId: folder.id });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("Document not found");
    expect((await getDocument(w.admin, parser.id, first.id)).folderId).toBeNull();

    const moved = await ok<{ moved: number }>(w.adminClient, "move_documents", { parserId: parser.id, documentIds: [first.id, second.id], folderId: folder.id });
    expect(moved.moved).toBe(2);
    const folders = await ok<{ data: { id: string; documentCount: number }[] }>(w.adminClient, "list_folders", { parserId: parser.id });
    expect(folders.data).toEqual([expect.objectContaining({ id: folder.id, documentCount: 2 })]);
  });

  it("review decisions act as the connected user and answer with the service's message", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    await makeReviewStage(w.handle.db, parser.id, w.reviewer.actor.userId); // a parser the reviewer reviews
    const document = await addDocument(w, w.admin, parser.id);
    const reset = await call(w.reviewerClient, "reset_document", { parserId: parser.id, documentId: document.id });
    expect(reset.isError).toBe(true);
    expect(text(reset)).toBe("Only an approved or rejected document can be reset to review; this one is processed");
  });
});

describe("review as the connected user", () => {
  it("only the assignee approves; reset and assign_reviewer (to yourself) follow the REST rules", async () => {
    const world = { handle: w.handle, admin: w.admin, alice: w.reviewer, bob: w.reviewer, member: w.admin, globex: w.globex, close: async () => undefined } satisfies ReviewWorld;
    const parser = await makeParser(w.handle.db, w.admin.teamId, `Reviewed ${randomUUID().slice(0, 6)}`);
    await createReviewStage(w.admin, parser.id, { name: "Check", reviewType: "mandatory", reviewerId: w.reviewer.actor.userId });
    const { document } = await extractedDocument(world, parser.id, { total: 10 });
    expect(document.status).toBe("in_review");

    const notMine = await call(w.adminClient, "approve_document", { parserId: parser.id, documentId: document.id });
    expect(notMine.isError).toBe(true);
    expect(text(notMine)).toMatch(/^Only the stage's assignee, Test reviewer \(reviewer-.*\), can approve it$/);

    const approved = await ok<{ status: string; review: { stages: { approvedAt: string | null }[] } }>(w.reviewerClient, "approve_document", {
      parserId: parser.id,
      documentId: document.id,
    });
    expect(approved.status).toBe("approved");

    const reset = await ok<{ status: string; review: { currentStage: { id: string } } }>(w.reviewerClient, "reset_document", { parserId: parser.id, documentId: document.id });
    expect(reset.status).toBe("in_review");
    const taken = await ok<{ review: { assignee: { id: string } } }>(w.adminClient, "assign_reviewer", { parserId: parser.id, documentId: document.id });
    expect(taken.review.assignee.id).toBe(w.admin.actor.userId);
    const stale = await call(w.adminClient, "reject_document", { parserId: parser.id, documentId: document.id, stageId: randomUUID() });
    expect(text(stale)).toContain("The review moved on");
    const rejected = await ok<{ status: string }>(w.adminClient, "reject_document", { parserId: parser.id, documentId: document.id, stageId: reset.review.currentStage.id });
    expect(rejected.status).toBe("rejected");
    expect((await getDocument(w.admin, parser.id, document.id)).status).toBe("rejected");
  });
});
