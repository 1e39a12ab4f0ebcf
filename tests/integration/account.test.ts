import { describe, expect, it } from "vitest";
import { addMemberAndSignIn, call, seedTeam, signIn } from "../support/http";

/** Changing one's own password (issue 23, item 9), over HTTP. */
describe("my password", () => {
  it("changes with the current password, refuses a wrong one, and is not for API keys", async () => {
    const member = await addMemberAndSignIn(seedTeam("Acme").apiKey, "reviewer");
    const wrong = await call<{ issues?: { path: string }[] }>("/api/v1/me/password", { key: member.token, body: { currentPassword: "not-it-at-all", newPassword: "a brand new passphrase" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues?.[0]?.path).toBe("currentPassword");
    const short = await call("/api/v1/me/password", { key: member.token, body: { currentPassword: member.password, newPassword: "short" } });
    expect(short.status).toBe(400);

    const changed = await call("/api/v1/me/password", { key: member.token, body: { currentPassword: member.password, newPassword: "a brand new passphrase" } });
    expect(changed).toMatchObject({ status: 200, body: { success: true } });
    expect(await signIn(member.email, member.password)).toBeFalsy();
    expect(await signIn(member.email, "a brand new passphrase")).toBeTruthy();

    const byKey = await call("/api/v1/me/password", { key: seedTeam("Acme").apiKey, body: { currentPassword: "whatever-it-is", newPassword: "another passphrase" } });
    expect(byKey.status).toBe(403);
  });
});
