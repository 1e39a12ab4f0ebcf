import pg from "pg";

/** Throwaway PostgreSQL databases for benchmarks, on the machine's server (trust auth). */
export const ADMIN_URL = process.env.BENCH_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `run` against a fresh database and drops it afterwards, whatever happens. */
export async function withDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
