import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, documentReviewStages, documents, memberships, reviewStages } from "@/lib/db/schema";
import { removeMember, updateMemberRole } from "./index";

let handle: DatabaseHandle;
let admin: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
});
afterAll(() => handle.close());

describe("removeMember", () => {
  it("hands a reviewer's assignments back to their stage instead of losing them", async () => {
    const reviewer = await makeMember(handle.db, admin.teamId, "reviewer");
    const parser = await makeParser(handle.db, admin.teamId);
    const [stage] = await handle.db.insert(reviewStages).values({ parserId: parser.id, name: "Check totals", position: 1, reviewerId: reviewer.actor.userId }).returning();
    const [document] = await handle.db
      .insert(documents)
      .values({
        teamId: admin.teamId,
        parserId: parser.id,
        name: "invoice.pdf",
        status: "in_review",
        source: "api",
        contentType: "application/pdf",
        reviewStatus: "pending",
        currentStageId: stage!.id,
        assigneeId: reviewer.actor.userId,
      })
      .returning();
    await handle.db.insert(documentReviewStages).values({ documentId: document!.id, stageId: stage!.id, position: 1, status: "pending", assigneeId: reviewer.actor.userId });

    const result = await removeMember(admin, reviewer.actor.userId);

    expect(result).toEqual({ unassignedDocuments: 1, revokedKeys: 0 });
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, document!.id));
    expect(after).toMatchObject({ status: "in_review", currentStageId: stage!.id, assigneeId: null });
    const [stageState] = await handle.db.select().from(documentReviewStages).where(eq(documentReviewStages.documentId, document!.id));
    expect(stageState).toMatchObject({ status: "pending", assigneeId: null });
    const [stageAfter] = await handle.db.select().from(reviewStages).where(eq(reviewStages.id, stage!.id));
    expect(stageAfter!.reviewerId).toBeNull();
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.resourceId, reviewer.actor.userId));
    expect(audit.map((row) => row.action)).toContain("member.remove");
  });

  it("never removes or demotes the last admin", async () => {
    await expect(removeMember(admin, admin.actor.userId)).rejects.toMatchObject({ status: 409 });
    await expect(updateMemberRole(admin, { userId: admin.actor.userId, role: "member" })).rejects.toMatchObject({ status: 409 });
    const [row] = await handle.db.select().from(memberships).where(eq(memberships.userId, admin.actor.userId));
    expect(row!.role).toBe("admin");
  });

  it("treats a member of another team as not found", async () => {
    const stranger = await makeMember(handle.db, (await makeTeam(handle.db)).id, "member");
    await expect(removeMember(admin, stranger.actor.userId)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses people without members.manage", async () => {
    const member = await makeMember(handle.db, admin.teamId, "member");
    await expect(removeMember(member, admin.actor.userId)).rejects.toMatchObject({ status: 403 });
  });
});
