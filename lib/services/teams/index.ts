import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { decoyHash, hashPassword, verifyPassword } from "@/lib/secrets/password";
import { effectivePermissions } from "@/lib/contracts/permissions";
import type { Me } from "@/lib/contracts/session";
import type { Db, DbOrTx } from "@/lib/db/client";
import { instance, memberships, teams, users } from "@/lib/db/schema";
import type { Region, Role } from "@/lib/contracts/enums";
import { conflict } from "@/lib/services/errors";
import type { ServiceContext } from "../context";

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "team";
}

export async function createTeam(tx: DbOrTx, input: { name: string; region: Region }) {
  const slug = `${slugify(input.name)}-${randomBytes(3).toString("hex")}`;
  const [team] = await tx.insert(teams).values({ name: input.name, slug, region: input.region }).returning();
  return team!;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user ?? null;
}

/**
 * Checks an e-mail and password. An unknown e-mail costs the same scrypt work as a wrong password, so the
 * answer time does not reveal which e-mails have accounts.
 */
export async function verifyCredentials(db: Db, { email, password }: { email: string; password: string }) {
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  return user && valid ? { id: user.id, name: user.name, email: user.email } : null;
}

export async function listUserTeams(db: DbOrTx, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, region: teams.region, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(teams.name));
}

export async function getMembership(db: DbOrTx, { userId, teamId }: { userId: string; teamId: string }): Promise<{ role: Role; region: Region } | null> {
  const [row] = await db
    .select({ role: memberships.role, region: teams.region })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), eq(memberships.teamId, teamId)))
    .limit(1);
  return row ?? null;
}

/**
 * A signed-in person acting in a team (console token, OAuth connection, export link): their current role there
 * decides what they may do. Null when they are no longer a member.
 */
export async function memberContext(db: Db, { userId, teamId, via }: { userId: string; teamId: string; via: ServiceContext["actor"]["via"] }): Promise<ServiceContext | null> {
  const membership = await getMembership(db, { userId, teamId });
  if (!membership) return null;
  return { db, teamId, region: membership.region, actor: { userId, apiKeyId: null, via }, role: membership.role, permissions: effectivePermissions(membership.role) };
}

export async function getMe(ctx: ServiceContext): Promise<Me> {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, mustChangePassword: users.mustChangePassword, provenAt: users.emailProvenAt })
    .from(users)
    .where(eq(users.id, ctx.actor.userId));
  const [team] = await ctx.db.select({ id: teams.id, name: teams.name, region: teams.region }).from(teams).where(eq(teams.id, ctx.teamId));
  const { provenAt, ...person } = user!;
  return {
    user: { ...person, emailProven: provenAt !== null },
    team: team!,
    role: ctx.role,
    permissions: [...ctx.permissions],
    teams: await listUserTeams(ctx.db, ctx.actor.userId),
    via: ctx.actor.via === "apiKey" ? "apiKey" : "console",
  };
}

export async function isSetupComplete(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: instance.id }).from(instance).limit(1);
  if (row) return true;
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(anyUser);
}

export type SetupInput = { teamName: string; name: string; email: string; password: string };

/**
 * First-run setup: the first team and its admin. The instance row is the gate: exactly one caller inserts
 * it, so two racing setups cannot both succeed, and once written the setup is gone for good.
 */
export async function completeSetup(db: Db, { region, input }: { region: Region; input: SetupInput }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    const gate = await tx.insert(instance).values({ id: 1 }).onConflictDoNothing().returning();
    if (gate.length === 0 || anyUser) throw conflict("Quarry is already set up. Sign in instead.");
    const team = await createTeam(tx, { name: input.teamName, region });
    // The instance's first person, before any other team exists: nobody else could have invited this address.
    const [user] = await tx.insert(users).values({ email: input.email, name: input.name, passwordHash, emailProvenAt: new Date() }).returning();
    await tx.insert(memberships).values({ teamId: team.id, userId: user!.id, role: "admin" });
    return { team, user: { id: user!.id, email: user!.email, name: user!.name } };
  });
}
