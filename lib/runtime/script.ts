import "server-only";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock";
import { env } from "@/lib/env";

/**
 * Opens and migrates the database for a command-line script (seed, migrate). On PGlite a running server
 * holds the data directory; the script then stops with a clear message instead of corrupting it.
 */
export async function openScriptDatabase(): Promise<DatabaseHandle> {
  const config = env();
  try {
    const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
    await migrateDatabase(handle);
    return handle;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nRun the seed before \`npm start\`, or stop the server first.`);
      process.exit(2);
    }
    throw error;
  }
}
