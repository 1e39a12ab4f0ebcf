import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { pruneUnusedOAuthClients } from "./prune-clients";
import { findOAuthRecord, upsertOAuthRecord } from "./records";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMemoryDatabase();
  await migrateDatabase(handle);
});
afterAll(() => handle.close());

const registeredAt = new Date("2026-03-01T12:00:00Z");
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

async function register(clientId: string): Promise<void> {
  await upsertOAuthRecord(handle.db, { model: "Client", id: clientId, payload: { client_id: clientId, client_id_issued_at: epoch(registeredAt), redirect_uris: ["http://127.0.0.1/cb"] }, expiresInSeconds: undefined });
  await upsertOAuthRecord(handle.db, { model: "RegistrationAccessToken", id: `rat-${clientId}`, payload: { clientId, kind: "RegistrationAccessToken" }, expiresInSeconds: undefined });
}

describe("pruneUnusedOAuthClients", () => {
  it("removes registrations nothing was issued to within a day, and keeps the rest", async () => {
    await register("client-unused");
    await register("client-with-grant");
    await register("client-with-token");
    await upsertOAuthRecord(handle.db, { model: "Grant", id: "grant-1", payload: { clientId: "client-with-grant", accountId: "u1", kind: "Grant" }, expiresInSeconds: 3600 });
    await upsertOAuthRecord(handle.db, { model: "RefreshToken", id: "rt-1", payload: { clientId: "client-with-token", grantId: "grant-2", kind: "RefreshToken" }, expiresInSeconds: 3600 });

    // Within the day: nothing goes, not even the unused one.
    expect(await pruneUnusedOAuthClients(handle.db, new Date(registeredAt.getTime() + 23 * 3600_000))).toBe(0);
    expect(await findOAuthRecord(handle.db, { model: "Client", id: "client-unused" })).toBeDefined();

    // A clock two days on: the unused registration and its registration access token are gone.
    expect(await pruneUnusedOAuthClients(handle.db, new Date(registeredAt.getTime() + 48 * 3600_000))).toBe(1);
    expect(await findOAuthRecord(handle.db, { model: "Client", id: "client-unused" })).toBeUndefined();
    expect(await findOAuthRecord(handle.db, { model: "RegistrationAccessToken", id: "rat-client-unused" })).toBeUndefined();
    expect(await findOAuthRecord(handle.db, { model: "Client", id: "client-with-grant" })).toBeDefined();
    expect(await findOAuthRecord(handle.db, { model: "Client", id: "client-with-token" })).toBeDefined();
    expect(await findOAuthRecord(handle.db, { model: "RegistrationAccessToken", id: "rat-client-with-grant" })).toBeDefined();
  });
});
