import { randomUUID } from "node:crypto";
import { effectivePermissions } from "@/lib/contracts/permissions";
import type { Role } from "@/lib/contracts/enums";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import { migrateDatabase, openMemoryDatabase, type Db, type DatabaseHandle } from "./client";
import { memberships, parsers, reviewStages, teams, users } from "./schema";

/**
 * Test data for service tests: a migrated in-memory database and rows with unique values, so tests never
 * share state. Contexts are built the way the API builds them, from a role's permissions.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openMemoryDatabase();
  await migrateDatabase(handle);
  return handle;
}

export type TestActor = {
  db: Db;
  teamId: string;
  region: "us";
  actor: { userId: string; apiKeyId: null; via: "system" };
  role: Role;
  permissions: ReturnType<typeof effectivePermissions>;
};

export async function makeTeam(db: Db, name = `Team ${randomUUID().slice(0, 8)}`) {
  const [team] = await db.insert(teams).values({ name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}`, region: "us" }).returning();
  return team!;
}

/** A member whose address is proven (they see invitations to it), as an account from setup or the seed is. */
export async function makeMember(db: Db, teamId: string, role: Role): Promise<TestActor> {
  const [user] = await db.insert(users).values({ email: `${role}-${randomUUID()}@example.test`, name: `Test ${role}`, passwordHash: "not-a-real-hash", emailProvenAt: new Date() }).returning();
  await db.insert(memberships).values({ teamId, userId: user!.id, role });
  return { db, teamId, region: "us", actor: { userId: user!.id, apiKeyId: null, via: "system" }, role, permissions: effectivePermissions(role) };
}

export async function makeParser(db: Db, teamId: string, name = "Invoices") {
  const [parser] = await db
    .insert(parsers)
    .values({ teamId, name, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`, settings: { ...DEFAULT_PARSER_SETTINGS, acceptedFileTypes: [] } })
    .returning();
  return parser!;
}

/** A review stage of the parser held by this reviewer: what gives a reviewer sight of the parser (services/access.ts). */
export async function makeReviewStage(db: Db, parserId: string, reviewerId: string, name = "Check") {
  const [stage] = await db.insert(reviewStages).values({ parserId, name, position: 1, reviewerId }).returning();
  return stage!;
}
