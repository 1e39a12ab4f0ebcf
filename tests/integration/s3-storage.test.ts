import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { startTestS3, type TestS3 } from "../support/s3-server";
import { parseSeedOutput } from "../support/seed-output";
import { runSeed, startServer, tempDataDir, type RunningServer } from "../support/server";

/**
 * STORAGE=s3 end to end: this file's own server on PGlite in its own DATA_DIR, its files in a real S3-compatible
 * server (s3rver, in this process). Storage does not depend on the database, so the PostgreSQL pass skips it.
 */
const PREFIX = "quarry/";
const INVOICE = ["ACME Supplies Ltd", "Invoice Number: INV-S3-0007", "Invoice Date: 2024-03-15", "Total: 1,234.56 EUR"];

type UploadItem = { id: string; url: string; status: string };
type DataView = { data: Record<string, unknown>; metadata: { status: string } };

let s3: TestS3;
let server: RunningServer;
let dataDir = "";
let key = "";
let teamId = "";

function s3Env(): Record<string, string> {
  return {
    DATABASE_URL: "",
    AUTH_SECRET: "",
    DATA_DIR: dataDir,
    WORKER: "inline",
    STORAGE: "s3",
    S3_BUCKET: s3.bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: PREFIX,
  };
}

async function api<T>(pathname: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function objectBytes(objectKey: string): Promise<Uint8Array> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey }));
  return object.Body!.transformToByteArray();
}

/** Every file under a directory (relative paths), or none when it does not exist. */
function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe.skipIf(Boolean(process.env.QUARRY_TEST_DATABASE_URL))("STORAGE=s3", () => {
  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = tempDataDir("quarry-s3-");
    const seeded = runSeed(s3Env());
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    const acme = parseSeedOutput(seeded.stdout).teams.find((team) => team.name === "Acme")!;
    key = acme.apiKey;
    teamId = acme.id;
    server = await startServer(s3Env());
  });

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps an upload in the bucket, extracts it from there, serves it by link and deletes it with the document", async () => {
    const parser = await api<{ id: string }>("/api/v1/parsers", { body: { name: "S3 invoices", fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] } });
    expect(parser.status).toBe(201);

    const pdf = await textPdf(INVOICE);
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(pdf)], { type: "application/pdf" }), "invoice.pdf");
    const uploaded = await fetch(`${server.baseUrl}/api/v1/process/${parser.body.id}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
    expect(uploaded.status).toBe(200);
    const [item] = ((await uploaded.json()) as { result: UploadItem[] }).result;
    const objectKey = `${PREFIX}${teamId}/${item!.id}/invoice.pdf`;

    // In the bucket, under the prefix, byte for byte; nothing under DATA_DIR/files.
    expect(await s3.keys(PREFIX)).toEqual([objectKey]);
    expect(Buffer.from(await objectBytes(objectKey)).equals(Buffer.from(pdf))).toBe(true);
    expect(filesUnder(path.join(dataDir, "files"))).toEqual([]);

    // The worker reads it back from the bucket to extract it; reprocessing checks that it is still there (HeadObject).
    const processed = async () => {
      let view: DataView | undefined;
      await expect
        .poll(
          async () => {
            view = (await api<DataView>(`/api/v1/process/${parser.body.id}/files/data?documentId=${item!.id}`)).body;
            return view.metadata.status;
          },
          { timeout: 30_000, interval: 300 },
        )
        .toMatch(/^(processed|failed|skipped)$/);
      return view!;
    };
    expect(await processed()).toMatchObject({ metadata: { status: "processed" }, data: { invoiceNumber: "INV-S3-0007" } });
    const reprocessed = await api<{ success: boolean; result: UploadItem[] }>(`/api/v1/parsers/${parser.body.id}/documents/${item!.id}/reprocess`, { method: "POST" });
    expect(reprocessed).toMatchObject({ status: 200, body: { success: true, result: [{ status: "processing" }] } });
    expect(await processed()).toMatchObject({ metadata: { status: "processed" }, data: { invoiceNumber: "INV-S3-0007" } });

    // Quarry's signed link serves the same bytes, read from the bucket.
    const download = await fetch(item!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const deleted = await api<{ deleted: number }>(`/api/v1/parsers/${parser.body.id}/documents/${item!.id}`, { method: "DELETE" });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect(await s3.has(objectKey)).toBe(false);
    expect(await s3.keys(PREFIX)).toEqual([]);
    const gone = await fetch(item!.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: true, message: "The file no longer exists" });
  }, 40_000);

  it("never writes the S3 secret to the server's log", () => {
    expect(server.output()).toContain("[quarry] ready");
    expect(server.output()).not.toContain(s3.secretAccessKey);
  });

  it("refuses to start with STORAGE=s3 and no bucket, saying which variable is missing", async () => {
    const emptyDataDir = tempDataDir("quarry-s3-nobucket-");
    const failed = await startServer({ ...s3Env(), DATA_DIR: emptyDataDir, S3_BUCKET: "" })
      .then(
        async (started) => {
          await started.stop();
          return "started";
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .finally(() => fs.rmSync(emptyDataDir, { recursive: true, force: true }));
    expect(failed).toContain("Invalid configuration: S3_BUCKET: is required when STORAGE=s3");
    expect(failed).not.toContain(s3.secretAccessKey);
  }, 60_000);
});
