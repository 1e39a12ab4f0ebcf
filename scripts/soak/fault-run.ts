import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { killGroup, startWorker, type WorkerProcess } from "./worker-process";

/**
 * A batch of uploads processed by a separate worker process (`npm run worker`, the server with WORKER=off) that is
 * killed with SIGKILL at random moments and restarted each time, with the app's database connections cut once
 * mid-batch. Then checks what DESIGN promises: every document ends processed, failed or skipped, none lost, none
 * processed twice, and every final event reaches the webhook receiver at least once under one stable webhook-id.
 *
 * The database fault is `pg_terminate_backend` of every connection to the run's own database: the machine's
 * PostgreSQL is shared, so it is never restarted. To the app this is what a restart looks like (every connection
 * dropped at once), minus the seconds of refused connections.
 */
/** Restarts the machine's PostgreSQL cluster and waits until it accepts connections; returns how long it took. */
function restartPostgres(): number {
  const started = Date.now();
  const version = fs.readdirSync("/etc/postgresql")[0];
  if (!version) throw new Error("no PostgreSQL cluster under /etc/postgresql");
  const restart = spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"], { encoding: "utf8" });
  if (restart.status !== 0) throw new Error(`pg_ctlcluster restart failed: ${restart.stderr}`);
  for (let attempt = 0; attempt < 60; attempt++) {
    if (spawnSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"]).status === 0) return Date.now() - started;
    spawnSync("sleep", ["0.5"]);
  }
  throw new Error("PostgreSQL did not come back within 30 s");
}

export type FaultRunOptions = {
  /** A database URL the run may use and that nothing else uses (created by the caller). */
  databaseUrl: string;
  uploads: number;
  kills: number;
  /**
   * At the middle kill: `cut` ends all of the app's connections to its database (pg_terminate_backend); `restart`
   * restarts the PostgreSQL server itself (pg_ctlcluster, so only where nothing else needs it at that moment).
   */
  databaseFault: "cut" | "restart" | "off";
  /** Each kill comes this long (uniformly random, ms) after the restarted worker reports ready. */
  killWindowMs?: [number, number];
  /** The share of first delivery attempts the receiver answers with a 500, so retries happen besides kills. */
  receiverFailRate?: number;
  deadlineMs?: number;
  log?: (line: string) => void;
};

export type FaultRunReport = {
  uploads: number;
  accepted: number;
  statuses: Record<string, number>;
  kills: number;
  killsWithWorkInHand: number;
  databaseConnectionsCut: number;
  workerRestartMs: { median: number; max: number };
  uploadSeconds: number;
  allFinalSeconds: number;
  webhooksSettledSeconds: number;
  jobRetries: number;
  deadLettered: number;
  deliveriesReceived: number;
  distinctMessages: number;
  redeliveries: number;
  failedMessages: string[];
  problems: string[];
};

const FINAL = ["processed", "failed", "skipped"];

async function invoicePdf(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([420, 300]);
  ["Fault Supplies Ltd", `Invoice Number: FAULT-${String(n).padStart(4, "0")}`, "Invoice Date: 2024-07-01", `Total: ${n + 10}.00 EUR`].forEach((line, index) =>
    page.drawText(line, { x: 30, y: 260 - index * 22, size: 12, font }),
  );
  return pdf.save();
}

type Delivery = { webhookId: string; type: string; documentId: string; answered: number };

/** A loopback webhook receiver that checks every signature and answers some first attempts with a 500. */
async function startReceiver(failRate: number) {
  const deliveries: Delivery[] = [];
  const badSignatures: string[] = [];
  const seen = new Set<string>();
  let verifier: Webhook | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      try {
        verifier?.verify(body, headers);
      } catch {
        badSignatures.push(headers["webhook-id"] ?? "?");
      }
      const payload = JSON.parse(body) as { type: string; data: { document?: { id: string } } };
      const webhookId = headers["webhook-id"] ?? "";
      const firstSight = !seen.has(webhookId);
      seen.add(webhookId);
      const answered = firstSight && Math.random() < failRate ? 500 : 200;
      deliveries.push({ webhookId, type: payload.type, documentId: payload.data.document?.id ?? "", answered });
      response.writeHead(answered, { "content-type": "text/plain" });
      response.end(answered === 200 ? "ok" : "try again");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    deliveries,
    badSignatures,
    useSecret: (secret: string) => (verifier = new Webhook(secret)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runFaults(options: FaultRunOptions): Promise<FaultRunReport> {
  const log = options.log ?? (() => undefined);
  const [killMin, killMax] = options.killWindowMs ?? [300, 4000];
  const deadline = Date.now() + (options.deadlineMs ?? 20 * 60_000);
  const problems: string[] = [];
  const receiver = await startReceiver(options.receiverFailRate ?? 0.1);
  const dataDir = tempDataDir("quarry-faults-");
  const workerLog = path.join(dataDir, "worker.log");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    AUTH_SECRET: "",
    REGION: "us",
    RATE_LIMIT_PER_MINUTE: "100000000",
    RATE_LIMIT_PER_DAY: "100000000",
    SAFE_FETCH_ALLOW: `127.0.0.1:${receiver.port}`,
    WEBHOOK_TIMEOUT_MS: "2000",
    WEBHOOK_RETRY_SCHEDULE_MS: "1000,2000,4000,8000,8000,8000",
  };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const key = parseSeedOutput(seeded.stdout).teams[0]!.apiKey;
  const server = await startServer({ ...env, WORKER: "off" });
  // Server and worker share AUTH_SECRET (the webhook secrets are encrypted with a key derived from it).
  const workerEnv = { ...env, AUTH_SECRET: fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8") };
  let admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  const databaseName = new URL(options.databaseUrl).pathname.slice(1);
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  let worker: WorkerProcess | null = null;
  try {
    const parser = await api<{ id: string }>("POST", "/parsers", {
      name: "Fault batch",
      fields: [
        { name: "invoiceNumber", type: "text", description: "Invoice number" },
        { name: "total", type: "currency", description: "Total amount" },
      ],
    });
    const webhook = await api<{ secret: string }>("POST", `/parsers/${parser.id}/webhooks`, {
      url: `http://127.0.0.1:${receiver.port}/hook`,
      events: ["document.processed", "document.failed", "document.skipped"],
    });
    receiver.useSecret(webhook.secret);

    const documentStatuses = async () => {
      const { rows } = await admin.query<{ status: string; count: string }>("select status, count(*) from documents where parser_id = $1 and deleted_at is null group by status", [parser.id]);
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    };
    const finalCount = (statuses: Record<string, number>) => FINAL.reduce((sum, status) => sum + (statuses[status] ?? 0), 0);

    worker = startWorker(workerEnv, workerLog);
    await worker.ready;
    log(`server (WORKER=off) and worker ready; uploading ${options.uploads} documents`);

    // Uploads go to the server, which stays up; 4 at a time, while the worker is being killed.
    const started = Date.now();
    const accepted: { id: string; n: number }[] = [];
    let uploadSeconds = 0;
    const uploading = (async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < options.uploads) {
            const n = next++;
            const form = new FormData();
            form.append("file", new Blob([Buffer.from(await invoicePdf(n))], { type: "application/pdf" }), `fault-${n}.pdf`);
            form.append("externalIds", JSON.stringify([`fault-${n}`]));
            const response = await fetch(`${server.baseUrl}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
            if (response.ok) accepted.push({ id: ((await response.json()) as { result: { id: string }[] }).result[0]!.id, n });
            else problems.push(`upload ${n} refused: ${response.status} ${await response.text()}`);
          }
        }),
      );
      uploadSeconds = (Date.now() - started) / 1000;
      log(`uploads done in ${uploadSeconds.toFixed(1)} s`);
    })();

    let kills = 0;
    let killsWithWorkInHand = 0;
    let databaseConnectionsCut = 0;
    const restarts: number[] = [];
    while (kills < options.kills && Date.now() < deadline) {
      await sleep(killMin + Math.random() * (killMax - killMin));
      const inHand = (await documentStatuses()).processing ?? 0;
      await killGroup(worker, "SIGKILL");
      kills += 1;
      if (inHand > 0) killsWithWorkInHand += 1;
      if (options.databaseFault === "cut" && kills === Math.ceil(options.kills / 2)) {
        // Every connection of the server and of pg-boss to this run's database, at once.
        const { rows } = await admin.query<{ cut: boolean }>("select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [databaseName]);
        databaseConnectionsCut = rows.filter((row) => row.cut).length;
        log(`kill ${kills}: also cut ${databaseConnectionsCut} database connections`);
      }
      if (options.databaseFault === "restart" && kills === Math.ceil(options.kills / 2)) {
        const { rows } = await admin.query<{ count: string }>("select count(*) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [databaseName]);
        databaseConnectionsCut = Number(rows[0]?.count ?? 0);
        await admin.end().catch(() => undefined);
        const downFor = restartPostgres();
        admin = new pg.Client({ connectionString: options.databaseUrl });
        await admin.connect();
        log(`kill ${kills}: also restarted PostgreSQL (${databaseConnectionsCut} app connections dropped, down ${downFor} ms)`);
      }
      const restartedAt = Date.now();
      worker = startWorker(workerEnv, workerLog);
      await worker.ready;
      restarts.push(Date.now() - restartedAt);
      if (kills % 5 === 0) log(`kill ${kills}/${options.kills} (${inHand} in processing); ${finalCount(await documentStatuses())}/${options.uploads} final`);
    }
    await uploading;

    let statuses = await documentStatuses();
    while (finalCount(statuses) < accepted.length && Date.now() < deadline) {
      await sleep(1000);
      statuses = await documentStatuses();
    }
    const allFinalSeconds = (Date.now() - started) / 1000;
    log(`all final after ${allFinalSeconds.toFixed(0)} s: ${JSON.stringify(statuses)}`);

    // Each final document's event, received at least once (a delivery killed mid-flight waits out its lease).
    const { rows: expected } = await admin.query<{ id: string; status: string }>("select id, status from documents where parser_id = $1 and deleted_at is null", [parser.id]);
    const delivered = () => new Set(receiver.deliveries.filter((d) => d.answered === 200).map((d) => `${d.documentId} ${d.type}`));
    const missing = () => expected.filter((row) => FINAL.includes(row.status) && !delivered().has(`${row.id} document.${row.status}`));
    while (missing().length > 0 && Date.now() < deadline) await sleep(1000);
    const webhooksSettledSeconds = (Date.now() - started) / 1000;

    // What the checks below read: documents, the outbox, usage and pg-boss's own job table.
    if (accepted.length !== options.uploads) problems.push(`${options.uploads - accepted.length} uploads were not accepted`);
    if (expected.length !== accepted.length) problems.push(`the parser holds ${expected.length} documents, ${accepted.length} were accepted`);
    const unfinished = expected.filter((row) => !FINAL.includes(row.status));
    if (unfinished.length > 0) problems.push(`${unfinished.length} documents never finished: ${unfinished.slice(0, 5).map((row) => `${row.id} ${row.status}`).join(", ")}`);
    const { rows: externalDuplicates } = await admin.query("select external_id from documents where parser_id = $1 group by external_id having count(*) > 1", [parser.id]);
    if (externalDuplicates.length > 0) problems.push(`${externalDuplicates.length} uploads stored twice`);
    const { rows: outboxDuplicates } = await admin.query(
      "select payload->'data'->'document'->>'id' as document, event_type, count(*) from webhook_deliveries where event_type like 'document.%' group by 1, 2 having count(*) > 1",
    );
    if (outboxDuplicates.length > 0) problems.push(`${outboxDuplicates.length} documents finished more than once (duplicate events in the outbox)`);
    const { rows: usage } = await admin.query<{ documents: string | null }>("select sum(documents) as documents from usage_daily where parser_id = $1", [parser.id]);
    const counted = Number(usage[0]?.documents ?? 0);
    const shouldCount = (statuses.processed ?? 0) + (statuses.skipped ?? 0);
    if (counted !== shouldCount) problems.push(`usage counts ${counted} documents for ${shouldCount} processed or skipped: extraction results recorded twice`);
    const { rows: wrongData } = await admin.query<{ external_id: string; data: Record<string, unknown> }>(
      "select external_id, data from documents where parser_id = $1 and status = 'processed' and data->>'invoiceNumber' is distinct from 'FAULT-' || lpad(substring(external_id from 7), 4, '0')",
      [parser.id],
    );
    if (wrongData.length > 0) problems.push(`${wrongData.length} processed documents hold another document's data, e.g. ${JSON.stringify(wrongData[0])}`);
    const stillMissing = missing();
    if (stillMissing.length > 0) problems.push(`${stillMissing.length} final events never reached the receiver, e.g. ${stillMissing[0]!.id} ${stillMissing[0]!.status}`);
    // One message per (document, event); every delivery of that message carries its webhook-id.
    const messagesPerEvent = new Map<string, Set<string>>();
    for (const delivery of receiver.deliveries) {
      const eventKey = `${delivery.documentId} ${delivery.type}`;
      messagesPerEvent.set(eventKey, (messagesPerEvent.get(eventKey) ?? new Set()).add(delivery.webhookId));
    }
    const split = [...messagesPerEvent.entries()].filter(([, ids]) => ids.size > 1);
    if (split.length > 0) problems.push(`${split.length} events arrived under more than one webhook-id, e.g. ${split[0]![0]}`);
    if (receiver.badSignatures.length > 0) problems.push(`${receiver.badSignatures.length} deliveries had a bad signature`);
    const { rows: messageIds } = await admin.query<{ message_id: string; event_type: string; document: string }>(
      "select message_id, event_type, payload->'data'->'document'->>'id' as document from webhook_deliveries",
    );
    const outboxId = new Map(messageIds.map((row) => [`${row.document} ${row.event_type}`, row.message_id]));
    const foreign = receiver.deliveries.filter((d) => outboxId.get(`${d.documentId} ${d.type}`) !== d.webhookId);
    if (foreign.length > 0) problems.push(`${foreign.length} deliveries carried a webhook-id the outbox does not hold for that event`);

    const { rows: jobs } = await admin.query<{ retries: string | null; dead: string }>(
      "select coalesce(sum(retry_count) filter (where name = 'extract-document'), 0) as retries, count(*) filter (where name = 'extract-document-dead') as dead from pgboss.job",
    );
    const failedMessages = [...new Set((await admin.query<{ error: string }>("select error from documents where parser_id = $1 and status = 'failed'", [parser.id])).rows.map((row) => row.error))];
    const distinctMessages = new Set(receiver.deliveries.map((d) => d.webhookId)).size;
    return {
      uploads: options.uploads,
      accepted: accepted.length,
      statuses,
      kills,
      killsWithWorkInHand,
      databaseConnectionsCut,
      workerRestartMs: { median: median(restarts), max: Math.max(0, ...restarts) },
      uploadSeconds,
      allFinalSeconds,
      webhooksSettledSeconds,
      jobRetries: Number(jobs[0]?.retries ?? 0),
      deadLettered: Number(jobs[0]?.dead ?? 0),
      deliveriesReceived: receiver.deliveries.length,
      distinctMessages,
      redeliveries: receiver.deliveries.length - distinctMessages,
      failedMessages,
      problems,
    };
  } finally {
    if (worker) await killGroup(worker, "SIGTERM");
    await server.stop();
    await admin.end().catch(() => undefined);
    await receiver.close();
    if (problems.length === 0) fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`kept ${dataDir} (worker log: ${workerLog})`);
  }
}
