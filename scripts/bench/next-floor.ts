// The framework floor for `npm run bench:api` (BENCH_API_NEXT_FLOOR=1): a Next.js app of one route handler that
// answers GET /api/v1/parsers with a constant body (Quarry's own answer, read from a file at start), built with the
// project's Next.js and served by `next start` in its own process, like Quarry. No proxy, no database, no
// authentication: what it serves is the most any route handler of this Next.js can, on this machine, at that moment.
// The app lives in a temporary folder beside a link to the project's node_modules. bench/api.ts builds it (~1 min)
// unless BENCH_API_NEXT_FLOOR_DIR names one built before with `tsx scripts/bench/build-next-floor.ts` (so a benchmark run
// under a lock need not hold it for a build).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Rendered on each request (not prerendered at build), and without Next's request-tracking proxy.
const ROUTE = `import fs from "node:fs";

export const dynamic = "force-dynamic";
let body: string | undefined;

export function GET(): Response {
  body ??= fs.readFileSync(process.env.FLOOR_BODY_FILE ?? "", "utf8");
  return new Response(body, { headers: { "content-type": "application/json" } });
}
`;

/** Writes and builds the floor app; returns its folder. */
export function buildFloorApp(projectRoot: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-next-floor-"));
  fs.mkdirSync(path.join(dir, "app/api/v1/parsers"), { recursive: true });
  fs.writeFileSync(path.join(dir, "app/api/v1/parsers/route.ts"), ROUTE);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "quarry-next-floor", private: true }));
  // Turbopack refuses a node_modules link that points out of its root; webpack follows it.
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { poweredByHeader: false, typescript: { ignoreBuildErrors: true } };\n");
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const nextBin = path.join(projectRoot, "node_modules/next/dist/bin/next");
  const built = spawnSync(process.execPath, [nextBin, "build", "--webpack"], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`floor app build failed:\n${built.stdout}\n${built.stderr}`);
  return dir;
}

/** `next start` of the floor app answering `body`; resolves once it answers. */
export async function startFloorApp(dir: string, port: number, body: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const bodyFile = path.join(dir, "body.json");
  fs.writeFileSync(bodyFile, body);
  const nextBin = path.join(dir, "node_modules/next/dist/bin/next");
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", FLOOR_BODY_FILE: bodyFile },
    stdio: "ignore",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`floor app exited with ${child.exitCode}`);
    const answered = await fetch(`${baseUrl}/api/v1/parsers`).then((response) => response.ok, () => false);
    if (answered) break;
    if (Date.now() > deadline) throw new Error("floor app did not answer within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(bodyFile, { force: true });
    },
  };
}
