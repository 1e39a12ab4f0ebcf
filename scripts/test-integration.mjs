#!/usr/bin/env node
// Runs the integration suite against the real server: on the embedded database (PGlite), and again on PostgreSQL
// when DATABASE_URL is set. INTEGRATION_DATABASES (`pglite`, `postgresql` or both, comma-separated) narrows that,
// e.g. for CI, which runs each database under a different Node version. Arguments go on to vitest:
// `npm run test:integration -- tests/integration/reviews.test.ts`.
import { spawnSync } from "node:child_process";

const available = [{ name: "PGlite", key: "pglite", url: "" }];
if (process.env.DATABASE_URL) available.push({ name: "PostgreSQL", key: "postgresql", url: process.env.DATABASE_URL });

const wanted = (process.env.INTEGRATION_DATABASES ?? "")
  .split(",")
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
const unknown = wanted.filter((name) => name !== "pglite" && name !== "postgresql");
if (unknown.length > 0) {
  console.error(`INTEGRATION_DATABASES: unknown database ${unknown.join(", ")} (use pglite, postgresql)`);
  process.exit(2);
}
if (wanted.includes("postgresql") && !process.env.DATABASE_URL) {
  console.error("INTEGRATION_DATABASES names postgresql, but DATABASE_URL is not set");
  process.exit(2);
}
const backends = wanted.length === 0 ? available : available.filter((backend) => wanted.includes(backend.key));

for (const backend of backends) {
  console.log(`\n▶ integration tests on ${backend.name} (Node ${process.version})`);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...env, QUARRY_TEST_DATABASE_URL: backend.url },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
