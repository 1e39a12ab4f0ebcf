// `npm run bench:memory`: the server's resident memory (the whole process tree of `npm start`) at start, after a
// warm-up that visits what a day of use visits, and at idle once the extraction threads have ended. On PGlite in a
// temporary DATA_DIR, or on the PostgreSQL of DATABASE_URL. The warm-up: the API routes of the soak's mix (parsers,
// documents, search, one review decision), uploads of BENCH_MEMORY_UPLOADS text PDFs (default 6) extracted to the
// end, and the console's pages signed in (sign-in, parsers, documents, the review workspace).
// BENCH_MEMORY_IDLE_S (default 75: past the pool's one-minute idle timeout) is how long it then waits idle.
// Targets (issue 26): ≤ 400 MB after warm-up at idle.
import os from "node:os";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseSeedOutput } from "../../tests/support/seed-output";
import { runSeed, startServer, tempDataDir } from "../../tests/support/server";
import { treeRss } from "./tree-rss";

const UPLOADS = Number(process.env.BENCH_MEMORY_UPLOADS ?? 6);
const IDLE_S = Number(process.env.BENCH_MEMORY_IDLE_S ?? 75);
const MB = 1024 * 1024;

async function invoicePdf(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ["Memory Bench Supplies", `Invoice Number: MEM-${n}`, "Invoice Date: 2024-07-01", `Total: ${n * 10}.50 EUR`];
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  return pdf.save();
}

/** next-auth's credentials flow over HTTP, as tests/support/http.ts does it (that module needs vitest); the session cookies. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => response.headers.getSetCookie().forEach((line) => jar.set(line.split("=")[0]!, line.split(";")[0]!));
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = () => [...jar.values()].join("; ");
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }),
    redirect: "manual",
  });
  keep(response);
  if (!cookie().includes("authjs.session-token=")) throw new Error("could not sign in");
  return cookie();
}

/** Statuses of a document the engine has not finished with. */
const UNFINISHED = new Set(["uploading", "queued", "processing"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const load = () => os.loadavg().map((value) => value.toFixed(1)).join(" ");
  const databaseUrl = process.env.DATABASE_URL ?? "";
  console.log(`Quarry memory benchmark — ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${databaseUrl ? "PostgreSQL" : "PGlite"}, load average ${load()}`);
  const env = { DATA_DIR: tempDataDir("quarry-bench-memory-"), DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "100000000", RATE_LIMIT_PER_DAY: "100000000" };
  const seeded = runSeed(env);
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const team = parseSeedOutput(seeded.stdout).teams[0]!;
  const admin = team.members.find((member) => member.role === "admin")!;
  const server = await startServer(env);
  const rss = () => Math.round(treeRss(server.process.pid!) / MB);
  const figures: { moment: string; mb: number; load: string }[] = [];
  const note = (moment: string) => figures.push({ moment, mb: rss(), load: load() });
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${team.apiKey}`, ...(init.headers as Record<string, string>) } });
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  try {
    await sleep(2_000);
    note("start");

    const parser = await api<{ id: string }>("/parsers", post({ name: "Memory bench", fields: [{ name: "invoiceNumber", type: "text" }, { name: "total", type: "currency" }] }));
    await api(`/parsers/${parser.id}/review-stages`, post({ name: "Check", reviewerId: admin.id }));
    const ids: string[] = [];
    for (let n = 1; n <= UPLOADS; n++) {
      const form = new FormData();
      form.append("file", new Blob([Buffer.from(await invoicePdf(n))], { type: "application/pdf" }), `mem-${n}.pdf`);
      ids.push(...(await api<{ result: { id: string }[] }>(`/process/${parser.id}/files`, { method: "POST", body: form })).result.map((item) => item.id));
    }
    const deadline = Date.now() + 180_000;
    for (const id of ids) {
      while (UNFINISHED.has((await api<{ status: string }>(`/parsers/${parser.id}/documents/${id}`)).status)) {
        if (Date.now() > deadline) throw new Error("uploads did not finish extracting in 3 minutes");
        await sleep(250);
      }
    }
    for (let round = 0; round < 20; round++) {
      await api("/parsers");
      await api(`/parsers/${parser.id}/documents?limit=20`);
      await api(`/parsers/${parser.id}/documents?q=Bench`);
    }
    await api(`/parsers/${parser.id}/documents/${ids[0]}/review/approve`, post({})).catch(() => undefined);

    // The console, signed in: its server components and actions are most of the server's code.
    await (await fetch(`${server.baseUrl}/sign-in`)).text();
    const cookie = await signIn(server.baseUrl, admin.email, admin.password);
    for (const path of ["/", "/parsers", `/parsers/${parser.id}/documents`, `/parsers/${parser.id}/documents/${ids[1]}`, "/review", "/settings/api-keys"]) {
      await (await fetch(`${server.baseUrl}${path}`, { headers: { cookie } })).text();
    }
    note("after warm-up");
    await sleep(IDLE_S * 1000);
    note(`idle ${IDLE_S} s after warm-up`);
    // What giving the threads back costs: the next document waits for a thread to start. Timed against one more
    // upload right after it (a thread is up then).
    const uploadToFinal = async (n: number) => {
      const form = new FormData();
      form.append("file", new Blob([Buffer.from(await invoicePdf(n))], { type: "application/pdf" }), `mem-${n}.pdf`);
      const started = performance.now();
      const [item] = (await api<{ result: { id: string }[] }>(`/process/${parser.id}/files`, { method: "POST", body: form })).result;
      while (UNFINISHED.has((await api<{ status: string }>(`/parsers/${parser.id}/documents/${item!.id}`)).status)) await sleep(50);
      return Math.round(performance.now() - started);
    };
    const afterIdle = await uploadToFinal(UPLOADS + 1);
    const warm = await uploadToFinal(UPLOADS + 2);
    console.log(`upload → final status: ${afterIdle} ms for the first document after idle, ${warm} ms for the next (load ${load()})`);
  } finally {
    await server.stop();
  }
  console.log("\n| moment | server RSS MB | load average |\n|---|---:|---|");
  for (const figure of figures) console.log(`| ${figure.moment} | ${figure.mb} | ${figure.load} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
