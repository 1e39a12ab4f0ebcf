// Seeds a parser with folders and N documents for `npm run bench:documents`: `seed-documents.ts <teamId> <count>`.
// Prints one JSON line {parserId, folderIds, seconds}.
import { eq } from "drizzle-orm";
import { effectivePermissions } from "@/lib/auth/permissions";
import { memberships, teams } from "@/lib/db/schema";
import { openScriptDatabase } from "@/lib/runtime/script";
import { seedBenchDocuments } from "@/lib/services/documents/bench-seed";
import { createFolder } from "@/lib/services/folders";
import { createParser } from "@/lib/services/parsers";

async function main() {
  const [teamId, count] = process.argv.slice(2);
  if (!teamId || !count) throw new Error("usage: seed-documents.ts <teamId> <count>");
  const handle = await openScriptDatabase();
  try {
    const [team] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    const [admin] = await handle.db.select().from(memberships).where(eq(memberships.teamId, teamId));
    if (!team || !admin) throw new Error(`no team ${teamId}`);
    const ctx = { db: handle.db, teamId, region: team.region, actor: { userId: admin.userId, apiKeyId: null, via: "system" as const }, role: "admin" as const, permissions: effectivePermissions("admin") };
    const parser = await createParser(ctx, { name: "Bench invoices", description: "Created by npm run bench:documents" });
    const folderIds: string[] = [];
    for (const name of ["Inbox", "Suppliers", "Archive", "Disputed", "Paid", "Q1", "Q2", "Q3", "Q4", "Other"]) folderIds.push((await createFolder(ctx, parser.id, { name })).id);
    const started = performance.now();
    await seedBenchDocuments(handle.db, {
      teamId,
      parserId: parser.id,
      folderIds,
      count: Number(count),
      onProgress: (done) => process.stderr.write(`  seeded ${done}\n`),
    });
    console.log(JSON.stringify({ parserId: parser.id, folderIds, seconds: (performance.now() - started) / 1000 }));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
