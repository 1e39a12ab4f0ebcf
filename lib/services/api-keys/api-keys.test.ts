import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/secrets/api-key-token";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { apiKeys } from "@/lib/db/schema";
import { removeMember, updateMemberRole } from "../members";
import { cachedKeyLookup, watchApiKeyChanges } from "./cache";
import { apiKeysChanged, authenticateApiKey, createApiKey, revokeApiKey } from "./index";

let handle: DatabaseHandle;
let admin: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  watchApiKeyChanges(handle);
  admin = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
});
afterAll(() => handle.close());

function resolvedPermissions(result: Awaited<ReturnType<typeof authenticateApiKey>>) {
  return result && "permissions" in result ? result.permissions : null;
}

describe("authenticateApiKey with the in-process cache", () => {
  it("answers a hot key without the database, until a change is announced", async () => {
    const { key, id } = await createApiKey(admin, { name: "hot" });
    expect(resolvedPermissions(await authenticateApiKey(handle.db, key))).toContain("parsers.read");
    // A write that bypasses the services is not seen: the answer came from the cache …
    await handle.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    expect(await authenticateApiKey(handle.db, key)).not.toBeNull();
    // … and the announcement every service write makes ends it.
    await apiKeysChanged(handle.db);
    expect(await authenticateApiKey(handle.db, key)).toBeNull();
  });

  it("refuses a revoked key on the very next request", async () => {
    const { key, id } = await createApiKey(admin, { name: "to revoke" });
    expect(await authenticateApiKey(handle.db, key)).not.toBeNull();
    await revokeApiKey(admin, id);
    expect(await authenticateApiKey(handle.db, key)).toBeNull();
  });

  it("shrinks a cached key with its creator's role and ends it when the creator leaves", async () => {
    const creator = await makeMember(handle.db, admin.teamId, "admin");
    const { key } = await createApiKey(creator, { name: "creator's" });
    expect(resolvedPermissions(await authenticateApiKey(handle.db, key))).toContain("members.manage");
    await updateMemberRole(admin, { userId: creator.actor.userId, role: "member" });
    expect(resolvedPermissions(await authenticateApiKey(handle.db, key))).not.toContain("members.manage");
    await removeMember(admin, creator.actor.userId);
    expect(await authenticateApiKey(handle.db, key)).toBeNull();
  });

  it("does not store an answer read before a change that landed while it was in flight", async () => {
    const { key } = await createApiKey(admin, { name: "racing" });
    const hash = hashApiKey(key);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cachedKeyLookup({ hash, load: async () => (await gate, "before the change"), storable: () => true });
    await apiKeysChanged(handle.db);
    release();
    expect(await stale).toBe("before the change");
    expect(await cachedKeyLookup({ hash, load: async () => "after the change", storable: () => true })).toBe("after the change");
  });
});
