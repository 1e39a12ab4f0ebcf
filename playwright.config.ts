import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium";

/**
 * End-to-end journeys in a real Chromium against `npm start`'s server (a production build, never `next dev`)
 * on a fresh embedded database, so the first journey is a brand-new install. Chromium comes from Debian:
 * Playwright's own browser download cannot work on these machines.
 */
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "quarry-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3310);
// The webhooks journey's receiver: a loopback port the server may deliver to (SAFE_FETCH_ALLOW below).
process.env.E2E_WEBHOOK_PORT ??= String(port + 7);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  // The journeys build on each other (serial, stateful), so a retry cannot start clean: flakes get fixed, not retried.
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  // The first-run journey starts from an empty install and creates the admin the later journeys sign in as.
  projects: [
    { name: "first-run", testMatch: /console-journeys\.spec\.ts/, use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    { name: "admin", testMatch: /parsers-admin\.spec\.ts/, dependencies: ["first-run"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    { name: "documents", testMatch: /documents\.spec\.ts/, dependencies: ["admin"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // A correction teaches the parser: the next invoice of the sender comes out right, and the Accuracy page shows it.
    { name: "learning", testMatch: /learning\.spec\.ts/, dependencies: ["documents"], use: { browserName: "chromium", viewport: { width: 1440, height: 900 } } },
    // Calibrated confidence as a reviewer sees it, on two generated invoices in a parser of its own.
    { name: "confidence", testMatch: /confidence-review\.spec\.ts/, dependencies: ["documents"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    { name: "review-admin", testMatch: /review-admin\.spec\.ts/, dependencies: ["documents"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // Lists, bulk decisions and an admin's password reset, on a parser and a reviewer of their own (all decided by the end).
    { name: "review-lists", testMatch: /review-lists\.spec\.ts/, dependencies: ["review-admin"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    { name: "review-workspace", testMatch: /review-workspace\.spec\.ts/, dependencies: ["review-lists"], use: { browserName: "chromium", viewport: { width: 1440, height: 900 } } },
    { name: "classifiers", testMatch: /classifiers\.spec\.ts/, dependencies: ["review-workspace"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // Exports read the documents the documents journey left in "Supplier invoices"; the journeys between use their own parsers.
    { name: "exports", testMatch: /exports\.spec\.ts/, dependencies: ["classifiers"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    { name: "webhooks", testMatch: /webhooks\.spec\.ts/, dependencies: ["exports"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // An MCP agent connects over OAuth and reads what the documents journey processed.
    { name: "mcp", testMatch: /mcp\.spec\.ts/, dependencies: ["webhooks"], use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // Last: every console page, holding what the journeys made, scanned by axe at three widths.
    { name: "accessibility", testMatch: /accessibility\.spec\.ts/, dependencies: ["mcp"], use: { browserName: "chromium", viewport: { width: 1280, height: 900 } } },
    // Picking off images and keyboard-only review: needs only the admin, works in parsers of its own (deleted after).
    { name: "review-pick", testMatch: /review-pick\.spec\.ts/, dependencies: ["first-run"], use: { browserName: "chromium", viewport: { width: 1280, height: 720 } } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Stored files come from a second origin (`localhost` vs the console's `127.0.0.1`), as FILES_BASE_URL is meant
    // to be deployed: every journey that opens a document proves the viewer works across origins under the CSP.
    env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, FILES_BASE_URL: `http://localhost:${port}`, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "", AUTH_SECRET: "", SAFE_FETCH_ALLOW: `127.0.0.1:${process.env.E2E_WEBHOOK_PORT}` },
  },
});
