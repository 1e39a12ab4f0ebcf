import { describe, expect, it } from "vitest";
import { codeIn, proveAddress } from "../support/email-proof";
import { baseUrl, call, consoleTokenFor, invite, inviteAndJoin, joinThroughLink, quarry, seedMember, seedTeam, signIn, unique } from "../support/http";
import { messagesTo, nextMessageTo } from "../support/mail-outbox";
import { connectAgent, decide, openConsent, signedInJar } from "../support/mcp-oauth";
import { callServerAction, serverActionId } from "../support/server-action";

/**
 * Security round 3: invitations must not open a door into another team. Each test replays an attack found against
 * the invitation flow and checks that it now fails. The rule: an address is proven only by a secret delivered to
 * it; an account made through an invitation link is proven for that one invitation and sees nothing else; an
 * admin's power over a person never reaches what another team holds or offers them.
 */
const acme = () => seedTeam("Acme");
const globex = () => seedTeam("Globex");
const address = (label: string) => `${unique(label).replace(/\W+/g, ".")}@example.test`.toLowerCase();

type MyInvitations = { data: { id: string; team: { name: string }; role: string }[] };
type Me = { user: { email: string; emailProven: boolean; mustChangePassword: boolean }; teams: { name: string; role: string }[] };

/** A seeded admin's console token (resetting a password is a console-only act). */
async function adminConsole(team: "Acme" | "Globex"): Promise<string> {
  const admin = seedMember(team, "admin");
  const cookie = await signIn(admin.email, admin.password);
  if (!cookie) throw new Error(`${team}'s admin could not sign in`);
  return consoleTokenFor(cookie);
}

async function signedInToken(email: string, password: string): Promise<string> {
  const cookie = await signIn(email, password);
  if (!cookie) throw new Error(`${email} could not sign in`);
  return consoleTokenFor(cookie);
}

const globexInvitationFor = async (email: string) =>
  (await call<{ data: { id: string; email: string }[] }>("/api/v1/invitations", { key: globex().apiKey })).body.data.find((invitation) => invitation.email === email)!;

