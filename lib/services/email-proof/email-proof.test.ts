import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { emailProofs, users } from "@/lib/db/schema";
import type { ServiceContext } from "../context";
import { confirmEmailProof, isEmailProven, PROOF_CODE_MAX_ATTEMPTS, requestEmailProof } from "./index";

let handle: DatabaseHandle;
let teamId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  teamId = (await makeTeam(handle.db, "Team A")).id;
});
afterAll(() => handle.close());

/** An unproven person signed in to the console, as an account made through an invitation link is. */
async function unprovenInConsole(): Promise<ServiceContext> {
  const member: TestActor = await makeMember(handle.db, teamId, "member");
  await handle.db.update(users).set({ emailProvenAt: null }).where(eq(users.id, member.actor.userId));
  return { ...member, actor: { ...member.actor, via: "console" } };
}

function mailbox() {
  const sent: { to: string; code: string }[] = [];
  return { sent, send: async (message: { to: string; code: string }) => void sent.push(message) };
}

describe("email proof", () => {
  it("sends a code to the account's own address and proves it when typed back", async () => {
    const ctx = await unprovenInConsole();
    const inbox = mailbox();
    const answer = await requestEmailProof(ctx, { send: inbox.send });
    const [user] = await handle.db.select().from(users).where(eq(users.id, ctx.actor.userId));
    expect(inbox.sent).toEqual([{ to: user!.email, code: expect.stringMatching(/^\d{8}$/) }]);
    expect(answer.sentTo).toBe(user!.email);
    const [stored] = await handle.db.select().from(emailProofs).where(eq(emailProofs.userId, ctx.actor.userId));
    expect(JSON.stringify(stored)).not.toContain(inbox.sent[0]!.code);
    expect(await confirmEmailProof(ctx, { code: inbox.sent[0]!.code })).toEqual({ emailProven: true });
    expect(await isEmailProven(handle.db, ctx.actor.userId)).toBe(true);
    await expect(requestEmailProof(ctx, { send: inbox.send })).rejects.toMatchObject({ status: 409 });
  });

  it("is the person's act in the console: keys and agents are refused, and without mail it is a 409", async () => {
    const ctx = await unprovenInConsole();
    for (const via of ["apiKey", "oauth"] as const) {
      const other = { ...ctx, actor: { ...ctx.actor, via } };
      await expect(requestEmailProof(other, { send: mailbox().send })).rejects.toMatchObject({ status: 403 });
      await expect(confirmEmailProof(other, { code: "12345678" })).rejects.toMatchObject({ status: 403 });
    }
    await expect(requestEmailProof(ctx, { send: null })).rejects.toMatchObject({ status: 409 });
  });

  it("spends a code after five wrong guesses, and sends a new one at most once a minute", async () => {
    const ctx = await unprovenInConsole();
    const inbox = mailbox();
    await requestEmailProof(ctx, { send: inbox.send });
    const right = inbox.sent[0]!.code;
    const wrong = right === "00000000" ? "11111111" : "00000000";
    for (let attempt = 0; attempt < PROOF_CODE_MAX_ATTEMPTS; attempt++) {
      await expect(confirmEmailProof(ctx, { code: wrong })).rejects.toMatchObject({ status: 400 });
    }
    await expect(confirmEmailProof(ctx, { code: right })).rejects.toMatchObject({ status: 400 });
    expect(await isEmailProven(handle.db, ctx.actor.userId)).toBe(false);
    await expect(requestEmailProof(ctx, { send: inbox.send })).rejects.toMatchObject({ status: 429 });
    expect(inbox.sent).toHaveLength(1);
  });

  it("does not prove an address the code was not sent to", async () => {
    const ctx = await unprovenInConsole();
    const inbox = mailbox();
    await requestEmailProof(ctx, { send: inbox.send });
    await handle.db.update(users).set({ email: `changed-${ctx.actor.userId}@example.test` }).where(eq(users.id, ctx.actor.userId));
    await expect(confirmEmailProof(ctx, { code: inbox.sent[0]!.code })).rejects.toMatchObject({ status: 400 });
    expect(await isEmailProven(handle.db, ctx.actor.userId)).toBe(false);
  });
});
