import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { parseSeedOutput, type SeedOutput } from "../support/seed-output";
import { startFixtureServer } from "../support/fixture-files";
import { TEST_TLS_CERT } from "../../lib/net/test-tls-fixture";
import { startMailOutbox } from "../support/mail-outbox";
import { freePort, runSeed, startServer, tempDataDir, type RunningServer } from "../support/server";

/**
 * Starts the real server for the integration suite: on PGlite in a temporary DATA_DIR by default, or on the
 * PostgreSQL of QUARRY_TEST_DATABASE_URL, where a second server process shares the database (scale-out).
 * The seed runs first, as a user would run it.
 */
export type IntegrationContext = {
  backend: "pglite" | "postgres";
  baseUrls: string[];
  dataDir: string;
  seed: SeedOutput;
  databaseUrl: string | null;
  /** A loopback file server the app may fetch from (SAFE_FETCH_ALLOW), for URL import. */
  fixtureBaseUrl: string;
  /** The first server's inbound SMTP listener (mail for `<parser slug>@inbound.localhost`). */
  smtpPort: number;
  /** Where the mail the server sends (SMTP_URL → a test SMTP server) is filed, one JSON file a message. */
  outboxDir: string;
  /** A loopback port the app may deliver webhooks to (SAFE_FETCH_ALLOW); the webhook tests listen on it. */
  webhookPort: number;
};

declare module "vitest" {
  export interface ProvidedContext {
    quarry: IntegrationContext;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.QUARRY_TEST_DATABASE_URL || null;
  const dataDir = tempDataDir();
  const fixtures = await startFixtureServer();
  const webhookPort = await freePort();
  // The server trusts the offline test certificate, so the SSRF suite can serve https on an allow-listed port
  // (an https page that redirects to plain http must be refused for the redirect, not for the certificate).
  const testCa = path.join(dataDir, "test-ca.pem");
  // Outbound mail goes to a real SMTP server of the suite (tests/support/mail-outbox.ts), outside DATA_DIR.
  const outboxDir = path.join(tempDataDir("quarry-outbox-"), "messages");
  const outbox = await startMailOutbox(outboxDir);
  fs.writeFileSync(testCa, TEST_TLS_CERT);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    REGION: "us",
    AUTH_SECRET: "",
    WORKER: "inline",
    EU_BASE_URL: "https://eu.quarry.test",
    SAFE_FETCH_ALLOW: `${fixtures.hostPort},127.0.0.1:${webhookPort}`,
    // Webhook timeouts and retries in seconds, not the production 10 s and day-long schedule.
    WEBHOOK_TIMEOUT_MS: "2000",
    WEBHOOK_RETRY_SCHEDULE_MS: "1000,1000,1000,1000",
    NODE_EXTRA_CA_CERTS: testCa,
    // Every test registers OAuth clients from 127.0.0.1; the per-address limit has its own server in throttling.test.ts.
    OAUTH_REGISTRATIONS_PER_HOUR: "1000",
    SMTP_URL: `smtp://127.0.0.1:${outbox.port}`,
  };

  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed (${seeded.status}):\n${seeded.stderr}\n${seeded.stdout}`);
  const seed = parseSeedOutput(seeded.stdout);

  // Only the first server takes mail: a port binds once, and one listener per deployment is what production runs.
  const smtpPort = await freePort();
  const servers: RunningServer[] = [await startServer({ ...env, SMTP_PORT: String(smtpPort) })];
  // A scale-out deployment shares its files (the same DATA_DIR here; S3 elsewhere) and its AUTH_SECRET.
  if (databaseUrl) servers.push(await startServer({ ...env, AUTH_SECRET: fs.readFileSync(`${dataDir}/auth-secret`, "utf8") }));

  project.provide("quarry", { backend: databaseUrl ? "postgres" : "pglite", baseUrls: servers.map((server) => server.baseUrl), dataDir, seed, databaseUrl, fixtureBaseUrl: fixtures.baseUrl, smtpPort, webhookPort, outboxDir });

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await fixtures.close();
    await outbox.close();
    fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
