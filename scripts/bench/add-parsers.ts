// Creates N parsers in a team through the parser service, for benchmarks: `add-parsers.ts <teamId> <count>`.
import { openScriptDatabase } from "@/lib/runtime/script";
import { systemContext } from "@/lib/services/system-context";
import { createParser } from "@/lib/services/parsers";

async function main() {
  const [teamId, count] = process.argv.slice(2);
  if (!teamId || !count) throw new Error("usage: add-parsers.ts <teamId> <count>");
  const handle = await openScriptDatabase();
  try {
    const ctx = await systemContext(handle.db, teamId);
    for (let i = 1; i <= Number(count); i++) await createParser(ctx, { name: `Bench parser ${i}`, description: "Created by npm run bench:api" });
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
