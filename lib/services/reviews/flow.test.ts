import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListDocumentsQuerySchema } from "@/lib/contracts/documents";
import { auditLog, documentReviewStages } from "@/lib/db/schema";
import { getDocument, listDocuments } from "../documents";
import { updateDocumentData } from "../documents/update-data";
import { extractedDocument, invoiceParser, reviewWorld, type ReviewWorld } from "./fixtures";
import { approveReview, assignReviewer, createReviewStage, rejectReview, resetReview } from "./index";

let world: ReviewWorld;
beforeAll(async () => {
  world = await reviewWorld();
}, 60_000);
afterAll(() => world.close());

const as = (actor: { actor: { userId: string } }) => ({ reviewerId: actor.actor.userId });

/** Stage 1 (Alice), a conditional stage for totals over 1,000 (Bob), stage 3 (Bob). */
async function threeStageParser() {
  const parser = await invoiceParser(world);
  const check = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId } });
  const big = await createReviewStage(world.admin, { parserId: parser.id, input: {
    name: "Big totals",
    reviewType: "conditional",
    reviewerId: world.bob.actor.userId,
    rules: [{ field: "total", operator: "greater_than", value: "1000" }],
  } });
  const sign = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Sign-off", reviewerId: world.bob.actor.userId } });
  return { parser, check, big, sign };
}

const stageSummary = (review: { stages: { name: string; status: string; assignee: { name: string } | null; enteredAt?: string | null }[] }) =>
  review.stages.map((stage) => `${stage.name}:${stage.status}:${stage.assignee?.name ?? "-"}:${stage.enteredAt ? "entered" : "-"}`);

describe("entering review after extraction", () => {
  it("ends processed / not_required without stages", async () => {
    const parser = await invoiceParser(world);
    const { outcome, document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    expect(outcome).toBe("processed");
    expect(document).toMatchObject({ status: "processed", reviewStatus: "not_required", currentStageId: null, assigneeId: null });
  });

  it("starts at the first applicable stage, assigned to its reviewer, with skipped conditional stages shown", async () => {
    const { parser, check } = await threeStageParser();
    const { outcome, document } = await extractedDocument({ world, parserId: parser.id, data: { total: 50 } });
    expect(outcome).toBe("in_review");
    expect(document).toMatchObject({ status: "in_review", reviewStatus: "pending", currentStageId: check.id, assigneeId: world.alice.actor.userId });
    const full = await getDocument(world.admin, { parserId: parser.id, documentId: document.id });
    expect(full.review).toMatchObject({ isRequired: true, status: "pending", assignee: { name: "Alice Reviewer" }, currentStage: { id: check.id, name: "Check", position: 1 } });
    expect(stageSummary(full.review)).toEqual(["Check:pending:Alice Reviewer:entered", "Big totals:skipped:-:-", "Sign-off:pending:-:-"]);
    expect(full.review.stages.map((stage) => stage.position)).toEqual([1, 2, 3]);
  });

  it("includes a conditional stage whose rules match", async () => {
    const { parser } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5000 } });
    expect(stageSummary((await getDocument(world.admin, { parserId: parser.id, documentId: document.id })).review)).toEqual([
      "Check:pending:Alice Reviewer:entered",
      "Big totals:pending:-:-",
      "Sign-off:pending:-:-",
    ]);
  });

  it("is not_required, with no rows, when only skipped conditional stages exist", async () => {
    const parser = await invoiceParser(world);
    await createReviewStage(world.admin, { parserId: parser.id, input: { reviewType: "conditional", rules: [{ field: "vendor", operator: "equals", value: "ACME" }] } });
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "Globex" } });
    expect(document).toMatchObject({ status: "processed", reviewStatus: "not_required" });
    expect(await world.handle.db.select().from(documentReviewStages).where(eq(documentReviewStages.documentId, document.id))).toEqual([]);
    const { document: acme } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "acme" } });
    expect(acme.status).toBe("in_review");
  });
});

