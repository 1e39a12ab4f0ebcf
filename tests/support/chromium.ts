import fs from "node:fs";

/**
 * Debian's Chromium, as every browser test here uses it (Playwright's own browser download cannot work on these
 * machines): the e2e suite (playwright.config.ts) and the integration tests that need a real browser.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) throw new Error("No Chromium found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.");
  return found;
}

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
