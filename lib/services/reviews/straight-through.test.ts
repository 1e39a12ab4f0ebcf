import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { getDocument } from "../documents";
import { extractedDocument, invoiceParser, reviewWorld, type ReviewWorld } from "./fixtures";
import { approveReview, createReviewStage, updateReviewChecks, updateReviewStage } from "./index";
import { straightThroughVerdict } from "./straight-through";

let world: ReviewWorld;
beforeAll(async () => {
  world = await reviewWorld();
}, 60_000);
afterAll(() => world.close());

const sure = { vendor: { confidence: 0.97, source: null }, total: { confidence: 0.96, source: null } };
const unsure = { vendor: { confidence: 0.97, source: null }, total: { confidence: 0.62, source: null } };
const ON = { enabled: true, minConfidence: 0.9 };

const auditOf = (documentId: string) =>
  world.handle.db.select().from(auditLog).where(and(eq(auditLog.resourceId, documentId), eq(auditLog.action, "review.straight_through")));

describe("straight-through processing of a review stage", () => {
  it("is off by default: a stage created without it reviews every document, however sure", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId } });
    expect(stage.straightThrough).toEqual({ enabled: false, minConfidence: 0.95 });
    const { outcome } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "ACME", total: 50 }, fieldMetadata: sure });
    expect(outcome).toBe("in_review");
  });

  it("skips the stage when every value is confident and the checks pass: the document is approved, its review and the audit say why", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId, straightThrough: ON } });
    const { outcome, document } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "ACME", total: 50 }, fieldMetadata: sure });
    expect(outcome).toBe("approved");
    expect(document).toMatchObject({ status: "approved", reviewStatus: "approved", currentStageId: null, assigneeId: null });
    const full = await getDocument(world.admin, { parserId: parser.id, documentId: document.id });
    expect(full.review.stages).toHaveLength(1);
    expect(full.review.stages[0]).toMatchObject({ id: stage.id, status: "skipped" });
    expect(full.review.stages[0]!.note).toBe("Skipped straight through: every value was read with confidence ≥ 0.90 (lowest 0.96, total) and every check passed.");
    const [audit] = await auditOf(document.id);
    expect(audit).toMatchObject({ actorUserId: null, after: { status: "approved", skippedStages: [{ stageId: stage.id }] } });
  });

  it("keeps the stage when one value is below the threshold", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId, straightThrough: ON } });
    const { outcome, document } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "ACME", total: 50 }, fieldMetadata: unsure });
    expect(outcome).toBe("in_review");
    expect(document).toMatchObject({ currentStageId: stage.id, assigneeId: world.alice.actor.userId });
    expect(await auditOf(document.id)).toEqual([]);
  });

  it("keeps the stage when a validation fails, however sure the values", async () => {
    const parser = await invoiceParser(world);
    await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId, straightThrough: ON } });
    await updateReviewChecks(world.admin, { parserId: parser.id, input: { validationRules: [{ kind: "range", field: "total", max: 10 }] } });
    const { outcome } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "ACME", total: 50 }, fieldMetadata: sure });
    expect(outcome).toBe("in_review");
  });

  it("skips a later stage after a person approved the first one", async () => {
    const parser = await invoiceParser(world);
    const check = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check", reviewerId: world.alice.actor.userId } });
    const sign = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Sign-off", reviewerId: world.bob.actor.userId } });
    await updateReviewStage(world.admin, { parserId: parser.id, stageId: sign.id, input: { straightThrough: ON } });
    const { document } = await extractedDocument({ world, parserId: parser.id, data: { vendor: "ACME", total: 50 }, fieldMetadata: sure });
    expect(document.currentStageId).toBe(check.id);
    const approved = await approveReview(world.alice, { parserId: parser.id, documentId: document.id, input: { reviewerId: world.alice.actor.userId } });
    expect(approved.status).toBe("approved");
    expect(approved.review.stages.map((row) => `${row.name}:${row.status}`)).toEqual(["Check:approved", "Sign-off:skipped"]);
    expect(approved.review.stages[1]!.note).toMatch(/^Skipped straight through/);
    expect(await auditOf(document.id)).toHaveLength(1);
  });
});

describe("straightThroughVerdict", () => {
  const fields = [
    { name: "invoice_number", type: "text" as const, required: true },
    { name: "notes", type: "text" as const },
    { name: "lines", type: "table" as const, columns: [{ name: "amount", type: "number" as const, required: true }] },
  ];
  const data = { invoice_number: "INV-1", notes: "hand-written", lines: [{ amount: 5 }, { amount: 7 }] };

  it("judges only the required values when some are marked, cells of required columns included", () => {
    const fieldMetadata = { invoice_number: { confidence: 0.99 }, notes: { confidence: 0.1 }, lines: { confidence: 0.9, rows: [{ amount: { confidence: 0.97 } }, { amount: { confidence: 0.93 } }] } };
    const verdict = straightThroughVerdict(ON, { fields, rules: [], data, fieldMetadata });
    expect(verdict).toMatchObject({ skip: true, lowest: { path: "lines.1.amount", confidence: 0.93 } });
  });

  it("counts a value without a confidence as unsure", () => {
    const verdict = straightThroughVerdict(ON, { fields, rules: [], data, fieldMetadata: { invoice_number: { confidence: 0.99 } } });
    expect(verdict).toMatchObject({ skip: false });
  });

  it("never skips when it is off", () => {
    expect(straightThroughVerdict({ enabled: false, minConfidence: 0.5 }, { fields, rules: [], data, fieldMetadata: {} }).skip).toBe(false);
  });
});
