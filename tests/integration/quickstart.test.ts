import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QUICKSTART_CURL } from "../../lib/console/quickstart-curl";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, quarry } from "../support/http";
import { keysPerTest } from "../support/parsers";

/**
 * docs/api.md's quickstart, run as written against the real server: the TypeScript one is docs/examples/quickstart.ts
 * (the doc holds it verbatim, checked below), the curl one is the doc's own shell block, run by bash.
 */
const { acme } = keysPerTest();

/**
 * The quickstart's functions as this test uses them. Imported by path, not by a static import: the quickstart imports
 * the types an integrator generates (`./quarry-api`), which exist only where the unit test
 * lib/http/openapi-client.test.ts generates them and type-checks the file.
 */
type Client = object;
type Quickstart = {
  quarryClient(baseUrl: string, apiKey: string): Client;
  createInvoiceParser(quarry: Client): Promise<string>;
  uploadFile(quarry: Client, parserId: string, file: Blob, fileName: string): Promise<string>;
  waitForDocument(quarry: Client, parserId: string, documentId: string): Promise<{ status: string }>;
  readData(quarry: Client, parserId: string, documentId: string): Promise<Record<string, unknown>>;
  exportCsv(quarry: Client, parserId: string): Promise<string>;
  verifyWebhook(secret: string, rawBody: string, headers: Record<string, string>): { data: { document: { id: string } } };
};
const QUICKSTART = path.join(process.cwd(), "docs/examples/quickstart.ts");
const API_DOC = fs.readFileSync(path.join(process.cwd(), "docs/api.md"), "utf8");
const INVOICE = ["ACME Supplies Ltd", "Invoice Number: QS-2026-0042", "Invoice Date: 2026-03-14", "Total: 1,234.50 EUR"];
const FINAL = ["processed", "failed", "skipped", "in_review", "approved", "rejected"];

function block(marker: string): string {
  const match = new RegExp(`<!-- quickstart:${marker} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(API_DOC);
  if (!match) throw new Error(`docs/api.md has no ${marker} quickstart block`);
  return match[1]!;
}

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200).end();
  });
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the quickstart in docs/api.md", () => {
  it("holds docs/examples/quickstart.ts verbatim, and the curl one the console's API reference shows", () => {
    expect(block("typescript")).toBe(fs.readFileSync(QUICKSTART, "utf8"));
    expect(block("curl")).toBe(QUICKSTART_CURL);
  });

  it("runs in TypeScript: parser, upload, wait, data, CSV, and a verified webhook", async () => {
    await new Promise<void>((resolve) => receiver.listen(quarry().webhookPort, "127.0.0.1", resolve));
    const { quarryClient, createInvoiceParser, uploadFile, waitForDocument, readData, exportCsv, verifyWebhook } = (await import(/* @vite-ignore */ QUICKSTART)) as Quickstart;
    const client = quarryClient(baseUrl(), acme());
    const parserId = await createInvoiceParser(client);
    const hook = await call<{ secret: string }>(`/api/v1/parsers/${parserId}/webhooks`, {
      key: acme(),
      body: { url: `http://127.0.0.1:${quarry().webhookPort}/quarry`, events: ["document.processed", "document.in_review", "document.failed"] },
    });
    expect(hook.status).toBe(201);
    const secret = hook.body.secret;

    const documentId = await uploadFile(client, parserId, new Blob([Buffer.from(await textPdf(INVOICE))], { type: "application/pdf" }), "invoice.pdf");
    const document = await waitForDocument(client, parserId, documentId);
    expect(FINAL).toContain(document.status);
    const data = await readData(client, parserId, documentId);
    expect(JSON.stringify(data.invoice_number)).toContain("QS-2026-0042");
    const csv = await exportCsv(client, parserId);
    expect(csv).toContain("QS-2026-0042");

    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(delivery.headers[name])]));
    const event = verifyWebhook(secret, delivery.body, headers);
    expect(event.data.document.id).toBe(documentId);
    expect(() => verifyWebhook(secret, delivery.body.replace(documentId, "00000000-0000-4000-8000-000000000000"), headers)).toThrow();
  }, 120_000);

  it("runs in curl, as the doc writes it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-quickstart-"));
    fs.writeFileSync(path.join(dir, "invoice.pdf"), await textPdf(INVOICE));
    const script = `${block("curl")}\necho "DOCUMENT_ID=$DOCUMENT_ID"\n`;
    const output = execFileSync("bash", ["-euo", "pipefail", "-c", script], {
      cwd: dir,
      env: { ...process.env, QUARRY_URL: baseUrl(), QUARRY_KEY: acme() },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(output).toContain("QS-2026-0042");
    expect(output).toMatch(/DOCUMENT_ID=[0-9a-f-]{36}/);
    expect(fs.readFileSync(path.join(dir, "invoices.csv"), "utf8")).toContain("QS-2026-0042");
    fs.rmSync(dir, { recursive: true, force: true });
  }, 150_000);
});
