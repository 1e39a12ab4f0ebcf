// `npm run bench:learning -- [dataset dir…] [--verbose]` (default ../shared/datasets/dev and ../shared/datasets/receipts-dev):
// does a parser learn from its reviewers? Through the real API on a fresh server: for every sender group with two or
// more documents (GT `split_group`), the first document is processed and its ground truth saved as the correction
// (PATCH /process/{parserId}/files/data); then the group's other documents are processed. A parser that was never
// taught processes the same documents. Scores later documents' fields and line-item cells for both, and documents
// of senders never taught (single-document groups) on both parsers, to show memory breaks nothing it does not know.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { addTo, describe, FIELDS, gtAsData, MIME, scoreCells, scoreFields, zero, type Counts, type Gt, type ManifestEntry } from "./learning-score";

const FINAL = new Set(["processed", "in_review", "failed", "skipped", "approved", "rejected"]);

type Api = <T>(method: string, url: string, body?: unknown) => Promise<T>;

function client(baseUrl: string, key: string): Api {
  return async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
}

async function upload(baseUrl: string, key: string, parserId: string, dir: string, entry: ManifestEntry): Promise<string> {
  const form = new FormData();
  const type = MIME[path.extname(entry.document).toLowerCase()] ?? "application/octet-stream";
  form.append("file", new Blob([readFileSync(path.join(dir, entry.document))], { type }), path.basename(entry.document));
  const response = await fetch(`${baseUrl}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await response.json()) as { result?: Array<{ documentId: string }>; message?: string };
  if (!response.ok || !body.result?.[0]) throw new Error(`upload of ${entry.id}: ${response.status} ${body.message ?? ""}`);
  return body.result[0].documentId;
}

async function settle(api: Api, parserId: string, documentIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const data = new Map<string, Record<string, unknown>>();
  const deadline = Date.now() + 60 * 60 * 1000;
  while (data.size < documentIds.length) {
    if (Date.now() > deadline) throw new Error("documents did not finish processing within an hour");
    for (const id of documentIds) {
      if (data.has(id)) continue;
      const view = await api<{ data: Record<string, unknown>; metadata: { status: string } }>("GET", `/process/${parserId}/files/data?documentId=${id}`);
      if (FINAL.has(view.metadata.status)) data.set(id, view.data);
    }
    if (data.size < documentIds.length) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return data;
}

type Totals = { taught: Counts; untaught: Counts; cellsTaught: Counts; cellsUntaught: Counts; otherTaught: Counts; otherUntaught: Counts; later: number; groups: number; others: number };

async function benchSet(baseUrl: string, key: string, dir: string, totals: Totals, verbose: boolean) {
  const api = client(baseUrl, key);
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { documents: ManifestEntry[] };
  const groups = new Map<string, ManifestEntry[]>();
  for (const entry of manifest.documents) groups.set(entry.split_group, [...(groups.get(entry.split_group) ?? []), entry]);
  const parser = (name: string) => api<{ id: string }>("POST", "/parsers", { name, fields: FIELDS, acceptedFileTypes: ["application/pdf", "image/png", "image/jpeg"] });
  const taught = await parser(`Taught ${path.basename(dir)}`);
  const untaught = await parser(`Never taught ${path.basename(dir)}`);
  const gtOf = (entry: ManifestEntry) => JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as Gt;

  // 1. Teach: the first document of each group, its ground truth saved as the reviewer's correction.
  const firsts = [...groups.values()].filter((entries) => entries.length >= 2).map((entries) => entries[0]!);
  const firstIds = await Promise.all(firsts.map((entry) => upload(baseUrl, key, taught.id, dir, entry)));
  await settle(api, taught.id, firstIds);
  for (const [index, entry] of firsts.entries()) {
    await api("PATCH", `/process/${taught.id}/files/data`, { documentId: firstIds[index], data: gtAsData(gtOf(entry)) });
  }
  // 2. Process the later documents, and the documents of senders never taught, on both parsers.
  const later = [...groups.values()].filter((entries) => entries.length >= 2).flatMap((entries) => entries.slice(1));
  const others = [...groups.values()].filter((entries) => entries.length === 1).flat();
  const runs: Array<{ entry: ManifestEntry; later: boolean; taughtId: string; untaughtId: string }> = [];
  for (const entry of [...later, ...others]) {
    runs.push({ entry, later: later.includes(entry), taughtId: await upload(baseUrl, key, taught.id, dir, entry), untaughtId: await upload(baseUrl, key, untaught.id, dir, entry) });
  }
  const taughtData = await settle(api, taught.id, runs.map((run) => run.taughtId));
  const untaughtData = await settle(api, untaught.id, runs.map((run) => run.untaughtId));
  for (const run of runs) {
    const gt = gtOf(run.entry);
    const withMemory = taughtData.get(run.taughtId)!;
    const without = untaughtData.get(run.untaughtId)!;
    const misses: string[] = [];
    const missesWithout: string[] = [];
    scoreFields(gt, withMemory, run.later ? totals.taught : totals.otherTaught, misses);
    scoreFields(gt, without, run.later ? totals.untaught : totals.otherUntaught, missesWithout);
    if (run.later && gt.tables?.line_items) {
      scoreCells(gt.tables.line_items, withMemory.line_items, totals.cellsTaught, misses);
      scoreCells(gt.tables.line_items, without.line_items, totals.cellsUntaught, missesWithout);
    }
    if (verbose && (misses.length > 0 || missesWithout.length > 0)) {
      console.log(`${run.later ? "later" : "never taught"} ${run.entry.id} [${run.entry.split_group}]`);
      for (const miss of misses) console.log(`    ${miss}${missesWithout.includes(miss) ? "" : "   (memory)"}`);
      for (const miss of missesWithout.filter((item) => !misses.includes(item))) console.log(`    fixed by memory: ${miss}`);
    }
  }
  totals.later += later.length;
  totals.groups += firsts.length;
  totals.others += others.length;
  console.log(`${path.basename(dir)}: ${firsts.length} sender groups taught, ${later.length} later documents, ${others.length} documents of senders never taught`);
}

const emptyTotals = (): Totals => ({ taught: zero(), untaught: zero(), cellsTaught: zero(), cellsUntaught: zero(), otherTaught: zero(), otherUntaught: zero(), later: 0, groups: 0, others: 0 });

function addTotals(into: Totals, from: Totals): void {
  for (const key of ["taught", "untaught", "cellsTaught", "cellsUntaught", "otherTaught", "otherUntaught"] as const) addTo(into[key], from[key]);
  into.later += from.later;
  into.groups += from.groups;
  into.others += from.others;
}

function report(prefix: string, totals: Totals): void {
  console.log(`\n${prefix}later documents (${totals.later} in ${totals.groups} sender groups):`);
  console.log(`  fields F1  taught ${describe(totals.taught)}   never taught ${describe(totals.untaught)}`);
  console.log(`  cells F1   taught ${describe(totals.cellsTaught)}   never taught ${describe(totals.cellsUntaught)}`);
  console.log(`${prefix}documents of senders never taught (${totals.others}): fields F1 on the taught parser ${describe(totals.otherTaught)}, on the untaught one ${describe(totals.otherUntaught)}`);
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const dirs = args.filter((arg) => !arg.startsWith("--"));
  const sets = (dirs.length > 0 ? dirs : ["../shared/datasets/dev", "../shared/datasets/receipts-dev"]).map((dir) => path.resolve(dir));
  console.log(`Quarry learning benchmark — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  // Measured as the engine reads the print: embedded e-invoice XML would fill the fields without reading anything.
  const env = { DATA_DIR: tempDataDir("quarry-bench-learning-"), DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "", EINVOICE_XML: "off", LLM_BASE_URL: "", RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const key = parseSeedOutput(seeded.stdout).teams[0]!.apiKey;
  const server = await startServer(env);
  const totals = emptyTotals();
  try {
    for (const dir of sets) {
      // Each set on its own first (a receipts set and an invoices set are not alike), then all together.
      const set = emptyTotals();
      await benchSet(server.baseUrl, key, dir, set, verbose);
      report(`${path.basename(dir)}: `, set);
      addTotals(totals, set);
    }
  } catch (error) {
    console.error(`server output (last 3,000 characters):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await server.stop();
  }
  if (sets.length > 1) report("all sets: ", totals);
  console.log(`load at the end ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
