import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentStatus } from "@/lib/contracts/enums";
import { UsageQuerySchema, addDays, todayUtc } from "@/lib/contracts/usage";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeReviewStage, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, usageDaily } from "@/lib/db/schema";
import { getDashboard, listUsage } from "./index";

let handle: DatabaseHandle;
let admin: TestActor;
let stranger: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
  stranger = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
});
afterAll(() => handle.close());

async function book(teamId: string, parserId: string, day: string, documents: number, pages: number, credits: number) {
  await handle.db.insert(usageDaily).values({ teamId, parserId, day, documents, pages, credits });
}

async function addDocument(actor: TestActor, parserId: string, status: DocumentStatus, extra: { assigneeId?: string; deletedAt?: Date } = {}) {
  await handle.db.insert(documents).values({ teamId: actor.teamId, parserId, name: "doc.pdf", status, source: "api", contentType: "application/pdf", ...extra });
}

const query = (input: Record<string, unknown>) => UsageQuerySchema.parse(input);

describe("UsageQuerySchema", () => {
  it("defaults to the last 30 days, today included", () => {
    const parsed = query({});
    expect(parsed.to).toBe(todayUtc());
    expect(parsed.from).toBe(addDays(todayUtc(), -29));
  });

  it("takes 30 days back from a given `to`", () => {
    expect(query({ to: "2024-03-31" })).toEqual({ from: "2024-03-02", to: "2024-03-31", parserId: undefined });
  });

  it("accepts a single day and exactly 366 days", () => {
    expect(query({ from: "2024-05-01", to: "2024-05-01" }).from).toBe("2024-05-01");
    expect(query({ from: "2024-01-01", to: "2024-12-31" }).to).toBe("2024-12-31");
  });

  it.each([
    [{ from: "2024-13-01", to: "2024-12-31" }, "from"],
    [{ from: "2024-02-30", to: "2024-03-01" }, "from"],
    [{ from: "yesterday" }, "from"],
    [{ from: "2024-05-02", to: "2024-05-01" }, "before"],
    [{ from: "2024-01-01", to: "2025-01-01" }, "366"],
    [{ parserId: "nope" }, "is not a valid id"],
    [{ page: "1" }, "page"],
  ])("refuses %j", (input, hint) => {
    const parsed = UsageQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(hint);
  });
});

describe("listUsage", () => {
  it("lists the team's rows in the inclusive range, ordered by day then parser", async () => {
    const a = await makeParser(handle.db, admin.teamId, "Alpha");
    const b = await makeParser(handle.db, admin.teamId, "Beta");
    await book(admin.teamId, a.id, "2024-01-31", 9, 9, 9);
    await book(admin.teamId, a.id, "2024-02-01", 1, 3, 6);
    await book(admin.teamId, b.id, "2024-02-01", 2, 4, 4);
    await book(admin.teamId, b.id, "2024-02-10", 1, 1, 2);
    await book(admin.teamId, a.id, "2024-02-11", 9, 9, 9);

    const { data } = await listUsage(admin, query({ from: "2024-02-01", to: "2024-02-10" }));

    const [first, second] = [a.id, b.id].sort();
    expect(data.map((row) => [row.day, row.parserId])).toEqual([
      ["2024-02-01", first],
      ["2024-02-01", second],
      ["2024-02-10", b.id],
    ]);
    expect(data.find((row) => row.parserId === a.id)).toEqual({ day: "2024-02-01", parserId: a.id, documents: 1, pages: 3, credits: 6 });
  });

  it("filters by parser", async () => {
    const a = await makeParser(handle.db, admin.teamId, "Gamma");
    const b = await makeParser(handle.db, admin.teamId, "Delta");
    await book(admin.teamId, a.id, "2023-06-01", 1, 2, 2);
    await book(admin.teamId, b.id, "2023-06-01", 5, 5, 5);
    const { data } = await listUsage(admin, query({ from: "2023-06-01", to: "2023-06-01", parserId: b.id }));
    expect(data).toEqual([{ day: "2023-06-01", parserId: b.id, documents: 5, pages: 5, credits: 5 }]);
  });

  it("never shows another team's usage, and treats its parser as not found", async () => {
    const theirs = await makeParser(handle.db, stranger.teamId, "Theirs");
    await book(stranger.teamId, theirs.id, "2022-01-01", 7, 7, 7);
    expect((await listUsage(admin, query({ from: "2022-01-01", to: "2022-01-01" }))).data).toEqual([]);
    expect((await listUsage(stranger, query({ from: "2022-01-01", to: "2022-01-01" }))).data).toHaveLength(1);
    await expect(listUsage(admin, query({ parserId: theirs.id }))).rejects.toMatchObject({ status: 404 });
  });

  it("needs documents.read", async () => {
    const noRights: TestActor = { ...admin, permissions: [] };
    await expect(listUsage(noRights, query({}))).rejects.toMatchObject({ status: 403 });
  });
});

