// Seeds a parser with folders and N documents for `npm run bench:documents`: `seed-documents.ts <teamId> <count>`.
// Prints one JSON line {parserId, folderIds, seconds}.
import { openScriptDatabase } from "@/lib/runtime/script";
import { systemContext } from "@/lib/services/system-context";
import { seedBenchDocuments } from "@/lib/services/documents/bench-seed";
import { createFolder } from "@/lib/services/folders";
import { createParser } from "@/lib/services/parsers";

async function main() {
  const [teamId, count] = process.argv.slice(2);
  if (!teamId || !count) throw new Error("usage: seed-documents.ts <teamId> <count>");
  const handle = await openScriptDatabase();
  try {
    const ctx = await systemContext(handle.db, teamId);
    const parser = await createParser(ctx, { name: "Bench invoices", description: "Created by npm run bench:documents" });
    const folderIds: string[] = [];
    for (const name of ["Inbox", "Suppliers", "Archive", "Disputed", "Paid", "Q1", "Q2", "Q3", "Q4", "Other"]) folderIds.push((await createFolder(ctx, { parserId: parser.id, input: { name } })).id);
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
