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
    await upsertOAuthRecord(handle.db, "AccessToken", token, { jti: token, grantId: "g1", accountId: "u1", kind: "AccessToken" }, 3600);
    const rows = await handle.db.select().from(oauthRecords);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await findOAuthRecord(handle.db, "AccessToken", token)).toMatchObject({ jti: token, grantId: "g1", accountId: "u1" });
    expect(await findOAuthRecord(handle.db, "AccessToken", rows[0]!.idHash)).toBeUndefined();
    expect(await findOAuthRecord(handle.db, "RefreshToken", token)).toBeUndefined();
  });

  it("forgets what expired, and marks what was consumed", async () => {
    await upsertOAuthRecord(handle.db, "AuthorizationCode", "code-1", { jti: "code-1", grantId: "g1" }, 60);
    await consumeOAuthRecord(handle.db, "AuthorizationCode", "code-1");
    expect((await findOAuthRecord(handle.db, "AuthorizationCode", "code-1"))?.consumed).toEqual(expect.any(Number));
    await upsertOAuthRecord(handle.db, "AuthorizationCode", "code-2", { jti: "code-2" }, -1);
    expect(await findOAuthRecord(handle.db, "AuthorizationCode", "code-2")).toBeUndefined();
  });

  it("finds a session by uid without handing out its id", async () => {
    await upsertOAuthRecord(handle.db, "Session", "session-cookie-value", { jti: "session-cookie-value", uid: "uid-1", accountId: "u1" }, 600);
    const found = await findOAuthRecordByUid(handle.db, "Session", "uid-1");
    expect(found).toMatchObject({ uid: "uid-1", accountId: "u1" });
    expect(found?.jti).not.toBe("session-cookie-value");
    await destroyOAuthRecord(handle.db, "Session", "session-cookie-value");
    expect(await findOAuthRecordByUid(handle.db, "Session", "uid-1")).toBeUndefined();
  });

  it("revokes a grant with everything issued under it", async () => {
    await upsertOAuthRecord(handle.db, "Grant", "g2", { jti: "g2", accountId: "u1" }, 3600);
    await upsertOAuthRecord(handle.db, "RefreshToken", "rt-2", { jti: "rt-2", grantId: "g2" }, 3600);
    await upsertOAuthRecord(handle.db, "AccessToken", "at-2", { jti: "at-2", grantId: "g2" }, 3600);
    await revokeOAuthGrant(handle.db, "g2");
    for (const [model, id] of [["Grant", "g2"], ["RefreshToken", "rt-2"], ["AccessToken", "at-2"]] as const) {
      expect(await findOAuthRecord(handle.db, model, id)).toBeUndefined();
    }
    expect(await findOAuthRecord(handle.db, "AccessToken", "at-secret-value-0123456789")).toBeDefined();
  });
});
