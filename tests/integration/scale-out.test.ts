import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call, freshKey, quarry, seedTeam } from "../support/http";

/** Several processes on one PostgreSQL: what the scale-out setup promises. */
describe.runIf(quarry().backend === "postgres")("scale-out on PostgreSQL", () => {
  it("shares keys across server processes", async () => {
    const { key } = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    expect((await call("/api/v1/parsers", { key, server: 1 })).status).toBe(200);
  });

  it("counts the rate limit across server processes", async () => {
    const msIntoMinute = Date.now() % 60_000;
    if (msIntoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - msIntoMinute + 200));
    const { key } = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    for (let i = 0; i < 100; i++) {
      const response = await call("/api/v1/parsers", { key, server: i % 2 });
      expect(response.status).toBe(200);
      expect(Number(response.headers.get("x-ratelimit-remaining"))).toBe(99 - i);
    }
    expect((await call("/api/v1/parsers", { key, server: 0 })).status).toBe(429);
    expect((await call("/api/v1/parsers", { key, server: 1 })).status).toBe(429);
  }, 120_000);

  it("runs a separate worker process that starts and stops cleanly", async () => {
    const root = path.resolve(__dirname, "../..");
    const worker = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/worker.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: quarry().databaseUrl!, DATA_DIR: quarry().dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    worker.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 60_000, interval: 250 }).toContain("[worker] ready");
    const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: shutting down");
  }, 90_000);
});
