import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/factories";
import { oauthRecords } from "@/lib/db/schema";
import { consumeOAuthRecord, destroyOAuthRecord, findOAuthRecord, findOAuthRecordByUid, revokeOAuthGrant, upsertOAuthRecord } from "./records";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("OAuth records", () => {
  it("stores a token under the hash of its id and never the id itself", async () => {
    const token = "at-secret-value-0123456789";
    await upsertOAuthRecord(handle.db, { model: "AccessToken", id: token, payload: { jti: token, grantId: "g1", accountId: "u1", kind: "AccessToken" }, expiresInSeconds: 3600 });
    const rows = await handle.db.select().from(oauthRecords);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await findOAuthRecord(handle.db, { model: "AccessToken", id: token })).toMatchObject({ jti: token, grantId: "g1", accountId: "u1" });
    expect(await findOAuthRecord(handle.db, { model: "AccessToken", id: rows[0]!.idHash })).toBeUndefined();
    expect(await findOAuthRecord(handle.db, { model: "RefreshToken", id: token })).toBeUndefined();
  });

  it("forgets what expired, and marks what was consumed", async () => {
    await upsertOAuthRecord(handle.db, { model: "AuthorizationCode", id: "code-1", payload: { jti: "code-1", grantId: "g1" }, expiresInSeconds: 60 });
    await consumeOAuthRecord(handle.db, { model: "AuthorizationCode", id: "code-1" });
    expect((await findOAuthRecord(handle.db, { model: "AuthorizationCode", id: "code-1" }))?.consumed).toEqual(expect.any(Number));
    await upsertOAuthRecord(handle.db, { model: "AuthorizationCode", id: "code-2", payload: { jti: "code-2" }, expiresInSeconds: -1 });
    expect(await findOAuthRecord(handle.db, { model: "AuthorizationCode", id: "code-2" })).toBeUndefined();
  });

  it("finds a session by uid without handing out its id", async () => {
    await upsertOAuthRecord(handle.db, { model: "Session", id: "session-cookie-value", payload: { jti: "session-cookie-value", uid: "uid-1", accountId: "u1" }, expiresInSeconds: 600 });
    const found = await findOAuthRecordByUid(handle.db, { model: "Session", uid: "uid-1" });
    expect(found).toMatchObject({ uid: "uid-1", accountId: "u1" });
    expect(found?.jti).not.toBe("session-cookie-value");
    await destroyOAuthRecord(handle.db, { model: "Session", id: "session-cookie-value" });
    expect(await findOAuthRecordByUid(handle.db, { model: "Session", uid: "uid-1" })).toBeUndefined();
  });

  it("revokes a grant with everything issued under it", async () => {
    await upsertOAuthRecord(handle.db, { model: "Grant", id: "g2", payload: { jti: "g2", accountId: "u1" }, expiresInSeconds: 3600 });
    await upsertOAuthRecord(handle.db, { model: "RefreshToken", id: "rt-2", payload: { jti: "rt-2", grantId: "g2" }, expiresInSeconds: 3600 });
    await upsertOAuthRecord(handle.db, { model: "AccessToken", id: "at-2", payload: { jti: "at-2", grantId: "g2" }, expiresInSeconds: 3600 });
    await revokeOAuthGrant(handle.db, "g2");
    for (const [model, id] of [["Grant", "g2"], ["RefreshToken", "rt-2"], ["AccessToken", "at-2"]] as const) {
      expect(await findOAuthRecord(handle.db, { model, id })).toBeUndefined();
    }
    expect(await findOAuthRecord(handle.db, { model: "AccessToken", id: "at-secret-value-0123456789" })).toBeDefined();
  });
});
