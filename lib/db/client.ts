import "server-only";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

/**
 * Both backends speak the same PostgreSQL dialect through Drizzle; we type the handle as the node-postgres
 * flavour, whose query surface the PGlite driver shares.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseHandle =
  | { kind: "pglite"; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: "postgres"; db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

export type OpenOptions = { databaseUrl?: string; dataDir: string; poolSize?: number };

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
// An arbitrary constant: every Quarry process migrating the same PostgreSQL database takes this advisory lock.
const MIGRATION_LOCK_ID = 7_311_004;

/**
 * PostgreSQL's buffer pool inside PGlite. Its default, 128 MB, is memory PGlite's WebAssembly heap touches at start
 * and keeps (a WebAssembly heap never shrinks): measured on an opened PGlite, 128 MB → 16 MB took the process from
 * 492 to 375 MB RSS. Pages beyond the pool come from the operating system's file cache, a copy away, so 32 MB
 * (4,096 pages: the hot indexes and rows of a single-team installation) costs little speed (issue 26, memory).
 * PostgreSQL (DATABASE_URL) is configured by its own administrator, not here.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * Compiles PGlite's WebAssembly (9 MB of PostgreSQL) with V8's baseline compiler only. By default V8 also recompiles
 * the hot functions with its optimising compiler, on background threads, and the memory those compilations take from
 * the C allocator stays resident after them: measured on an opened PGlite at the same queries, 219–243 MB RSS by
 * default against 174–190 MB with baseline code only, and no slower per query (a query's time is mostly PGlite's
 * JavaScript and the protocol, not PostgreSQL's code). The flag is process-wide, so it is switched on only for the
 * compilation and off again: the OCR's WebAssembly, compiled later in the extraction threads, keeps the optimising
 * compiler. The database opens at boot, before any document is extracted (issue 26, memory).
 */
async function withBaselineWasmCompiler<T>(compile: () => Promise<T>): Promise<T> {
  v8.setFlagsFromString("--liftoff-only");
  try {
    return await compile();
  } finally {
    v8.setFlagsFromString("--no-liftoff-only");
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on("error", (error) => console.error("[db] idle client error", error.message));
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" });
    return { kind: "postgres", db, pool, url: options.databaseUrl, close: () => pool.end() };
  }
  const dir = path.join(options.dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true }); // PGlite does not create parent directories
  const release = acquireDataDirLock(options.dataDir);
  try {
    const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    const pglite = await withBaselineWasmCompiler(() => PGlite.create(dir, { extensions: { pg_trgm }, startParams }));
    const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      kind: "pglite",
      db,
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** An in-memory PGlite for tests: same extensions and migrations, nothing on disk, no lock. */
export async function openMemoryDatabase(): Promise<DatabaseHandle & { kind: "pglite" }> {
  // Baseline code here too: the optimising compiler's background threads would take the second core from the tests
  // running beside this one, for no speed a test's few queries would notice.
  const pglite = await withBaselineWasmCompiler(() => PGlite.create({ extensions: { pg_trgm } }));
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
  return { kind: "pglite", db, pglite, close: () => pglite.close() };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several processes may boot at once on PostgreSQL; the advisory lock lets exactly one migrate at a time.
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client, { schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

export async function ping(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`select 1`);
}

export { schema };
