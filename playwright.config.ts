import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type Project } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./e2e/support/server";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium";

/**
 * End-to-end journeys in a real Chromium against `npm start`'s server (a production build, never `next dev`)
 * on a fresh embedded database. Chromium comes from Debian: Playwright's own browser download cannot work on these
 * machines.
 *
 * The first-run journey (console-journeys.spec.ts) is the only one that needs the empty install: it sets Quarry up
 * and creates the install's first admin. Every other spec depends on it and on nothing else: it brings its own
 * people (`test.use({ people })`, invited into the team through the API by the crew fixture in e2e/support) and makes
 * its own parsers and documents, through the API where they are only a precondition. So any spec runs alone
 * (`npx playwright test e2e/exports.spec.ts` runs first-run, then exports), and specs run side by side.
 */
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "quarry-e2e-"));
// The webhooks journey's receiver: a loopback port the server may deliver to (SAFE_FETCH_ALLOW below).
process.env.E2E_WEBHOOK_PORT ??= String(E2E_PORT + 7);

const desktop = { width: 1280, height: 800 };

/** One spec as a project of its own (run it with `--project <name>`), after the first-run setup. */
function journey(name: string, file: string, viewport = desktop): Project {
  return { name, testMatch: `**/${file}`, dependencies: ["first-run"], use: { browserName: "chromium", viewport } };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  // A spec's tests run in order (serial) and its people are invited once, so a retry could not start clean: flakes
  // get fixed, not retried.
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "first-run", testMatch: /console-journeys\.spec\.ts/, use: { browserName: "chromium", viewport: desktop } },
    journey("admin", "parsers-admin.spec.ts"),
    journey("documents", "documents.spec.ts"),
    // A correction teaches the parser: the next invoice of the sender comes out right, and the Accuracy page shows it.
    journey("learning", "learning.spec.ts", { width: 1440, height: 900 }),
    // Calibrated confidence as a reviewer sees it, on two generated invoices in a parser of its own.
    journey("confidence", "confidence-review.spec.ts"),
    journey("review-admin", "review-admin.spec.ts"),
    // Lists, bulk decisions and an admin's password reset, on a parser and a reviewer of their own.
    journey("review-lists", "review-lists.spec.ts"),
    journey("review-workspace", "review-workspace.spec.ts", { width: 1440, height: 900 }),
    // Picking off images and keyboard-only review, in parsers of its own (deleted after).
    journey("review-pick", "review-pick.spec.ts", { width: 1280, height: 720 }),
    journey("classifiers", "classifiers.spec.ts"),
    journey("exports", "exports.spec.ts"),
    journey("webhooks", "webhooks.spec.ts"),
    // An MCP agent connects over OAuth and reads a document the spec processed.
    journey("mcp", "mcp.spec.ts"),
    // Every console page, holding a parser, a document in review, a webhook and a classifier, scanned by axe at three widths.
    journey("accessibility", "accessibility.spec.ts", { width: 1280, height: 900 }),
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Stored files come from a second origin (`localhost` vs the console's `127.0.0.1`), as FILES_BASE_URL is meant
    // to be deployed: every journey that opens a document proves the viewer works across origins under the CSP.
    env: { PORT: String(E2E_PORT), HOST: "127.0.0.1", PUBLIC_BASE_URL: E2E_BASE_URL, FILES_BASE_URL: `http://localhost:${E2E_PORT}`, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "", AUTH_SECRET: "", SAFE_FETCH_ALLOW: `127.0.0.1:${process.env.E2E_WEBHOOK_PORT}` },
  },
});
