import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDataDir, type RunningServer } from "../support/server";

/**
 * A deployment whose public address is https (behind a TLS-terminating proxy, the server itself speaks http):
 * every cookie it sets is `Secure`, whatever scheme the request reached it with, and pages ask the browser to
 * upgrade stray http sub-resources. Its own server, on a fresh embedded database.
 */
let server: RunningServer;
let dataDir = "";

beforeAll(async () => {
  dataDir = tempDataDir("quarry-https-");
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "", WORKER: "off", PUBLIC_BASE_URL: "https://quarry.test" });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("PUBLIC_BASE_URL on https", () => {
  it("sets the sign-in cookies Secure, with the __Host-/__Secure- names browsers hold to it", async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/csrf`);
    await response.arrayBuffer();
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/^__(Host|Secure)-/);
    }
  });

  it("asks browsers to upgrade insecure requests on console pages", async () => {
    const response = await fetch(`${server.baseUrl}/sign-in`, { redirect: "manual" });
    await response.arrayBuffer();
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});
