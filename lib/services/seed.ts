import "server-only";
import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { effectivePermissions, KEY_PERMISSIONS } from "@/lib/contracts/permissions";
import { hashPassword } from "@/lib/secrets/password";
import type { Db } from "@/lib/db/client";
import { instance, memberships, teams, users } from "@/lib/db/schema";
import type { Region, Role } from "@/lib/contracts/enums";
import { createApiKey } from "./api-keys";
import { createTeam } from "./teams";

export type SeedOutput = {
  region: Region;
  teams: {
    id: string;
    name: string;
    apiKey: string;
    members: { id: string; email: string; password: string; role: Role }[];
  }[];
};

const DEMO_TEAMS = [
  { name: "Acme", domain: "acme.test" },
  { name: "Globex", domain: "globex.test" },
];
const DEMO_ROLES: { local: string; name: string; role: Role }[] = [
  { local: "admin", name: "Admin", role: "admin" },
  { local: "reviewer", name: "Reviewer", role: "reviewer" },
];

/**
 * Demo passwords derive from AUTH_SECRET, so every seed run prints the same working password without
 * storing it anywhere, and no two installations share one.
 */
export function demoPassword(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`seed-password:${email}`).digest("base64url").slice(0, 20);
}

/** Idempotent demo data (DESIGN §1.3): teams and users once; a fresh full-permission key per team on every run. */
export async function seedDemoData(db: Db, options: { region: Region; secret: string }): Promise<SeedOutput> {
  const output: SeedOutput = { region: options.region, teams: [] };
  await db.insert(instance).values({ id: 1 }).onConflictDoNothing(); // users exist now: no first-run setup
  for (const demo of DEMO_TEAMS) {
    const team = await ensureTeam(db, { name: demo.name, region: options.region });
    const members = [];
    for (const person of DEMO_ROLES) {
      const email = `${person.local}@${demo.domain}`;
      const password = demoPassword(options.secret, email);
      const userId = await ensureMember(db, { teamId: team.id, email, name: `${demo.name} ${person.name}`, password, role: person.role });
      members.push({ id: userId, email, password, role: person.role });
    }
    const admin = members.find((member) => member.role === "admin")!;
    const key = await createApiKey(
      {
        db,
        teamId: team.id,
        region: team.region,
        actor: { userId: admin.id, apiKeyId: null, via: "system" },
        role: "admin",
        permissions: effectivePermissions("admin"),
      },
      { name: `Seed key ${new Date().toISOString()}`, permissions: [...KEY_PERMISSIONS] },
    );
    output.teams.push({ id: team.id, name: team.name, apiKey: key.key, members });
  }
  return output;
}

async function ensureTeam(db: Db, { name, region }: { name: string; region: Region }) {
  // Demo teams are recognised by name among teams that have a demo admin, so a user's own "Acme" is left alone.
  const [existing] = await db
    .select({ id: teams.id, name: teams.name, region: teams.region })
    .from(teams)
    .innerJoin(memberships, eq(memberships.teamId, teams.id))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(teams.name, name), sql`lower(${users.email}) = ${`admin@${name.toLowerCase()}.test`}`))
    .limit(1);
  return existing ?? (await createTeam(db, { name, region }));
}

async function ensureMember(db: Db, input: { teamId: string; email: string; name: string; password: string; role: Role }): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
  const userId =
    existing?.id ??
    (await db
      .insert(users)
      .values({ email: input.email, name: input.name, passwordHash: await hashPassword(input.password), emailProvenAt: new Date() }) // demo people: the operator vouches
      .returning({ id: users.id }))[0]!.id;
  await db.insert(memberships).values({ teamId: input.teamId, userId, role: input.role }).onConflictDoNothing();
  return userId;
}
