// `npm run seed -- --json`: idempotent demo data; the last stdout line is the JSON of DESIGN §1.3.
import { authSecret } from "@/lib/secrets/secret";
import { env } from "@/lib/env";
import { openScriptDatabase } from "@/lib/runtime/script";
import { seedDemoData } from "@/lib/services/seed";

async function main() {
  const json = process.argv.includes("--json");
  const handle = await openScriptDatabase();
  try {
    const output = await seedDemoData(handle.db, { region: env().REGION, secret: authSecret() });
    if (json) {
      console.log(JSON.stringify(output));
    } else {
      for (const team of output.teams) {
        console.log(`${team.name}: API key ${team.apiKey}`);
        for (const member of team.members) console.log(`  ${member.role.padEnd(8)} ${member.email}  password ${member.password}`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
