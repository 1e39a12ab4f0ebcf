import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeParser } from "@/lib/db/factories";
import { auditLog } from "@/lib/db/schema";
import { invoiceParser, extractedDocument, reviewWorld, type ReviewWorld } from "./fixtures";
import { createReviewStage, deleteReviewStage, getReviewStage, listReviewers, listReviewStages, rejectReview, updateReviewStage } from "./index";

let world: ReviewWorld;
beforeAll(async () => {
  world = await reviewWorld();
}, 60_000);
afterAll(() => world.close());

const positions = async (parserId: string) => (await listReviewStages(world.admin, parserId)).map((stage) => `${stage.position}:${stage.name}`);

describe("review stages: create", () => {
  it("defaults every key: Stage N, last, mandatory, no reviewer, no rules", async () => {
    const parser = await invoiceParser(world);
    const first = await createReviewStage(world.admin, { parserId: parser.id, input: {} });
    expect(first).toMatchObject({ name: "Stage 1", position: 1, reviewType: "mandatory", reviewer: null, reviewerInstructions: null, rules: [], activeDocumentCount: 0 });
    const second = await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId, reviewerInstructions: "Check the totals" } });
    expect(second).toMatchObject({ name: "Stage 2", position: 2, reviewer: { id: world.alice.actor.userId, name: "Alice Reviewer" }, reviewerInstructions: "Check the totals" });
    const audit = await world.handle.db.select().from(auditLog).where(eq(auditLog.resourceId, second.id));
    expect(audit.map((row) => row.action)).toEqual(["review_stage.create"]);
  });

  it("normalises rules: the field's own name, generated ids and names, no value for valueless operators", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: {
      reviewType: "conditional",
      rules: [
        { field: "TOTAL", operator: "greater_than", value: "100" },
        { id: "keep-me", field: "vendor", operator: "is_empty", value: "ignored", name: "No vendor" },
      ],
    } });
    expect(stage.rules).toEqual([
      { id: expect.stringMatching(/^rule_[0-9a-f]{12}$/), type: "simple", field: "total", condition: "extracted_value", operator: "greater_than", value: "100", name: "total greater than 100", editable: true },
      { id: "keep-me", type: "simple", field: "vendor", condition: "extracted_value", operator: "is_empty", value: "", name: "No vendor", editable: true },
    ]);
  });

  it("refuses bad reviewers and rules with 400s naming the key", async () => {
    const parser = await invoiceParser(world);
    const refused = (input: Parameters<typeof createReviewStage>[1]["input"]) => expect(createReviewStage(world.admin, { parserId: parser.id, input })).rejects;
    await refused({ reviewerId: world.globex.actor.userId }).toMatchObject({ status: 400, message: expect.stringContaining("not a member of this team") });
    await refused({ reviewerId: world.member.actor.userId }).toMatchObject({ status: 400, message: expect.stringContaining("cannot review") });
    await refused({ reviewType: "conditional" }).toMatchObject({ status: 400, message: "A conditional stage needs at least one rule" });
    await refused({ rules: [{ field: "nope" }] }).toMatchObject({ status: 400, extra: { issues: [{ path: "rules.0.field", message: '"nope" is not a field of this parser' }] } });
    await refused({ rules: [{ field: "items" }] }).toMatchObject({ status: 400, message: expect.stringContaining("is a table field") });
    await refused({ rules: [{ field: "total", operator: "less_than", value: "lots" }] }).toMatchObject({ status: 400, extra: { issues: [{ path: "rules.0.value" }] } });
    await refused({ rules: [{ id: "x", field: "total" }, { id: "x", field: "vendor" }] }).toMatchObject({ status: 400, message: expect.stringContaining("used twice") });
    expect(await listReviewStages(world.admin, parser.id)).toEqual([]);
  });
});

describe("review stages: positions stay contiguous", () => {
  it("inserts, moves and deletes with the others shifting", async () => {
    const parser = await invoiceParser(world);
    const a = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "A" } });
    const b = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "B" } });
    await createReviewStage(world.admin, { parserId: parser.id, input: { name: "C" } });
    await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Z", position: 1 } });
    expect(await positions(parser.id)).toEqual(["1:Z", "2:A", "3:B", "4:C"]);
    await createReviewStage(world.admin, { parserId: parser.id, input: { name: "far", position: 99 } });
    expect(await positions(parser.id)).toEqual(["1:Z", "2:A", "3:B", "4:C", "5:far"]);
    await updateReviewStage(world.admin, { parserId: parser.id, stageId: a.id, input: { position: 4 } });
    expect(await positions(parser.id)).toEqual(["1:Z", "2:B", "3:C", "4:A", "5:far"]);
    await deleteReviewStage(world.admin, { parserId: parser.id, stageId: b.id });
    expect(await positions(parser.id)).toEqual(["1:Z", "2:C", "3:A", "4:far"]);
    await expect(getReviewStage(world.admin, { parserId: parser.id, stageId: b.id })).rejects.toMatchObject({ status: 404 });
    expect((await createReviewStage(world.admin, { parserId: parser.id, input: {} })).name).toBe("Stage 5");
  });
});