describe("getDashboard", () => {
  it("counts documents by status, the caller's review queue, and sums 30 days of usage over parsers", async () => {
    const team = await makeTeam(handle.db);
    const me = await makeMember(handle.db, team.id, "reviewer");
    const colleague = await makeMember(handle.db, team.id, "reviewer");
    const a = await makeParser(handle.db, team.id, "One");
    const b = await makeParser(handle.db, team.id, "Two");
    // A reviewer sees the parsers they review (services/access.ts): both of them here, so every count is the team's.
    await makeReviewStage(handle.db, a.id, me.actor.userId);
    await makeReviewStage(handle.db, b.id, me.actor.userId);
    await addDocument(me, a.id, "processed");
    await addDocument(me, b.id, "processed");
    await addDocument(me, a.id, "failed");
    await addDocument(me, a.id, "in_review", { assigneeId: me.actor.userId });
    await addDocument(me, b.id, "in_review", { assigneeId: me.actor.userId });
    await addDocument(me, a.id, "in_review", { assigneeId: colleague.actor.userId });
    await addDocument(me, a.id, "approved", { assigneeId: me.actor.userId });
    await addDocument(me, a.id, "in_review", { assigneeId: me.actor.userId, deletedAt: new Date() });
    await addDocument(stranger, (await makeParser(handle.db, stranger.teamId)).id, "processed");

    const now = new Date("2024-03-15T12:00:00Z");
    await book(team.id, a.id, "2024-03-15", 1, 2, 4);
    await book(team.id, b.id, "2024-03-15", 2, 3, 3);
    await book(team.id, a.id, "2024-02-15", 1, 10, 10); // the first day of the 30
    await book(team.id, a.id, "2024-02-14", 1, 99, 99); // one day too old

    const dashboard = await getDashboard(me, now);

    expect(dashboard.documents.total).toBe(7);
    expect(dashboard.documents.byStatus).toMatchObject({ processed: 2, failed: 1, in_review: 3, approved: 1, queued: 0 });
    expect(dashboard.myReviewQueue).toBe(2);
    expect(dashboard.usage.from).toBe("2024-02-15");
    expect(dashboard.usage.to).toBe("2024-03-15");
    expect(dashboard.usage.days).toHaveLength(30);
    expect(dashboard.usage.days[0]).toEqual({ day: "2024-02-15", documents: 1, pages: 10, credits: 10 });
    expect(dashboard.usage.days[29]).toEqual({ day: "2024-03-15", documents: 3, pages: 5, credits: 7 });
    expect(dashboard.usage.days[10]).toEqual({ day: "2024-02-25", documents: 0, pages: 0, credits: 0 });
    expect(dashboard.usage.totals).toEqual({ documents: 4, pages: 15, credits: 17 });
  });

  it("is all zeros for a new team", async () => {
    const fresh = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
    const dashboard = await getDashboard(fresh);
    expect(dashboard.documents.total).toBe(0);
    expect(dashboard.myReviewQueue).toBe(0);
    expect(dashboard.usage.totals).toEqual({ documents: 0, pages: 0, credits: 0 });
    expect(dashboard.usage.days.every((day) => day.pages === 0)).toBe(true);
  });
});
