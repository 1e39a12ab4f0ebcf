// `npm run db:migrate`: apply committed migrations (the server also does this at boot).
import { openScriptDatabase } from "@/lib/runtime/script";

openScriptDatabase()
  .then(async (handle) => {
    console.log(`Migrations applied (${handle.kind}).`);
    await handle.close();
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
