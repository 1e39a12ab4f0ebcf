#!/usr/bin/env node
// Runs the integration suite against the real server: always on the embedded database (PGlite), and again
// on PostgreSQL when DATABASE_URL is set. Arguments go on to vitest: `npm run test:integration -- tests/integration/reviews.test.ts`.
import { spawnSync } from "node:child_process";

const backends = [{ name: "PGlite", url: "" }];
if (process.env.DATABASE_URL) backends.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });

for (const backend of backends) {
  console.log(`\n▶ integration tests on ${backend.name}`);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...env, QUARRY_TEST_DATABASE_URL: backend.url },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
