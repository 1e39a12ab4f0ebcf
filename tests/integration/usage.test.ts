import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, freshKey, seedTeam } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * GET /usage and GET /dashboard over HTTP: validation, tenancy and auth, and one document taken through the real
 * pipeline so the numbers are the ones the pipeline books (1 credit per page, markdown off by default).
 */
const { acme, globex } = keysPerTest();
type UsageRow = { day: string; parserId: string; documents: number; pages: number; credits: number };
type ErrorAnswer = { error: true; message: string; code: string; issues?: { path: string; message: string }[] };
type DashboardAnswer = {
  documents: { total: number; byStatus: Record<string, number> };
  myReviewQueue: number;
  usage: { from: string; to: string; days: { day: string; documents: number; pages: number; credits: number }[]; totals: { documents: number; pages: number; credits: number } };
};

const today = () => new Date().toISOString().slice(0, 10);

async function uploadAndWait(key: string, parserId: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(["Invoice Number: U-1", "Total: 10.00 EUR"]))], { type: "application/pdf" }), "usage.pdf");
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: { documentId: string }[] };
  const documentId = result[0]!.documentId;
  await expect
    .poll(async () => (await call<{ metadata: { status: string } }>(`/api/v1/process/${parserId}/files/data?documentId=${documentId}`, { key })).body.metadata.status, {
      timeout: 90_000,
      interval: 500,
    })
    .toBe("processed");
  return documentId;
}

describe("GET /usage", () => {
  it("books a processed document's pages and credits on today's row of its parser", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] });
    await uploadAndWait(acme(), parser.id);

    const response = await call<{ data: UsageRow[] }>(`/api/v1/usage?parserId=${parser.id}`, { key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [{ day: today(), parserId: parser.id, documents: 1, pages: 1, credits: 1 }] });

    const all = await call<{ data: UsageRow[] }>(`/api/v1/usage?from=${today()}&to=${today()}`, { key: acme() });
    expect(all.status).toBe(200);
    expect(all.body.data.map((row) => row.parserId)).toContain(parser.id);
    const order = all.body.data.map((row) => `${row.day} ${row.parserId}`);
    expect(order).toEqual([...order].sort());

    // Another team sees none of it.
    const theirs = await call<{ data: UsageRow[] }>(`/api/v1/usage?from=${today()}&to=${today()}`, { key: globex() });
    expect(theirs.body.data.map((row) => row.parserId)).not.toContain(parser.id);
  });

  it("answers an empty list for a range without usage", async () => {
    const response = await call<{ data: UsageRow[] }>("/api/v1/usage?from=2001-01-01&to=2001-12-31", { key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [] });
  });

  it.each([
    ["a date that is not yyyy-mm-dd", "from=2024-1-01", "from"],
    ["an impossible date", "to=2024-02-30", "to"],
    ["from after to", "from=2024-05-02&to=2024-05-01", "from"],
    ["a range over 366 days", "from=2024-01-01&to=2025-01-01", "from"],
    ["a `from` alone that is more than 366 days ago", "from=2001-01-01", "from"],
    ["a parserId that is not a UUID", "parserId=invoices", "parserId"],
    ["an unknown key", "page=1", "page"],
  ])("refuses %s with 400", async (_label, query, path) => {
    const response = await call<ErrorAnswer>(`/api/v1/usage?${query}`, { key: acme() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true });
    expect(JSON.stringify(response.body)).toContain(path);
  });

  it("treats another team's parser as not found", async () => {
    const theirs = await makeParser(globex());
    const response = await call<ErrorAnswer>(`/api/v1/usage?parserId=${theirs.id}`, { key: acme() });
    expect(response.status).toBe(404);
  });

  it("needs a key, and documents.read", async () => {
    expect((await call("/api/v1/usage", { key: null })).status).toBe(401);
    const narrow = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    expect((await call("/api/v1/usage", { key: narrow.key })).status).toBe(403);
  });

  it("is in the OpenAPI document", async () => {
    const spec = await call<{ paths: Record<string, Record<string, { operationId: string }>> }>("/api/v1/openapi.json");
    expect(spec.body.paths["/usage"]?.get?.operationId).toBe("getUsage");
    expect(spec.body.paths["/dashboard"]?.get?.operationId).toBe("getDashboard");
  });
});

describe("GET /dashboard", () => {
  it("answers counts by status, the review queue and 30 days of usage", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] });
    const before = await call<DashboardAnswer>("/api/v1/dashboard", { key: acme() });
    expect(before.status).toBe(200);
    await uploadAndWait(acme(), parser.id);

    const after = await call<DashboardAnswer>("/api/v1/dashboard", { key: acme() });
    expect(after.status).toBe(200);
    const { documents, usage, myReviewQueue } = after.body;
    expect(Object.keys(documents.byStatus).sort()).toEqual(["approved", "failed", "in_review", "processed", "processing", "queued", "rejected", "skipped", "uploading"]);
    expect(documents.byStatus.processed).toBe(before.body.documents.byStatus.processed! + 1);
    expect(documents.total).toBe(Object.values(documents.byStatus).reduce((sum, count) => sum + count, 0));
    expect(myReviewQueue).toEqual(expect.any(Number));
    expect(usage.to).toBe(today());
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)!.pages).toBe(before.body.usage.days.at(-1)!.pages + 1);
    expect(usage.totals.credits).toBe(before.body.usage.totals.credits + 1);
  });

  it("needs a key but no particular permission", async () => {
    expect((await call("/api/v1/dashboard", { key: null })).status).toBe(401);
    const narrow = await freshKey(seedTeam("Acme").apiKey, ["parsers.read"]);
    expect((await call("/api/v1/dashboard", { key: narrow.key })).status).toBe(200);
  });
});
