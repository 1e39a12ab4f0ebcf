import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Waiting for a result over REST: `GET …/documents/{id}?wait=N` answers as soon as extraction is over, instead of a
 * client polling every second against its budget of 100 requests a minute; one waiting request counts once.
 */
const { acme, globex } = keysPerTest();
const FINAL = ["processed", "failed", "skipped", "in_review", "approved", "rejected"];
type DocumentAnswer = { id: string; status: string; data: Record<string, unknown> };

async function upload(key: string, parserId: string): Promise<string> {
  const form = new FormData();
  const pdf = await textPdf(["ACME Supplies Ltd", "Invoice Number: LP-1001", "Invoice Date: 2026-03-14", "Total: 1,234.50 EUR"]);
  form.append("file", new Blob([Buffer.from(pdf)], { type: "application/pdf" }), "long-poll.pdf");
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { id: string; status: string }[] };
  return body.result[0]!.id;
}

describe("GET a document with ?wait", () => {
  it("answers once extraction is over, well before the wait is up, and counts as one request", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "invoice_number", type: "text" }, { name: "total", type: "currency" }] });
    const documentId = await upload(acme(), parser.id);
    const path = `/api/v1/parsers/${parser.id}/documents/${documentId}`;
    const before = Number((await call(path, { key: acme() })).headers.get("x-ratelimit-remaining"));
    const started = Date.now();
    const waited = await call<DocumentAnswer>(`${path}?wait=60`, { key: acme() });
    const elapsed = Date.now() - started;
    expect(waited.status).toBe(200);
    expect(FINAL).toContain(waited.body.status);
    expect(elapsed).toBeLessThan(45_000);
    expect(Number(waited.headers.get("x-ratelimit-remaining"))).toBe(before - 1);
    // The answer is the ordinary full view: its ETag turns the next plain GET into a 304.
    const again = await call(path, { key: acme(), headers: { "if-none-match": waited.headers.get("etag")! } });
    expect(again.status).toBe(304);
    // Already final: a wait answers at once.
    const quick = Date.now();
    expect((await call<DocumentAnswer>(`${path}?wait=60`, { key: acme() })).body.status).toBe(waited.body.status);
    expect(Date.now() - quick).toBeLessThan(5_000);
  }, 90_000);

  it.each([
    ["over a minute", "wait=61"],
    ["negative", "wait=-1"],
    ["not a number", "wait=soon"],
    ["fractional", "wait=1.5"],
  ])("refuses a wait %s with a 400 naming it", async (_, query) => {
    const parser = await makeParser(acme());
    const response = await call<{ error: boolean; message: string }>(`/api/v1/parsers/${parser.id}/documents/00000000-0000-4000-8000-000000000000?${query}`, { key: acme() });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(true);
    expect(response.body.message).toContain("wait");
  });

  it("answers another team's document with a 404 at once, never waiting on it", async () => {
    const parser = await makeParser(acme());
    const documentId = await upload(acme(), parser.id);
    const started = Date.now();
    const response = await call(`/api/v1/parsers/${parser.id}/documents/${documentId}?wait=30`, { key: globex() });
    expect(response.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
