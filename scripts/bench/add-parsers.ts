// Creates N parsers in a team through the parser service, for benchmarks: `add-parsers.ts <teamId> <count>`.
import { eq } from "drizzle-orm";
import { effectivePermissions } from "@/lib/auth/permissions";
import { memberships, teams } from "@/lib/db/schema";
import { openScriptDatabase } from "@/lib/runtime/script";
import { createParser } from "@/lib/services/parsers";

async function main() {
  const [teamId, count] = process.argv.slice(2);
  if (!teamId || !count) throw new Error("usage: add-parsers.ts <teamId> <count>");
  const handle = await openScriptDatabase();
  try {
    const [team] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    const [admin] = await handle.db.select().from(memberships).where(eq(memberships.teamId, teamId));
    if (!team || !admin) throw new Error(`no team ${teamId}`);
    const ctx = { db: handle.db, teamId, region: team.region, actor: { userId: admin.userId, apiKeyId: null, via: "system" as const }, role: "admin" as const, permissions: effectivePermissions("admin") };
    for (let i = 1; i <= Number(count); i++) await createParser(ctx, { name: `Bench parser ${i}`, description: "Created by npm run bench:api" });
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
