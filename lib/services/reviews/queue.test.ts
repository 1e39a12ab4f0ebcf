import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReviewQueueQuerySchema } from "@/lib/contracts/reviews";
import { documentReviewStages } from "@/lib/db/schema";
import { extractedDocument, invoiceParser, reviewWorld, type ReviewWorld } from "./fixtures";
import { approveReview, createReviewStage, getReviewQueue } from "./index";

let world: ReviewWorld;
beforeAll(async () => {
  world = await reviewWorld();
}, 60_000);
afterAll(() => world.close());

const query = (input: Record<string, string> = {}) => ReviewQueueQuerySchema.parse(input);

describe("review queue", () => {
  it("lists my documents oldest-first by when they reached their stage, with waiting time and a by-stage facet", async () => {
    const parser = await invoiceParser(world);
    const first = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "First", reviewerId: world.alice.actor.userId } });
    const second = await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Second", reviewerId: world.alice.actor.userId } });
    await createReviewStage(world.admin, { parserId: parser.id, input: { name: "Only big", reviewType: "conditional", rules: [{ field: "total", operator: "greater_than", value: "100" }] } });
    const docs: Awaited<ReturnType<typeof extractedDocument>>["document"][] = [];
    for (let index = 0; index < 3; index += 1) docs.push((await extractedDocument({ world, parserId: parser.id, data: { total: index } })).document);
    // Back-date when each reached its stage: the newest upload has waited longest.
    const entered = ["2020-01-01T10:00:00Z", "2020-01-01T09:00:00Z", "2020-01-01T08:00:00Z"];
    for (const [index, document] of docs.entries()) {
      await world.handle.db.update(documentReviewStages).set({ enteredAt: new Date(entered[index]!) }).where(eq(documentReviewStages.documentId, document.id));
    }
    const moved = await approveReview(world.alice, { parserId: parser.id, documentId: docs[0]!.id, input: { reviewerId: world.alice.actor.userId } });
    const movedAt = moved.review.stages[1]!.enteredAt!;

    const now = new Date("2020-01-01T12:00:00Z");
    const mine = await getReviewQueue(world.alice, { query: query(), now });
    const ours = mine.data.filter((item) => item.parser.id === parser.id);
    // docs[0] reached its second stage just now, after the others reached their first.
    expect(ours.map((item) => item.documentId)).toEqual([docs[2]!.id, docs[1]!.id, docs[0]!.id]);
    expect(ours[0]).toMatchObject({
      name: docs[2]!.name,
      status: "in_review",
      parser: { id: parser.id, name: parser.name },
      stage: { id: first.id, name: "First", position: 1, stageCount: 2 },
      assignee: { id: world.alice.actor.userId, name: "Alice Reviewer" },
      enteredStageAt: "2020-01-01T08:00:00.000Z",
      waitingSeconds: 4 * 3600,
    });
    const atSecond = ours.find((item) => item.documentId === docs[0]!.id)!;
    expect(atSecond.stage).toEqual({ id: second.id, name: "Second", position: 2, stageCount: 2 });
    expect(atSecond.waitingSeconds).toBe(0); // reached after `now`: never negative
    expect(mine.stages.filter((stage) => stage.parserId === parser.id)).toEqual([
      { stageId: first.id, stageName: "First", parserId: parser.id, parserName: parser.name, count: 2, oldestEnteredAt: "2020-01-01T08:00:00.000Z" },
      { stageId: second.id, stageName: "Second", parserId: parser.id, parserName: parser.name, count: 1, oldestEnteredAt: movedAt },
    ]);

    const byStage = await getReviewQueue(world.alice, { query: query({ stageId: second.id, parserId: parser.id }), now });
    expect(byStage.data.map((item) => item.documentId)).toEqual([docs[0]!.id]);
    expect(byStage.pagination).toEqual({ page: 1, limit: 50, total: 1, pageCount: 1 });
    expect(byStage.stages).toHaveLength(2);
    const paged = await getReviewQueue(world.alice, { query: query({ parserId: parser.id, limit: "1", page: "2" }), now });
    expect(paged.data.map((item) => item.documentId)).toEqual([docs[1]!.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 1, total: 3, pageCount: 3 });
  });

  it("filters by assignee: me, someone, unassigned, any", async () => {
    // Alice reviews both parsers (a later stage each), Bob only the first: a reviewer's queue holds their parsers only.
    const parser = await invoiceParser(world);
    await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.bob.actor.userId } });
    await createReviewStage(world.admin, { parserId: parser.id, input: { reviewerId: world.alice.actor.userId } });
    const { document: bobs } = await extractedDocument({ world, parserId: parser.id, data: {} });
    const unassignedParser = await invoiceParser(world);
    await createReviewStage(world.admin, { parserId: unassignedParser.id, input: {} });
    await createReviewStage(world.admin, { parserId: unassignedParser.id, input: { reviewerId: world.alice.actor.userId } });
    const { document: nobodys } = await extractedDocument({ world, parserId: unassignedParser.id, data: {} });
    const ids = async (actor: ReviewWorld["alice"], input: Record<string, string>) => (await getReviewQueue(actor, { query: query(input) })).data.map((item) => item.documentId);
    expect(await ids(world.bob, { parserId: parser.id })).toEqual([bobs.id]);
    expect(await ids(world.alice, { parserId: parser.id })).toEqual([]);
    expect(await ids(world.alice, { parserId: parser.id, assignee: world.bob.actor.userId })).toEqual([bobs.id]);
    expect(await ids(world.alice, { assignee: "unassigned", parserId: unassignedParser.id })).toEqual([nobodys.id]);
    expect(await ids(world.bob, { assignee: "unassigned" })).not.toContain(nobodys.id);
    await expect(ids(world.bob, { assignee: "any", parserId: unassignedParser.id })).rejects.toMatchObject({ status: 404 });
    const any = await ids(world.admin, { assignee: "any" });
    expect(any).toEqual(expect.arrayContaining([bobs.id, nobodys.id]));
    expect(await ids(world.member, { assignee: "any" })).toEqual(expect.arrayContaining([bobs.id, nobodys.id]));
    expect(await ids(world.globex, { assignee: "any" })).toEqual([]);
  });

  it("answers another team's parser with 404", async () => {
    const parser = await invoiceParser(world);
    await expect(getReviewQueue(world.globex, { query: query({ parserId: parser.id }) })).rejects.toMatchObject({ status: 404 });
  });
});