describe("approve and reject", () => {
  it("walks through every applicable stage to approved, re-evaluating conditional stages on corrected data", async () => {
    const { parser, big, sign } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 50 } });

    // Alice corrects the total: her stage is now in progress, and the conditional stage will apply.
    await updateDocumentData(world.alice, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 2500 } });
    let full = await getDocument(world.admin, { parserId: parser.id, documentId: document.id });
    expect(full.review.status).toBe("in_progress");
    expect(stageSummary(full.review)[0]).toBe("Check:in_progress:Alice Reviewer:entered");

    full = await approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    expect(full).toMatchObject({ status: "in_review", review: { status: "in_progress", currentStage: { id: big.id }, assignee: { name: "Bob Reviewer" } } });
    expect(stageSummary(full.review)).toEqual(["Check:approved:Alice Reviewer:entered", "Big totals:pending:Bob Reviewer:entered", "Sign-off:pending:-:-"]);
    expect(full.review.stages[0]!.approvedAt).toEqual(expect.any(String));

    full = await approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    expect(full.review.currentStage!.id).toBe(sign.id);
    full = await approveReview(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    expect(full).toMatchObject({ status: "approved", metadata: { isApproved: true }, review: { status: "approved", currentStage: null, assignee: null } });
    expect(full.review.stages.map((stage) => stage.status)).toEqual(["approved", "approved", "approved"]);

    const audit = await world.handle.db.select().from(auditLog).where(and(eq(auditLog.resourceId, document.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(["document.data.update", "review.approve", "review.approve", "review.approve"]);
    const last = audit.filter((row) => row.action === "review.approve").find((row) => row.after?.status === "approved")!;
    expect(last).toMatchObject({ actorUserId: world.admin.actor.userId, after: { reviewerId: world.bob.actor.userId, decidedAt: expect.any(String) } });
  });

  it("skips a conditional stage that no longer applies after a correction", async () => {
    const { parser, sign } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5000 } });
    await updateDocumentData(world.admin, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 10 } });
    const full = await approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    expect(full.review.currentStage!.id).toBe(sign.id);
    expect(full.review.stages.map((stage) => stage.status)).toEqual(["approved", "skipped", "pending"]);
  });

  it("refuses the wrong people with 403 and a document not in review with 409", async () => {
    const { parser } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    await expect(approveReview(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.bob) })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("Only the stage's assignee, Alice Reviewer"),
    });
    await expect(approveReview(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.globex) })).rejects.toMatchObject({ status: 403, message: expect.stringContaining("not a member") });
    await expect(approveReview(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.member) })).rejects.toMatchObject({ status: 403, message: expect.stringContaining("cannot review") });
    // A reviewer acts only as themselves, even naming the right assignee.
    await expect(approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 403, message: expect.stringContaining("only act as themselves") });
    await expect(approveReview(world.member, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 403 });
    // Another team's document is not found, whoever acts.
    await expect(approveReview(world.globex, { parserId: parser.id, documentId: document.id, input: as(world.globex) })).rejects.toMatchObject({ status: 404 });

    const { document: plain } = await extractedDocument({ world, parserId: (await invoiceParser(world)).id, data: {} });
    await expect(approveReview(world.admin, { parserId: plain.parserId, documentId: plain.id, input: as(world.admin) })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("not in review") });
  });

  it("rejects: the document ends rejected, later stages stay pending and never reached", async () => {
    const { parser } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    const full = await rejectReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    expect(full).toMatchObject({ status: "rejected", metadata: { isRejected: true }, review: { status: "rejected", currentStage: null, assignee: null } });
    expect(stageSummary(full.review)).toEqual(["Check:rejected:Alice Reviewer:entered", "Big totals:skipped:-:-", "Sign-off:pending:-:-"]);
    expect(full.review.stages[0]!.rejectedAt).toEqual(expect.any(String));
    await expect(rejectReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 409 });
  });

  it("lets exactly one of two concurrent approvals of a stage win, even when the same person reviews the next", async () => {
    const parser = await invoiceParser(world);
    await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    const { document } = await extractedDocument({ world, parserId: parser.id, data: {} });
    const receivedAt = new Date();
    const results = await Promise.allSettled([
      approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice), receivedAt }),
      approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice), receivedAt }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const full = await getDocument(world.admin, { parserId: parser.id, documentId: document.id });
    expect(full.review.stages.map((stage) => stage.status)).toEqual(["approved", "pending"]);
    // A request naming the stage it saw is refused once that stage is decided, however late it arrives.
    await expect(approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice), stageId: full.review.stages[0]!.id })).rejects.toMatchObject({ status: 409 });
    // A later request (received after the stage was reached) approves the second stage as usual.
    expect((await approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice), stageId: full.review.currentStage!.id })).status).toBe("approved");
  });
});

