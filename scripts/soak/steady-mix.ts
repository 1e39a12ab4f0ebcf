// `npm run test:soak`: starts the real server (its own temporary DATA_DIR on PGlite, or the PostgreSQL of DATABASE_URL),
// seeds, and sends a steady mix of uploads, list and search requests and review decisions for SOAK_MINUTES (default 30)
// at SOAK_RATE operations a second (default 5). Prints errors (must be 0), p50/p95 per kind, and the resident memory
// of the server's process tree at the start, every minute and at the end. Fails on any error, on any upload that never
// reaches a final status, or when the server's RSS at the end exceeds its RSS after the first minute (every route
// warmed up) by more than SOAK_RSS_GROWTH_MB (default 150). Loopback only, bounded in time.
import fs from "node:fs";
import os from "node:os";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { treeRss } from "../bench/tree-rss";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 5);
const RSS_GROWTH_MB = Number(process.env.SOAK_RSS_GROWTH_MB ?? 150);
const MB = 1024 * 1024;
const VENDORS = ["Initech", "Globex Corporation", "Wonka Industries", "Stark Industries", "Umbrella Corp"];
/** One cycle of ten operations: two uploads, three lists, three searches, two review decisions. */
const CYCLE = ["upload", "list", "search", "review", "list", "upload", "search", "list", "search", "review"] as const;
type Kind = (typeof CYCLE)[number];