describe("finding 1: an admin joins another team through that team's invitation", () => {
  it("an account made through one team's link sees and accepts no other team's invitation", async () => {
    const newhire = address("newhire");
    const real = await invite(globex().apiKey, { name: "New Hire", email: newhire, role: "admin" });
    // The attacker, an Acme admin, invites the same address and uses the link that came back to them.
    const bait = await invite(acme().apiKey, { name: "New Hire", email: newhire, role: "reviewer" });
    expect((await joinThroughLink(bait.acceptUrl, { name: "Mallory", password: "mallory-owns-this" })).status).toBe(200);
    const token = await signedInToken(newhire, "mallory-owns-this");

    const me = (await call<Me>("/api/v1/me", { key: token })).body;
    expect(me.user.emailProven).toBe(false);
    expect(me.teams.map((team) => team.name)).toEqual(["Acme"]);
    expect((await call<MyInvitations>("/api/v1/me/invitations", { key: token })).body.data).toEqual([]);
    const globexInvitation = await globexInvitationFor(newhire);
    const accepted = await call(`/api/v1/me/invitations/${globexInvitation.id}/accept`, { key: token, method: "POST" });
    expect(accepted.status).toBe(404);
    expect((await call(`/api/v1/me/invitations/${globexInvitation.id}/decline`, { key: token, method: "POST" })).status).toBe(404);
    expect((await call<Me>("/api/v1/me", { key: token })).body.teams.map((team) => team.name)).toEqual(["Acme"]);
    // Globex's invitation stands: its link still opens, and Globex still lists it.
    expect((await call(`/api/join/${new URL(real.acceptUrl).pathname.split("/").at(-1)}`)).status).toBe(200);
    expect((await globexInvitationFor(newhire))?.id).toBe(real.invitation.id);

    // Asking for a code does not help: it goes to the address, which the attacker does not read, and guessing spends it.
    const seen = messagesTo(quarry().outboxDir, newhire).length;
    expect((await call("/api/v1/me/email-proof", { key: token, method: "POST" })).status).toBe(200);
    const delivered = await nextMessageTo(quarry().outboxDir, { to: newhire, seen });
    const code = codeIn(delivered.text);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const guess = await call("/api/v1/me/email-proof/confirm", { key: token, body: { code: wrong } });
      expect(guess.status).toBe(400);
      expect(guess.body).toMatchObject({ error: true, issues: [expect.objectContaining({ path: "code" })] });
    }
    // Five wrong guesses spent the code: even the right one is refused now.
    expect((await call("/api/v1/me/email-proof/confirm", { key: token, body: { code } })).status).toBe(400);
    expect((await call<MyInvitations>("/api/v1/me/invitations", { key: token })).body.data).toEqual([]);
    // And a second code is not sent at once (the address's owner is not flooded).
    expect((await call("/api/v1/me/email-proof", { key: token, method: "POST" })).status).toBe(429);
  });

  it("the address's owner proves it with the mailed code, and only then sees the other team's invitation", async () => {
    const email = address("owner");
    const person = await inviteAndJoin(globex().apiKey, { name: "Olivia Owner", email, role: "member" });
    await invite(acme().apiKey, { name: "Olivia Owner", email, role: "reviewer" });
    const token = await signedInToken(email, person.password);
    expect((await call<MyInvitations>("/api/v1/me/invitations", { key: token })).body.data).toEqual([]);

    // A key or an agent cannot prove an address for the person.
    const ownKey = await call<{ key: string }>("/api/v1/api-keys", { key: token, body: { name: unique("own key") } });
    expect((await call("/api/v1/me/email-proof", { key: ownKey.body.key, method: "POST" })).status).toBe(403);
    expect((await call("/api/v1/me/email-proof/confirm", { key: ownKey.body.key, body: { code: "12345678" } })).status).toBe(403);

    const seen = messagesTo(quarry().outboxDir, email).length;
    const asked = await call<{ sentTo: string }>("/api/v1/me/email-proof", { key: token, method: "POST" });
    expect(asked).toMatchObject({ status: 200, body: { sentTo: email } });
    const mail = await nextMessageTo(quarry().outboxDir, { to: email, seen });
    expect(mail.subject).toContain(codeIn(mail.text));
    expect((await call("/api/v1/me/email-proof/confirm", { key: token, body: { code: "not a code" } })).status).toBe(400);
    const confirmed = await call("/api/v1/me/email-proof/confirm", { key: token, body: { code: codeIn(mail.text).replace(/^(\d{4})/, "$1 ") } });
    expect(confirmed).toMatchObject({ status: 200, body: { emailProven: true } });
    expect((await call<Me>("/api/v1/me", { key: token })).body.user.emailProven).toBe(true);
    expect((await call("/api/v1/me/email-proof", { key: token, method: "POST" })).status).toBe(409);

    const mine = (await call<MyInvitations>("/api/v1/me/invitations", { key: token })).body.data;
    expect(mine).toEqual([expect.objectContaining({ team: expect.objectContaining({ name: "Acme" }), role: "reviewer" })]);
    expect((await call(`/api/v1/me/invitations/${mine[0]!.id}/accept`, { key: token, method: "POST" })).status).toBe(200);
    expect((await call<Me>("/api/v1/me", { key: token })).body.teams.map((team) => `${team.name}:${team.role}`).sort()).toEqual(["Acme:reviewer", "Globex:member"]);
    expect((await call(`/api/v1/members/${person.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });
});

describe("finding 2: a password reset takes over a member another team has invited", () => {
  it("refuses to reset a member another team has invited, and the member keeps their password", async () => {
    const consult = address("consult");
    const member = await inviteAndJoin(acme().apiKey, { name: "Connie Consult", email: consult, role: "member" });
    await proveAddress(await signedInToken(consult, member.password), consult); // a real person with a real mailbox
    await invite(globex().apiKey, { name: "Connie Consult", email: consult, role: "admin" });

    const reset = await call(`/api/v1/members/${member.userId}/password`, { key: await adminConsole("Acme"), method: "POST" });
    expect(reset.status).toBe(409);
    expect(reset.body).toMatchObject({ error: true, message: expect.stringContaining("invited by one") });
    expect(await signIn(consult, member.password)).not.toBeNull();
    // Removing them from Acme touches nothing of Globex's: the invitation stays.
    expect((await call(`/api/v1/members/${member.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
    expect(await globexInvitationFor(consult)).toBeTruthy();
  });

  it("a reset leaves the address unproven: invitations sent later stay out of the temporary password's reach", async () => {
    const email = address("later");
    const member = await inviteAndJoin(acme().apiKey, { name: "Larry Later", email, role: "member" });
    await proveAddress(await signedInToken(email, member.password), email);
    const reset = await call<{ temporaryPassword: string }>(`/api/v1/members/${member.userId}/password`, { key: await adminConsole("Acme"), method: "POST" });
    expect(reset.status).toBe(200);
    await invite(globex().apiKey, { name: "Larry Later", email, role: "admin" });

    // The attacker (Acme's admin) signs in with the temporary password and chooses a password.
    const token = await signedInToken(email, reset.body.temporaryPassword);
    const changed = await call("/api/v1/me/password", { key: token, body: { currentPassword: reset.body.temporaryPassword, newPassword: "attacker-chose-this" } });
    expect(changed.status).toBe(200);
    expect((await call<Me>("/api/v1/me", { key: token })).body.user.emailProven).toBe(false);
    expect((await call<MyInvitations>("/api/v1/me/invitations", { key: token })).body.data).toEqual([]);
    const invitation = await globexInvitationFor(email);
    expect((await call(`/api/v1/me/invitations/${invitation.id}/accept`, { key: token, method: "POST" })).status).toBe(404);
    expect((await call(`/api/v1/members/${member.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });
});

async function mcpStatus(bearer: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  await response.body?.cancel();
  return response.status;
}

async function refresh(refreshToken: string, clientId: string): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${baseUrl()}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error };
}

/** A new Acme member with an agent connected through the consent form, and two console sessions. */
async function memberWithAgent() {
  const email = address("agent.owner");
  const member = await inviteAndJoin(acme().apiKey, { name: "Agatha Agent", email, role: "member" });
  const jar = await signedInJar(baseUrl(), email, member.password);
  const { client, auth } = await connectAgent(baseUrl(), async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: acme().id }));
  await client.close();
  const accessToken = auth.stored!.access_token;
  expect(await mcpStatus(accessToken)).toBe(200);
  return { ...member, email, accessToken, refreshToken: auth.stored!.refresh_token!, clientId: auth.information!.client_id };
}

describe("finding 3: agent tokens survive a password reset", () => {
  it("an admin's reset ends the member's sessions, agent access and refresh tokens, and no agent connects before their own password", async () => {
    const member = await memberWithAgent();
    const sessionCookie = await signIn(member.email, member.password);
    const sessionToken = await consoleTokenFor(sessionCookie!);

    const reset = await call<{ temporaryPassword: string; endedSessions: number; endedConnections: number }>(`/api/v1/members/${member.userId}/password`, {
      key: await adminConsole("Acme"),
      method: "POST",
    });
    expect(reset.status).toBe(200);
    expect(reset.body.endedConnections).toBe(1);
    expect(reset.body.endedSessions).toBeGreaterThanOrEqual(2);
    expect(await mcpStatus(member.accessToken)).toBe(401);
    expect(await refresh(member.refreshToken, member.clientId)).toMatchObject({ error: "invalid_grant" });
    expect((await call("/api/v1/me", { key: sessionToken })).status).toBe(401);

    // Signed in with the temporary password, the member (or whoever holds it) cannot connect an agent before choosing their own.
    const jar = await signedInJar(baseUrl(), member.email, reset.body.temporaryPassword);
    await expect(connectAgent(baseUrl(), async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: acme().id }))).rejects.toThrow();
    expect((await call(`/api/v1/members/${member.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });

  it("a self-service password change ends every other session and agent, and keeps the session that made it", async () => {
    const member = await memberWithAgent();
    const other = await signIn(member.email, member.password);
    const otherToken = await consoleTokenFor(other!);
    const current = await signIn(member.email, member.password);
    const currentToken = await consoleTokenFor(current!);

    const changed = await call("/api/v1/me/password", { key: currentToken, body: { currentPassword: member.password, newPassword: "a-brand-new-password" } });
    expect(changed.status).toBe(200);
    expect((await call("/api/v1/me", { key: currentToken })).status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: current! } })).status).toBe(200);
    expect((await call("/api/v1/me", { key: otherToken })).status).toBe(401);
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: other! } })).status).toBe(401);
    expect(await mcpStatus(member.accessToken)).toBe(401);
    expect(await refresh(member.refreshToken, member.clientId)).toMatchObject({ error: "invalid_grant" });
    expect((await call(`/api/v1/members/${member.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });
});

describe("low: a console action at another team's ids", () => {
  it("the accuracy page's forget action answers another team's parser and document with a handled 404, not a 500", async () => {
    const parser = await call<{ id: string }>("/api/v1/parsers", { key: globex().apiKey, body: { name: unique("Globex private"), fields: [{ name: "total", type: "currency" }] } });
    expect(parser.status).toBe(201);
    const admin = seedMember("Acme", "admin");
    const cookie = (await signIn(admin.email, admin.password))!;
    const actionId = serverActionId({ exportedName: "forgetDocumentAction", file: "accuracy/actions" });
    const foreign = await callServerAction(baseUrl(), { page: `/parsers/${parser.body.id}/accuracy`, actionId, args: [parser.body.id, "00000000-0000-4000-8000-000000000000"], cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain("Globex private");
  });
});