describe("reset", () => {
  it("is a 409 unless approved or rejected, a 403 for someone not involved, and restarts at the first stage", async () => {
    const { parser, check, big } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    await expect(resetReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("approved or rejected") });
    await rejectReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    await expect(resetReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) })).rejects.toMatchObject({ status: 403 });

    // Corrected after the rejection: the reset re-evaluates the conditional stage on the current data.
    await updateDocumentData(world.admin, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 9000 } });
    const full = await resetReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    expect(full).toMatchObject({ status: "in_review", review: { status: "pending", currentStage: { id: check.id }, assignee: { name: "Alice Reviewer" } } });
    expect(stageSummary(full.review)).toEqual(["Check:pending:Alice Reviewer:entered", "Big totals:pending:-:-", "Sign-off:pending:-:-"]);
    expect(full.review.stages.every((stage) => stage.approvedAt === null && stage.rejectedAt === null)).toBe(true);

    await approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    await approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    await approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    // An admin may reset any document; so may a reviewer who was assigned one of its stages (Bob, here).
    expect((await resetReview(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.admin) })).status).toBe("in_review");
    expect(big.id).toBeTruthy();
  });
});

describe("assign", () => {
  it("reassigns the current stage to someone who may review, only while in review", async () => {
    const { parser } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    await expect(assignReviewer(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.member) })).rejects.toMatchObject({ status: 403 });
    await expect(assignReviewer(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.globex) })).rejects.toMatchObject({ status: 403 });
    // Bob cannot take Alice's document; Alice can hand it to him.
    await expect(assignReviewer(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) })).rejects.toMatchObject({ status: 403 });
    const full = await assignReviewer(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    expect(full.review).toMatchObject({ assignee: { name: "Bob Reviewer" } });
    expect(stageSummary(full.review)[0]).toBe("Check:pending:Bob Reviewer:entered");
    await expect(approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 403 });
    await approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    await approveReview(world.bob, { parserId: parser.id, documentId: document.id, input: as(world.bob) });
    await expect(assignReviewer(world.admin, { parserId: parser.id, documentId: document.id, input: as(world.alice) })).rejects.toMatchObject({ status: 409 });
  });
});

describe("corrections during review", () => {
  it("lets the assigned reviewer correct data, and nobody else without documents.write", async () => {
    const { parser } = await threeStageParser();
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { total: 5 } });
    await expect(updateDocumentData(world.bob, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 6 } })).rejects.toMatchObject({ status: 403 });
    await updateDocumentData(world.alice, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 6 } });
    await rejectReview(world.alice, { parserId: parser.id, documentId: document.id, input: as(world.alice) });
    await expect(updateDocumentData(world.alice, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 7 } })).rejects.toMatchObject({ status: 403 });
    await expect(updateDocumentData(world.admin, { parserId: parser.id, ref: { documentId: document.id }, values: { total: 7 } })).resolves.toBeTruthy();
  });
});

describe("list filters", () => {
  it("filters by assignee and by the stage documents wait at now", async () => {
    const { parser, check, sign } = await threeStageParser();
    const { document: first } = await extractedDocument({ world, parserId: parser.id, data: { total: 1 } });
    const { document: second } = await extractedDocument({ world, parserId: parser.id, data: { total: 2 } });
    await approveReview(world.alice, { parserId: parser.id, documentId: second.id, input: as(world.alice) });
    const ids = async (query: Record<string, string>) => (await listDocuments(world.admin, { parserId: parser.id, query: ListDocumentsQuerySchema.parse(query) })).data.map((row) => row.id);
    expect(await ids({ reviewStageId: check.id })).toEqual([first.id]);
    expect(await ids({ reviewStageId: sign.id })).toEqual([second.id]);
    expect(await ids({ assigneeId: world.alice.actor.userId })).toEqual([first.id]);
    expect(await ids({ assigneeId: world.bob.actor.userId })).toEqual([second.id]);
    await approveReview(world.bob, { parserId: parser.id, documentId: second.id, input: as(world.bob) });
    expect(await ids({ reviewStageId: sign.id })).toEqual([]);
    expect(await ids({ assigneeId: world.bob.actor.userId })).toEqual([]);
  });
});
