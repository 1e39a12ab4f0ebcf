import { describe, expect, it } from "vitest";
import { proveAddress } from "../support/email-proof";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, invite, inviteAndJoin, joinThroughLink, seedMember, seedTeam, signIn, unique } from "../support/http";

const acme = () => seedTeam("Acme");
const globex = () => seedTeam("Globex");

describe("sign-in", () => {
  it("signs in the seeded people with the printed passwords", async () => {
    for (const team of ["Acme", "Globex"] as const) {
      for (const role of ["admin", "reviewer"] as const) {
        const member = seedMember(team, role);
        const cookie = await signIn(member.email, member.password);
        expect(cookie, `${team} ${role}`).not.toBeNull();
        const me = await call<{ user: { email: string }; team: { name: string }; role: string; via: string }>("/api/v1/me", { key: await consoleTokenFor(cookie!) });
        expect(me.body).toMatchObject({ user: { email: member.email }, team: { name: team }, role, via: "console" });
      }
    }
  });

  it("gives one answer for a wrong password and an unknown e-mail", async () => {
    expect(await signIn(seedMember("Acme", "admin").email, "wrong-password")).toBeNull();
    expect(await signIn("nobody@nowhere.test", "wrong-password")).toBeNull();
    // The console shows a single message for both; the next-auth redirect carries the same error code.
    const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const attempt = async (email: string) =>
      (
        await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          body: new URLSearchParams({ csrfToken, email, password: "wrong-password" }),
          redirect: "manual",
        })
      ).headers.get("location");
    expect(await attempt(seedMember("Acme", "admin").email)).toBe(await attempt("nobody@nowhere.test"));
  });

  it("refuses console tokens that are forged or of a removed member", async () => {
    expect((await call("/api/v1/me", { key: "ct_eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad" })).status).toBe(401);
    const person = await addMemberAndSignIn(acme().apiKey, "member");
    expect((await call("/api/v1/me", { key: person.token })).status).toBe(200);
    expect((await call(`/api/v1/members/${person.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
    expect((await call("/api/v1/me", { key: person.token })).status).toBe(401);
  });

  it("has no setup once a team exists", async () => {
    expect((await call("/api/setup")).body).toEqual({ setupRequired: false });
    const again = await call("/api/setup", { body: { teamName: "Evil", name: "Eve", email: "eve@evil.test", password: "0123456789ab" } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: true });
    expect((await fetch(`${baseUrl()}/setup`, { redirect: "manual" })).status).toBe(404);
  });
});

/** Signs out the way the console's sign-out does (next-auth's sign-out, with its CSRF token); returns the status. */
async function signOut(cookie: string): Promise<number> {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl()}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${baseUrl()}/sign-in` }),
    redirect: "manual",
  });
  return response.status;
}

