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
    const folder = await createFolder(w.admin, { parserId: parser.id, input: { name: "Paid" } });
    const first = await addDocument(w, w.admin, parser.id);
    const second = await addDocument(w, w.admin, parser.id);
    const missing = randomUUID();
    const refused = await call(w.adminClient, "move_documents", { parserId: parser.id, documentIds: [first.id, missing], folderId: folder.id });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("Document not found");
    expect((await getDocument(w.admin, { parserId: parser.id, documentId: first.id })).folderId).toBeNull();

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
    await createReviewStage(w.admin, { parserId: parser.id, input: { name: "Check", reviewType: "mandatory", reviewerId: w.reviewer.actor.userId } });
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 10 } });
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
    expect((await getDocument(w.admin, { parserId: parser.id, documentId: document.id })).status).toBe("rejected");
  });
});

describe("a reviewer's tools", () => {
  it("reach only the parsers they review: another parser's documents are not found, as over REST", async () => {
    const reviewed = await makeParser(w.handle.db, w.admin.teamId, `Reviewed ${randomUUID().slice(0, 6)}`);
    const other = await makeParser(w.handle.db, w.admin.teamId, `Other ${randomUUID().slice(0, 6)}`);
    await makeReviewStage(w.handle.db, reviewed.id, w.reviewer.actor.userId);
    const mine = await addDocument(w, w.admin, reviewed.id, { data: { Total: 1 }, markdown: "# mine" });
    const theirs = await addDocument(w, w.admin, other.id, { data: { Total: 2 }, markdown: "# theirs", externalId: "theirs-1" });

    const parsers = await ok<{ data: { id: string }[] }>(w.reviewerClient, "list_parsers", {});
    expect(parsers.data.map((parser) => parser.id)).toContain(reviewed.id);
    expect(parsers.data.map((parser) => parser.id)).not.toContain(other.id);
    await expect(ok(w.reviewerClient, "get_document_data", { parserId: reviewed.id, documentId: mine.id })).resolves.toMatchObject({ data: { Total: 1 } });

    for (const [tool, args] of [
      ["get_document_data", { parserId: other.id, documentId: theirs.id }],
      ["get_document_data", { parserId: other.id, externalId: "theirs-1" }],
      ["get_document", { parserId: other.id, documentId: theirs.id }],
      ["list_documents", { parserId: other.id }],
      ["search_documents", { parserId: other.id, q: "theirs" }],
      ["get_parser", { parserId: other.id }],
      ["list_fields", { parserId: other.id }],
      ["approve_document", { parserId: other.id, documentId: theirs.id }],
    ] as const) {
      const refused = await call(w.reviewerClient, tool, args);
      expect(refused.isError, tool).toBe(true);
      expect(text(refused), tool).toBe("Parser not found");
    }
    // Through the parser they review, the other parser's document is not found either (not "Access denied").
    const through = await call(w.reviewerClient, "get_document_data", { parserId: reviewed.id, documentId: theirs.id });
    expect(text(through)).toBe("Document not found");
    await expect(w.reviewerClient.readResource({ uri: `quarry://documents/${theirs.id}/markdown` })).rejects.toThrow(/Document not found/);
    await expect(w.reviewerClient.readResource({ uri: `quarry://documents/${mine.id}/markdown` })).resolves.toMatchObject({ contents: [{ text: "# mine" }] });
    const exported = await call(w.reviewerClient, "export_documents", { parserId: other.id, format: "json" });
    expect(exported.isError).toBe(true);
  });
});
