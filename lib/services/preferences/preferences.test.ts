import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_KEYMAP } from "@/lib/contracts/preferences";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { users } from "@/lib/db/schema";
import { getPreferences, updatePreferences } from "./index";

let handle: DatabaseHandle;
let alice: TestActor;
let bob: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  const team = await makeTeam(handle.db);
  alice = await makeMember(handle.db, team.id, "reviewer");
  bob = await makeMember(handle.db, team.id, "admin");
}, 60_000);
afterAll(() => handle.close());

describe("preferences", () => {
  it("starts from the default keymap", async () => {
    expect(await getPreferences(alice)).toEqual({ reviewKeymap: DEFAULT_REVIEW_KEYMAP, listColumns: {} });
  });

  it("merges partial remaps over the defaults, stores only the changes, and restores with null", async () => {
    const first = await updatePreferences(alice, { reviewKeymap: { approve: "a" } });
    expect(first.reviewKeymap).toEqual({ ...DEFAULT_REVIEW_KEYMAP, approve: "a" });
    const second = await updatePreferences(alice, { reviewKeymap: { reject: "r", approve: DEFAULT_REVIEW_KEYMAP.approve } });
    expect(second.reviewKeymap).toEqual({ ...DEFAULT_REVIEW_KEYMAP, reject: "r" });
    const [row] = await handle.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, alice.actor.userId));
    expect(row!.preferences).toEqual({ reviewKeymap: { reject: "r" } });
    expect(await getPreferences(bob)).toEqual({ reviewKeymap: DEFAULT_REVIEW_KEYMAP, listColumns: {} });
    expect(await updatePreferences(alice, {})).toEqual(second);
    expect(await updatePreferences(alice, { reviewKeymap: null })).toEqual({ reviewKeymap: DEFAULT_REVIEW_KEYMAP, listColumns: {} });
  });

  it("keeps list columns per parser: replaced one parser at a time, duplicates dropped, null removes", async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await updatePreferences(bob, { listColumns: { [first]: ["total", "vendor", "total"], [second]: ["invoiceNumber"] } });
    const changed = await updatePreferences(bob, { listColumns: { [second]: null } });
    expect(changed.listColumns).toEqual({ [first]: ["total", "vendor"] });
    expect((await getPreferences(alice)).listColumns).toEqual({});
    expect((await updatePreferences(bob, { listColumns: { [first]: [] } })).listColumns).toEqual({});
  });

  it("refuses a keymap that binds one key twice, once merged, with a 400 naming the action", async () => {
    await expect(updatePreferences(bob, { reviewKeymap: { approve: "Alt+R" } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Alt+r is already used by “Approve the current stage”"),
      extra: { issues: [{ path: "reviewKeymap.reject" }] },
    });
    // Swapping two keys in one request is fine.
    const swapped = await updatePreferences(bob, { reviewKeymap: { approve: "Alt+r", reject: "Alt+a" } });
    expect(swapped.reviewKeymap).toMatchObject({ approve: "Alt+r", reject: "Alt+a" });
  });
});
