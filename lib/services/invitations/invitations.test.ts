import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, memberships, users } from "@/lib/db/schema";
import type { ServiceContext } from "../context";
import { acceptInvitation, cancelInvitation, declineInvitation, inviteMember, joinWithNewAccount, listInvitations, listMyInvitations, previewInvitation } from "./index";

let handle: DatabaseHandle;
let adminA: TestActor;
let teamBUser: TestActor;
let teamBEmail: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  adminA = await makeMember(handle.db, (await makeTeam(handle.db, "Team A")).id, "admin");
  teamBUser = await makeMember(handle.db, (await makeTeam(handle.db, "Team B")).id, "member");
  const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, teamBUser.actor.userId));
  teamBEmail = row!.email;
});
afterAll(() => handle.close());

/** The person signed in to the console (invitations are answered there, not with a key). */
const inConsole = (actor: TestActor): ServiceContext => ({ ...actor, actor: { ...actor.actor, via: "console" } });

async function membershipsOf(userId: string, teamId: string) {
  return (await handle.db.select().from(memberships).where(eq(memberships.userId, userId))).filter((row) => row.teamId === teamId);
}

describe("inviteMember", () => {
  it("answers alike for an existing account of another team and an unknown e-mail, and adds nobody", async () => {
    const existing = await inviteMember(adminA, { name: "Given Name", email: teamBEmail, role: "admin" });
    const unknown = await inviteMember(adminA, { name: "Given Name", email: "nobody-yet@example.test", role: "admin" });

    const shape = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "string" ? "s" : inner));
    expect(shape(existing.invitation)).toBe(shape(unknown.invitation));
    expect(existing.invitation).toMatchObject({ name: "Given Name", email: teamBEmail, role: "admin" });
    expect(JSON.stringify(existing)).not.toContain(teamBUser.actor.userId);
    expect(JSON.stringify(existing)).not.toContain("Test member"); // the account's own name
    expect(await membershipsOf(teamBUser.actor.userId, adminA.teamId)).toEqual([]);
    expect((await listInvitations(adminA)).map((row) => row.email)).toEqual(expect.arrayContaining([teamBEmail, "nobody-yet@example.test"]));
  });

  it("refuses people without members.manage, and conflicts only with the team's own members", async () => {
    const member = await makeMember(handle.db, adminA.teamId, "member");
    await expect(inviteMember(member, { name: "x", email: "x@example.test", role: "admin" })).rejects.toMatchObject({ status: 403 });
    const [own] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, member.actor.userId));
    await expect(inviteMember(adminA, { name: "x", email: own!.email, role: "admin" })).rejects.toMatchObject({ status: 409 });
  });

  it("replaces an earlier invitation of the same e-mail, so the old link stops working", async () => {
    const first = await inviteMember(adminA, { name: "Twice", email: "twice@example.test", role: "member" });
    const second = await inviteMember(adminA, { name: "Twice", email: "twice@example.test", role: "reviewer" });
    await expect(previewInvitation(handle.db, first.token)).rejects.toMatchObject({ status: 404 });
    expect(await previewInvitation(handle.db, second.token)).toMatchObject({ team: { name: "Team A" }, email: "twice@example.test", role: "reviewer" });
  });
});

describe("answering an invitation", () => {
  it("makes the invited account a member only when it accepts, with the invited role", async () => {
    const { invitation } = await inviteMember(adminA, { name: "B person", email: teamBEmail, role: "reviewer" });
    expect((await listMyInvitations(teamBUser)).map((row) => row.id)).toContain(invitation.id);
    expect(await membershipsOf(teamBUser.actor.userId, adminA.teamId)).toEqual([]);

    // Not with an API key, not by someone else.
    await expect(acceptInvitation(teamBUser, invitation.id)).rejects.toMatchObject({ status: 403 });
    await expect(acceptInvitation(inConsole(adminA), invitation.id)).rejects.toMatchObject({ status: 404 });

    expect(await acceptInvitation(inConsole(teamBUser), invitation.id)).toEqual({ team: { id: adminA.teamId, name: "Team A" }, role: "reviewer" });
    expect((await membershipsOf(teamBUser.actor.userId, adminA.teamId)).map((row) => row.role)).toEqual(["reviewer"]);
    await expect(acceptInvitation(inConsole(teamBUser), invitation.id)).rejects.toMatchObject({ status: 404 });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.teamId, adminA.teamId));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["invitation.create", "invitation.accept"]));
  });

  it("declining removes the invitation and adds nobody", async () => {
    const other = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
    const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, other.actor.userId));
    const { invitation } = await inviteMember(adminA, { name: "x", email: row!.email, role: "admin" });
    await declineInvitation(inConsole(other), invitation.id);
    expect(await listMyInvitations(other)).toEqual([]);
    expect(await membershipsOf(other.actor.userId, adminA.teamId)).toEqual([]);
  });

  it("lets an admin cancel their team's invitations only", async () => {
    const { invitation, token } = await inviteMember(adminA, { name: "x", email: "cancel-me@example.test", role: "member" });
    const strangerAdmin = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
    await expect(cancelInvitation(strangerAdmin, invitation.id)).rejects.toMatchObject({ status: 404 });
    await cancelInvitation(adminA, invitation.id);
    await expect(previewInvitation(handle.db, token)).rejects.toMatchObject({ status: 404 });
  });
});

