import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { effectivePermissions } from "@/lib/contracts/permissions";
import type { Db } from "@/lib/db/client";
import { memberships, teams } from "@/lib/db/schema";
import type { ServiceContext } from "./context";

/**
 * A context for work the system does on a team's behalf (benchmarks, inbound e-mail): it acts as the team's
 * longest-standing admin, so audit rows name a real person, with `via: "system"` saying it was not them at a keyboard.
 */
export async function systemContext(db: Db, teamId: string): Promise<ServiceContext> {
  const [row] = await db
    .select({ region: teams.region, userId: memberships.userId })
    .from(teams)
    .innerJoin(memberships, and(eq(memberships.teamId, teams.id), eq(memberships.role, "admin")))
    .where(eq(teams.id, teamId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!row) throw new Error(`Team ${teamId} has no admin to act for`);
  return { db, teamId, region: row.region, actor: { userId: row.userId, apiKeyId: null, via: "system" }, role: "admin", permissions: effectivePermissions("admin") };
}