describe("sessions", () => {
  it("ends on the server at sign-out: the old cookie, replayed, mints no console token", async () => {
    const person = await addMemberAndSignIn(acme().apiKey, "member");
    const other = await signIn(person.email, person.password); // a second session of the same person
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: person.cookie } })).status).toBe(200);
    const minted = await consoleTokenFor(person.cookie);
    const otherToken = await consoleTokenFor(other!);
    expect((await call("/api/v1/me", { key: minted })).status).toBe(200);
    expect(await signOut(person.cookie)).toBe(302);
    // A console token minted in the session ends with it, not at its own expiry 5 minutes on.
    expect((await call("/api/v1/me", { key: minted })).status).toBe(401);
    expect((await call("/api/v1/me", { key: otherToken })).status).toBe(200);

    const replay = await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: person.cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: true });
    const session = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie: person.cookie } });
    expect(await session.json()).toBeNull();
    expect((await fetch(`${baseUrl()}/`, { headers: { cookie: person.cookie }, redirect: "manual" })).headers.get("location")).toMatch(/\/sign-in/);
    // Only that session ended: the other one still works.
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: other! } })).status).toBe(200);
  });

  it("applies a role change to an open session's next request, and a removal ends its access to the team", async () => {
    const person = await addMemberAndSignIn(acme().apiKey, "admin");
    const inviteSomeone = (key: string) =>
      call("/api/v1/members", { key, body: { name: "x", email: `${unique("x").replace(/\W+/g, ".")}@example.test`.toLowerCase(), role: "reviewer" } });
    expect((await inviteSomeone(person.token)).status).toBe(201);

    expect((await call(`/api/v1/members/${person.userId}`, { method: "PATCH", key: acme().apiKey, body: { role: "reviewer" } })).status).toBe(200);
    // The token minted while they were an admin acts as a reviewer now, and so does a fresh one of the same session.
    expect((await inviteSomeone(person.token)).status).toBe(403);
    const fresh = await consoleTokenFor(person.cookie);
    expect((await call<{ role: string }>("/api/v1/me", { key: fresh })).body.role).toBe("reviewer");

    expect((await call(`/api/v1/members/${person.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
    expect((await call("/api/v1/me", { key: person.token })).status).toBe(401);
    expect((await call("/api/v1/me", { key: fresh })).status).toBe(401);
    // They belong to no team now: the session cannot mint a token for Acme (or any team).
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: person.cookie } })).status).toBe(401);
  });
});

describe("members", () => {
  it("invites a new person, who joins through the link with a password of their own", async () => {
    const email = `${unique("new").replace(/\W+/g, ".")}@example.test`.toLowerCase();
    const added = await call<{ invitation: { id: string; email: string; role: string }; acceptUrl: string }>("/api/v1/members", {
      key: acme().apiKey,
      body: { name: "New Person", email: email.toUpperCase(), role: "reviewer" },
    });
    expect(added.status).toBe(201);
    expect(added.body.invitation).toMatchObject({ email, role: "reviewer" });
    expect(added.body.acceptUrl).toMatch(/\/join\/[\w-]{40,}$/);
    const pending = await call<{ data: { id: string }[] }>("/api/v1/invitations", { key: acme().apiKey });
    expect(pending.body.data.map((invitation) => invitation.id)).toContain(added.body.invitation.id);
    expect(JSON.stringify(pending.body)).not.toContain(added.body.acceptUrl.split("/").at(-1));

    const joined = await joinThroughLink(added.body.acceptUrl, { name: "New Person", password: "a-password-of-mine" });
    expect(joined).toMatchObject({ status: 200, body: { email, next: "sign-in" } });
    expect(await signIn(email, "a-password-of-mine")).not.toBeNull();
    expect((await joinThroughLink(added.body.acceptUrl, { name: "Again", password: "another-password" })).status).toBe(404);
    const list = await call<{ data: { email: string; role: string }[] }>("/api/v1/members", { key: acme().apiKey });
    expect(list.body.data.find((member) => member.email === email)?.role).toBe("reviewer");
    const duplicate = await call("/api/v1/members", { key: acme().apiKey, body: { name: "Again", email, role: "member" } });
    expect(duplicate.status).toBe(409);
  });

  it("cannot pull another team's account in: same answer as for an unknown e-mail, no member until they accept", async () => {
    // A person of Globex only (a fresh one, so the seeded people stay in their own team).
    const globexEmail = `${unique("globex").replace(/\W+/g, ".")}@example.test`.toLowerCase();
    const globexPerson = await inviteAndJoin(globex().apiKey, { name: "Gloria Globex", email: globexEmail, role: "member" });
    const unknownEmail = `${unique("nobody").replace(/\W+/g, ".")}@example.test`.toLowerCase();

    const existing = await call<Record<string, unknown>>("/api/v1/members", { key: acme().apiKey, body: { name: "Whoever", email: globexEmail, role: "admin" } });
    const unknown = await call<Record<string, unknown>>("/api/v1/members", { key: acme().apiKey, body: { name: "Whoever", email: unknownEmail, role: "admin" } });
    expect(existing.status).toBe(201);
    expect(unknown.status).toBe(201);
    // Same shape, value for value, apart from what differs between any two invitations (ids, times, e-mail, link).
    const blank = (body: Record<string, unknown>, email: string) =>
      JSON.parse(JSON.stringify(body).replaceAll(email, "E").replace(/"(id|invitedAt|expiresAt|acceptUrl)":"[^"]*"/g, '"$1":"…"')) as unknown;
    expect(blank(existing.body, globexEmail)).toEqual(blank(unknown.body, unknownEmail));
    expect(JSON.stringify(existing.body)).not.toContain(globexPerson.userId);
    expect(JSON.stringify(existing.body)).not.toContain("Gloria");

    // Not a member of Acme, in Acme's eyes or their own.
    const acmeMembers = async () => (await call<{ data: { id: string; role: string }[] }>("/api/v1/members", { key: acme().apiKey })).body.data;
    expect((await acmeMembers()).map((member) => member.id)).not.toContain(globexPerson.userId);
    // The link cannot be used on an existing account: the same answer, and nothing changes.
    const acceptUrl = (existing.body as { acceptUrl: string }).acceptUrl;
    const hijack = await joinThroughLink(acceptUrl, { name: "Mallory", password: "mallory-chose-this" });
    expect(hijack).toMatchObject({ status: 200, body: { email: globexEmail, next: "sign-in" } });
    expect(await signIn(globexEmail, "mallory-chose-this")).toBeNull();
    expect((await acmeMembers()).map((member) => member.id)).not.toContain(globexPerson.userId);

    // The person sees the invitation in the console and accepts it; only then are they a member, as invited.
    const cookie = await signIn(globexEmail, globexPerson.password);
    const token = await consoleTokenFor(cookie!);
    const me = async () => (await call<{ teams: { name: string; role: string }[] }>("/api/v1/me", { key: token })).body.teams.map((team) => `${team.name}:${team.role}`);
    expect(await me()).toEqual(["Globex:member"]);
    // Their account came from Globex's link: the address is unproven, so no invitation shows until a code sent to it
    // comes back.
    expect((await call<{ data: unknown[] }>("/api/v1/me/invitations", { key: token })).body.data).toEqual([]);
    await proveAddress(token, globexEmail);
    const mine = await call<{ data: { id: string; team: { name: string }; role: string; invitedBy: string | null }[] }>("/api/v1/me/invitations", { key: token });
    expect(mine.body.data).toEqual([expect.objectContaining({ team: expect.objectContaining({ name: "Acme" }), role: "admin" })]);
    const invitationId = mine.body.data[0]!.id;
    // A key of theirs cannot answer for them.
    const ownKey = await call<{ key: string }>("/api/v1/api-keys", { key: token, body: { name: unique("own key") } });
    expect((await call(`/api/v1/me/invitations/${invitationId}/accept`, { key: ownKey.body.key, method: "POST" })).status).toBe(403);

    const accepted = await call(`/api/v1/me/invitations/${invitationId}/accept`, { key: token, method: "POST" });
    expect(accepted).toMatchObject({ status: 200, body: { team: { name: "Acme" }, role: "admin" } });
    expect((await me()).sort()).toEqual(["Acme:admin", "Globex:member"]);
    expect((await acmeMembers()).find((member) => member.id === globexPerson.userId)?.role).toBe("admin");
    expect((await call(`/api/v1/me/invitations/${invitationId}/accept`, { key: token, method: "POST" })).status).toBe(404);
    // Tidy up: Acme's admins stay as the seed made them.
    expect((await call(`/api/v1/members/${globexPerson.userId}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
  });

  it("lets admins see and cancel pending invitations, which kills the link", async () => {
    const email = `${unique("cancel").replace(/\W+/g, ".")}@example.test`.toLowerCase();
    const invited = await invite(acme().apiKey, { name: "Cancelled", email, role: "member" });
    expect((await call(`/api/join/${invited.acceptUrl.split("/").at(-1)}`)).body).toMatchObject({ team: { name: "Acme" }, email, role: "member" });
    expect((await call(`/api/v1/invitations/${invited.invitation.id}`, { method: "DELETE", key: globex().apiKey })).status).toBe(404);
    expect((await call(`/api/v1/invitations/${invited.invitation.id}`, { method: "DELETE", key: acme().apiKey })).status).toBe(200);
    expect((await joinThroughLink(invited.acceptUrl, { name: "Late", password: "too-late-password" })).status).toBe(404);
  });

  it("changes roles but never demotes or removes the last admin", async () => {
    const team = await addMemberAndSignIn(acme().apiKey, "member");
    const promoted = await call<{ role: string }>(`/api/v1/members/${team.userId}`, { method: "PATCH", key: acme().apiKey, body: { role: "admin" } });
    expect(promoted.body.role).toBe("admin");
    expect((await call(`/api/v1/members/${team.userId}`, { method: "PATCH", key: acme().apiKey, body: { role: "reviewer" } })).status).toBe(200);

    // Globex has exactly one admin (the seeded one).
    const globexAdmin = seedMember("Globex", "admin");
    const demote = await call(`/api/v1/members/${globexAdmin.id}`, { method: "PATCH", key: globex().apiKey, body: { role: "member" } });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ error: true, message: expect.stringContaining("last admin") });
    const remove = await call(`/api/v1/members/${globexAdmin.id}`, { method: "DELETE", key: globex().apiKey });
    expect(remove.status).toBe(409);
    const me = await call<{ role: string }>("/api/v1/me", { key: globex().apiKey });
    expect(me.body.role).toBe("admin");
  });

  it("keeps teams apart: another team's member is a 404", async () => {
    const acmeReviewer = seedMember("Acme", "reviewer");
    const response = await call(`/api/v1/members/${acmeReviewer.id}`, { method: "PATCH", key: globex().apiKey, body: { role: "admin" } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: true, notFound: [{ type: "userId", value: acmeReviewer.id }] });
    expect((await call(`/api/v1/members/${acmeReviewer.id}`, { method: "DELETE", key: globex().apiKey })).status).toBe(404);
  });

  it("lets only admins manage members", async () => {
    const member = await addMemberAndSignIn(acme().apiKey, "member");
    const refused = await call("/api/v1/members", { key: member.token, body: { name: "x", email: "x@example.test", role: "admin" } });
    expect(refused.status).toBe(403);
    expect((await call(`/api/v1/members/${member.userId}`, { method: "PATCH", key: member.token, body: { role: "admin" } })).status).toBe(403);
  });

  it("validates member input", async () => {
    for (const body of [{ name: "x", email: "not-an-email", role: "member" }, { name: "x", email: "a@b.test", role: "owner" }, { email: "a@b.test", role: "member" }]) {
      const response = await call("/api/v1/members", { key: acme().apiKey, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
