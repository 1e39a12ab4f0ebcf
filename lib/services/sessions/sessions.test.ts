import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { authSessions } from "@/lib/db/schema";
import { endSession, endUserSessions, isSessionActive, startSession } from "./index";

let handle: DatabaseHandle;
let person: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  person = await makeMember(handle.db, (await makeTeam(handle.db)).id, "member");
});
afterAll(() => handle.close());

describe("console sessions", () => {
  it("stand until ended, for their own user only", async () => {
    const userId = person.actor.userId;
    const sessionId = await startSession(handle.db, userId);
    expect(await isSessionActive(handle.db, { sessionId, userId })).toBe(true);
    expect(await isSessionActive(handle.db, { sessionId: `${sessionId}x`, userId })).toBe(false);
    const stranger = await makeMember(handle.db, person.teamId, "member");
    expect(await isSessionActive(handle.db, { sessionId, userId: stranger.actor.userId })).toBe(false);
    await endSession(handle.db, sessionId);
    expect(await isSessionActive(handle.db, { sessionId, userId })).toBe(false);
  });

  it("stores only a hash of the session id", async () => {
    const sessionId = await startSession(handle.db, person.actor.userId);
    const rows = await handle.db.select({ id: authSessions.id }).from(authSessions);
    expect(rows.map((row) => row.id)).not.toContain(sessionId);
  });

  it("can all be ended for one user", async () => {
    const userId = person.actor.userId;
    const ids = [await startSession(handle.db, userId), await startSession(handle.db, userId)];
    expect(await endUserSessions(handle.db, userId)).toBeGreaterThanOrEqual(2);
    for (const sessionId of ids) expect(await isSessionActive(handle.db, { sessionId, userId })).toBe(false);
  });
});