describe("review stages: update", () => {
  it("changes keys, replaces rules and keeps conditional stages valid", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Check" } });
    await expect(updateReviewStage(world.admin, { parserId: parser.id, stageId: stage.id, input: { reviewType: "conditional" } })).rejects.toMatchObject({ status: 400 });
    const updated = await updateReviewStage(world.admin, { parserId: parser.id, stageId: stage.id, input: {
      reviewType: "conditional",
      rules: [{ field: "vendor", operator: "contains", value: "acme" }],
      reviewerId: world.bob.actor.userId,
      reviewerInstructions: null,
    } });
    expect(updated).toMatchObject({ name: "Check", reviewType: "conditional", reviewer: { name: "Bob Reviewer" }, rules: [{ name: "vendor contains acme" }] });
    const cleared = await updateReviewStage(world.admin, { parserId: parser.id, stageId: stage.id, input: { reviewerId: null, name: "Renamed" } });
    expect(cleared).toMatchObject({ name: "Renamed", reviewer: null, rules: updated.rules });
  });
});

describe("review stages: delete", () => {
  it("refuses a stage in use with a 409 naming how many documents, and allows it once they are decided", async () => {
    const parser = await invoiceParser(world);
    const first = await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    const second = await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.bob.actor.userId } });
    const one = await extractedDocument({ world, parserId: parser.id, data: { total: 1 } });
    const two = await extractedDocument({ world, parserId: parser.id, data: { total: 2 } });
    expect((await listReviewStages(world.admin, parser.id)).map((stage) => stage.activeDocumentCount)).toEqual([2, 2]);
    await expect(deleteReviewStage(world.admin, { parserId: parser.id, stageId: second.id })).rejects.toMatchObject({
      status: 409,
      message: 'The stage "Stage 2" is in use: 2 documents are pending or in progress at it. Approve, reject or reprocess them first.',
    });
    // A rejection leaves the later stage pending but never reached: that no longer holds the stage.
    for (const { document } of [one, two]) await rejectReview(world.alice, { parserId: parser.id, documentId: document.id, input: { reviewerId: world.alice.actor.userId } });
    expect((await listReviewStages(world.admin, parser.id)).map((stage) => stage.activeDocumentCount)).toEqual([0, 0]);
    await deleteReviewStage(world.admin, { parserId: parser.id, stageId: second.id });
    expect((await listReviewStages(world.admin, parser.id)).map((stage) => stage.id)).toEqual([first.id]);
  });

  it("deletes a stage no document waits for", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: {} });
    await expect(deleteReviewStage(world.admin, { parserId: parser.id, stageId: stage.id })).resolves.toEqual({ success: true, id: stage.id });
    expect(await listReviewStages(world.admin, parser.id)).toEqual([]);
  });
});

describe("review stages: tenancy and permissions", () => {
  it("answers another team's parser and another parser's stage with 404", async () => {
    const parser = await invoiceParser(world);
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: {} });
    await expect(listReviewStages(world.globex, parser.id)).rejects.toMatchObject({ status: 404 });
    await expect(createReviewStage(world.globex, { parserId: parser.id, input: {} })).rejects.toMatchObject({ status: 404 });
    const theirs = await makeParser(world.handle.db, world.globex.teamId);
    await expect(getReviewStage(world.globex, { parserId: theirs.id, stageId: stage.id })).rejects.toMatchObject({ status: 404, extra: { notFound: [{ type: "stageId", value: stage.id }] } });
    await expect(deleteReviewStage(world.globex, { parserId: theirs.id, stageId: stage.id })).rejects.toMatchObject({ status: 404 });
  });

  it("lets reviewers read the stages of a parser they review but not change them; another parser is not found", async () => {
    const parser = await invoiceParser(world);
    await expect(createReviewStage(world.alice, { parserId: parser.id, input: {} })).rejects.toMatchObject({ status: 403 });
    await expect(listReviewStages(world.alice, parser.id)).rejects.toMatchObject({ status: 404 });
    const stage = await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    await expect(listReviewStages(world.alice, parser.id)).resolves.toEqual([expect.objectContaining({ id: stage.id })]);
    await expect(listReviewStages(world.bob, parser.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("reviewers", () => {
  it("lists the admins and reviewers of the team by name", async () => {
    const parser = await invoiceParser(world);
    const reviewers = await listReviewers(world.member, parser.id);
    expect(reviewers.map((person) => person.name)).toEqual(["Ada Admin", "Alice Reviewer", "Bob Reviewer"]);
    expect(Object.keys(reviewers[0]!).sort()).toEqual(["email", "id", "name"]);
    await expect(listReviewers(world.globex, parser.id)).rejects.toMatchObject({ status: 404 });
  });
});
