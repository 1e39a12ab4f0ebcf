import { describe, expect, it } from "vitest";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, seedMember, seedTeam, signIn, unique } from "../support/http";

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

describe("members", () => {
  it("adds a new person with an initial password shown once", async () => {
    const email = `${unique("new").replace(/\W+/g, ".")}@example.test`.toLowerCase();
    const added = await call<{ member: { id: string; email: string; role: string }; initialPassword: string }>("/api/v1/members", {
      key: acme().apiKey,
      body: { name: "New Person", email: email.toUpperCase(), role: "reviewer" },
    });
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ email, role: "reviewer" });
    expect(added.body.initialPassword.length).toBeGreaterThanOrEqual(16);
    expect(await signIn(email, added.body.initialPassword)).not.toBeNull();
    const list = await call<{ data: { id: string }[] }>("/api/v1/members", { key: acme().apiKey });
    expect(JSON.stringify(list.body)).not.toContain(added.body.initialPassword);
    const duplicate = await call("/api/v1/members", { key: acme().apiKey, body: { name: "Again", email, role: "member" } });
    expect(duplicate.status).toBe(409);
  });

  it("adds someone from another team with their own account, so they can switch teams", async () => {
    const globexReviewer = seedMember("Globex", "reviewer");
    const email = `${unique("multi").replace(/\W+/g, ".")}@example.test`.toLowerCase();
    const created = await call<{ initialPassword: string }>("/api/v1/members", { key: globex().apiKey, body: { name: "Multi", email, role: "member" } });
    const joined = await call<{ initialPassword: string | null }>("/api/v1/members", { key: acme().apiKey, body: { name: "Multi", email, role: "reviewer" } });
    expect(joined.status).toBe(201);
    expect(joined.body.initialPassword).toBeNull();
    const cookie = await signIn(email, created.body.initialPassword);
    const me = await call<{ teams: { name: string; role: string }[] }>("/api/v1/me", { key: await consoleTokenFor(cookie!) });
    expect(me.body.teams.map((team) => `${team.name}:${team.role}`).sort()).toEqual(["Acme:reviewer", "Globex:member"]);
    expect(globexReviewer.email).not.toBe(email);
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