async function invoicePdf(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [VENDORS[n % VENDORS.length]!, `Invoice Number: SOAK-${String(n).padStart(6, "0")}`, "Invoice Date: 2024-07-01", `Total: ${(n % 900) + 10}.50 EUR`];
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  return pdf.save();
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function main() {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const env = { DATA_DIR: tempDataDir("quarry-soak-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const admin = team.members.find((member) => member.role === "admin")!;
  const server = await startServer(env);
  const base = server.baseUrl;
  const auth = { authorization: `Bearer ${team.apiKey}` };
  const rssAt = () => treeRss(server.process.pid!) / MB;
  const rss: { label: string; mb: number }[] = [{ label: "start", mb: rssAt() }];

  const latencies = new Map<Kind, number[]>();
  const failures: string[] = [];
  const uploadedIds: string[] = [];

  /** Sends one request; anything but a 2xx is an error of the soak. */
  async function request<T>(kind: Kind | null, path: string, init: RequestInit = {}): Promise<T | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
      const text = await response.text();
      if (kind) {
        const list = latencies.get(kind) ?? [];
        list.push(performance.now() - started);
        latencies.set(kind, list);
      }
      if (!response.ok) {
        failures.push(`${init.method ?? "GET"} ${path}: ${response.status} ${text.slice(0, 200)}`);
        return null;
      }
      return JSON.parse(text) as T;
    } catch (error) {
      failures.push(`${init.method ?? "GET"} ${path}: ${(error as Error).message}`);
      return null;
    }
  }
  const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  try {
    const parser = await request<{ id: string }>(null, "/api/v1/parsers", json({ name: "Soak invoices", fields: [{ name: "vendor", type: "text" }, { name: "invoiceNumber", type: "text" }, { name: "total", type: "currency" }] }));
    if (!parser) throw new Error(`could not create the parser: ${failures.join("; ")}`);
    // Every extracted document waits for the admin's decision, so review decisions always have work.
    const stage = await request(null, `/api/v1/parsers/${parser.id}/review-stages`, json({ name: "Check", reviewerId: admin.id }));
    if (!stage) throw new Error(`could not create the review stage: ${failures.join("; ")}`);
    const documents = `/api/v1/parsers/${parser.id}/documents`;

    let uploads = 0;
    const operations: Record<Kind, () => Promise<unknown>> = {
      upload: async () => {
        const n = uploads++;
        const form = new FormData();
        form.append("file", new Blob([Buffer.from(await invoicePdf(n))], { type: "application/pdf" }), `soak-${n}.pdf`);
        const answer = await request<{ result: { documentId: string }[] }>("upload", `/api/v1/process/${parser.id}/files`, { method: "POST", body: form });
        if (answer) uploadedIds.push(answer.result[0]!.documentId);
      },
      list: () => request("list", `${documents}?limit=20${uploads % 3 === 0 ? "&status=approved" : ""}`),
      search: () => request("search", `${documents}/search`, json({ q: VENDORS[uploads % VENDORS.length]!.toLowerCase().split(" ")[0] })),
      // Approve the oldest document waiting for review; when none waits, send an approved one back (reset).
      review: async () => {
        type Page = { data: { id: string }[] };
        const waiting = await request<Page>(null, `${documents}?status=in_review&sort=createdAt.asc&limit=1`);
        const next = waiting?.data[0];
        if (next) return request("review", `${documents}/${next.id}/review/approve`, json({ reviewerId: admin.id }));
        const approved = await request<Page>(null, `${documents}?status=approved&limit=1`);
        const done = approved?.data[0];
        if (done) return request("review", `${documents}/${done.id}/review/reset`, json({ reviewerId: admin.id }));
      },
    };

    // A few documents first, so lists, searches and reviews have something to work on from the first second.
    for (let i = 0; i < 5; i++) await operations.upload();
    console.log(`Quarry soak — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}, Node ${process.version}, ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
    console.log(`${MINUTES} min at ${RATE} operations/s (cycle: ${CYCLE.join(", ")}); RSS bound: +${RSS_GROWTH_MB} MB over the first minute`);
    console.log(`RSS start: ${rss[0]!.mb.toFixed(0)} MB`);

    // Open loop: operations start on a fixed schedule whatever the answers take, as real clients would send them.
    // Review decisions run one at a time (two at once could pick the same document and one would rightly get 409).
    const started = performance.now();
    const end = started + MINUTES * 60_000;
    const inFlight = new Set<Promise<unknown>>();
    let reviewChain: Promise<unknown> = Promise.resolve();
    let nextMinute = started + 60_000;
    for (let tick = 0; ; tick++) {
      const at = started + (tick * 1000) / RATE;
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= nextMinute) {
        rss.push({ label: `minute ${rss.length}`, mb: rssAt() });
        console.log(`RSS ${rss.at(-1)!.label}: ${rss.at(-1)!.mb.toFixed(0)} MB (${failures.length} errors so far, ${inFlight.size} in flight)`);
        nextMinute += 60_000;
      }
      const kind = CYCLE[tick % CYCLE.length]!;
      const operation = kind === "review" ? (reviewChain = reviewChain.then(operations.review)) : operations[kind]();
      inFlight.add(operation);
      void operation.finally(() => inFlight.delete(operation));
    }
    await Promise.all(inFlight);
    await reviewChain;
    rss.push({ label: "end of mix", mb: rssAt() });

    // Nothing uploaded may stay queued or processing: wait for the worker to drain, then count.
    const pendingCount = async () => {
      let total = 0;
      for (const status of ["uploading", "queued", "processing"]) total += (await request<{ pagination: { total: number } }>(null, `${documents}?status=${status}&limit=1`))?.pagination.total ?? 0;
      return total;
    };
    let pending = await pendingCount();
    for (const deadline = performance.now() + 120_000; pending > 0 && performance.now() < deadline; pending = await pendingCount()) await new Promise((resolve) => setTimeout(resolve, 2_000));
    const failed = (await request<{ pagination: { total: number } }>(null, `${documents}?status=failed&limit=1`))?.pagination.total ?? 0;
    rss.push({ label: "end", mb: rssAt() });

    const total = [...latencies.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(`\n${total} operations in ${((performance.now() - started) / 1000).toFixed(0)} s; ${uploadedIds.length} uploads; ${failures.length} errors; ${pending} documents not final; ${failed} extraction failures`);
    console.log("\n| kind | requests | p50 ms | p95 ms | max ms |");
    console.log("|---|---:|---:|---:|---:|");
    for (const kind of ["upload", "list", "search", "review"] as const) {
      const sorted = [...(latencies.get(kind) ?? [])].sort((a, b) => a - b);
      console.log(`| ${kind} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} |`);
    }
    console.log(`\nserver RSS MB: ${rss.map((sample) => `${sample.label} ${sample.mb.toFixed(0)}`).join(", ")}`);
    for (const failure of failures.slice(0, 20)) console.log(`  error: ${failure}`);

    const baseline = rss[1]?.label.startsWith("minute") ? rss[1].mb : rss[0]!.mb;
    const growth = rss.at(-1)!.mb - baseline;
    const problems = [
      failures.length > 0 ? `${failures.length} errors` : "",
      pending > 0 ? `${pending} documents never reached a final status` : "",
      failed > 0 ? `${failed} documents failed extraction` : "",
      growth > RSS_GROWTH_MB ? `RSS grew ${growth.toFixed(0)} MB over the first minute (bound ${RSS_GROWTH_MB} MB)` : "",
    ].filter(Boolean);
    console.log(problems.length ? `\nSOAK FAILED: ${problems.join("; ")}` : `\nsoak passed: 0 errors, RSS ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB over the first minute (bound ${RSS_GROWTH_MB} MB)`);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