describe("joinWithNewAccount", () => {
  it("creates someone new's account and membership through the link, once", async () => {
    const { token } = await inviteMember(adminA, { name: "Ada", email: "ada-new@example.test", role: "member" });
    expect(await joinWithNewAccount(handle.db, { token, input: { name: "Ada L.", password: "a-long-password" } })).toEqual({ email: "ada-new@example.test" });
    const [user] = await handle.db.select().from(users).where(eq(users.email, "ada-new@example.test"));
    expect(user).toMatchObject({ name: "Ada L." });
    expect((await membershipsOf(user!.id, adminA.teamId)).map((row) => row.role)).toEqual(["member"]);
    await expect(joinWithNewAccount(handle.db, { token, input: { name: "Again", password: "a-long-password" } })).rejects.toMatchObject({ status: 404 });
  });

  it("never touches an existing account: same answer, same password, no membership", async () => {
    const victim = await makeMember(handle.db, (await makeTeam(handle.db)).id, "admin");
    const [before] = await handle.db.select().from(users).where(eq(users.id, victim.actor.userId));
    const { token } = await inviteMember(adminA, { name: "Pretender", email: before!.email, role: "admin" });
    expect(await joinWithNewAccount(handle.db, { token, input: { name: "Pretender", password: "attacker-password" } })).toEqual({ email: before!.email });
    const [after] = await handle.db.select().from(users).where(eq(users.id, victim.actor.userId));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.name).toBe(before!.name);
    expect(await membershipsOf(victim.actor.userId, adminA.teamId)).toEqual([]);
    // The invitation still waits for the account's owner to answer in the console.
    expect((await listMyInvitations(victim)).map((row) => row.team.id)).toEqual([adminA.teamId]);
  });

  it("proves the new account for its one invitation only: another team's invitation to the address stays invisible", async () => {
    const adminB = await makeMember(handle.db, (await makeTeam(handle.db, "Team B2")).id, "admin");
    await inviteMember(adminB, { name: "Newhire", email: "newhire-b@example.test", role: "admin" });
    const { token } = await inviteMember(adminA, { name: "Newhire", email: "newhire-b@example.test", role: "reviewer" });
    await joinWithNewAccount(handle.db, { token, input: { name: "Mallory", password: "attacker-password" } });
    const [user] = await handle.db.select().from(users).where(eq(users.email, "newhire-b@example.test"));
    expect(user!.emailProvenAt).toBeNull();
    const attacker: ServiceContext = { ...adminA, actor: { userId: user!.id, apiKeyId: null, via: "console" }, role: "reviewer" };
    expect(await listMyInvitations(attacker)).toEqual([]);
    const [pending] = await listInvitations(adminB);
    await expect(acceptInvitation(attacker, pending!.id)).rejects.toMatchObject({ status: 404 });
    await expect(declineInvitation(attacker, pending!.id)).rejects.toMatchObject({ status: 404 });
    expect(await membershipsOf(user!.id, adminB.teamId)).toEqual([]);
    // Once a code sent to the address came back, the account sees it.
    await handle.db.update(users).set({ emailProvenAt: new Date() }).where(eq(users.id, user!.id));
    expect((await listMyInvitations(attacker)).map((row) => row.team.id)).toEqual([adminB.teamId]);
  });
});
