import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, freshKey, seedMember, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Issue 22, items 6 and 7: "Preview on approved documents" reads the parser's approved documents again with a
 * pending change and shows, value by value, what differs from what reviewers approved; straight-through processing
 * lets a review stage skip itself when every required value is confident and every check passes.
 */
const { acme, globex } = keysPerTest();

const FIELDS = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "reference", type: "text", description: "Internal reference" },
  { name: "total", type: "number", description: "Total amount" },
];
const letter = (reference: string, total: string) => ["Nordwind Handel GmbH", "Hafenstrasse 12, 28195 Bremen", "IBAN DE89 3704 0044 0532 0130 00", `Vorgang ${reference}`, "Rechnung", `Gesamtbetrag ${total} EUR`];

type Stage = { id: string; straightThrough: { enabled: boolean; minConfidence: number } };
type Preview = {
  documents: Array<{ documentId: string; outcome: string; matching: number; values: Array<{ path: string; approved: unknown; before: unknown; after: unknown; verdict: string }> }>;
  fields: Array<{ name: string; values: number; rightBefore: number; rightAfter: number }>;
  summary: { requested: number; compared: number; fixed: number; broken: number; stillWrong: number };
};
type DocumentView = { status: string; review: { status: string; stages: Array<{ id: string; status: string; note: string | null }> } };

async function upload(parserId: string, lines: string[], key = acme()): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(lines))], { type: "application/pdf" }), `${unique("letter").replace(/\W+/g, "-")}.pdf`);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await response.json()) as { result: { documentId: string }[] };
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.result[0]!.documentId;
}

async function settled(parserId: string, documentId: string, key = acme()): Promise<DocumentView> {
  let view: DocumentView | undefined;
  await expect
    .poll(
      async () => {
        view = (await call<DocumentView>(`/api/v1/parsers/${parserId}/documents/${documentId}`, { key })).body;
        return view.status;
      },
      { timeout: 90_000, interval: 300 },
    )
    .toMatch(/^(processed|failed|skipped|in_review|approved)$/);
  return view!;
}

/** A parser with one review stage (the seeded admin reviews it) and one approved document, corrected before approval. */
async function parserWithApprovedDocument() {
  const admin = seedMember("Acme", "admin");
  const parser = await makeParser(acme(), { fields: FIELDS });
  expect((await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: admin.id } })).status).toBe(201);
  const documentId = await upload(parser.id, letter("VG-10442", "119.00"));
  expect((await settled(parser.id, documentId)).status).toBe("in_review");
  const extracted = (await call<{ data: Record<string, unknown> }>(`/api/v1/process/${parser.id}/files/data?documentId=${documentId}`, { key: acme() })).body.data;
  expect((await call(`/api/v1/process/${parser.id}/files/data`, { method: "PATCH", key: acme(), body: { documentId, data: { reference: "VG-10442" } } })).status).toBe(200);
  expect((await call(`/api/v1/parsers/${parser.id}/documents/${documentId}/review/approve`, { key: acme(), body: { reviewerId: admin.id } })).status).toBe(200);
  return { parser, documentId, extracted };
}

describe("preview on approved documents", () => {
  it("reads the approved documents again with the pending fields and sets each value beside the approved one", async () => {
    const { parser, documentId, extracted } = await parserWithApprovedDocument();
    const preview = await call<Preview>(`/api/v1/parsers/${parser.id}/preview`, { key: acme(), body: { fields: FIELDS.filter((field) => field.name !== "total"), limit: 5 } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.summary).toMatchObject({ requested: 1, compared: 1 });
    // The pending list is what was read: the dropped field is not compared.
    expect(preview.body.fields.map((field) => field.name)).toEqual(["vendor_name", "reference"]);
    const [document] = preview.body.documents;
    expect(document).toMatchObject({ documentId, outcome: "compared" });
    // The reviewer's correction of the reference: before = what the parser first read, approved = the correction.
    const reference = document!.values.find((value) => value.path === "reference");
    expect(reference).toMatchObject({ approved: "VG-10442", before: extracted.reference ?? null });
    expect(preview.body.fields.find((field) => field.name === "reference")).toMatchObject({ values: 1, rightBefore: 0 });
    // The document's own example never answers for it: what the preview reads is the parser's, not the approval's.
    expect(reference!.verdict).not.toBe("fixed");
    // Vendor name was approved as read, and reads so again.
    expect(preview.body.fields.find((field) => field.name === "vendor_name")).toMatchObject({ values: 1, rightBefore: 1, rightAfter: 1 });
  });

  it("answers another team with 404, a key without parsers.write with 403, and a limit above 50 with 400", async () => {
    const parser = await makeParser(acme(), { fields: FIELDS });
    const other = await call(`/api/v1/parsers/${parser.id}/preview`, { key: globex(), body: {} });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: true });
    const readOnly = await freshKey(acme(), ["parsers.read", "documents.read"]);
    expect((await call(`/api/v1/parsers/${parser.id}/preview`, { key: readOnly.key, body: {} })).status).toBe(403);
    const tooMany = await call(`/api/v1/parsers/${parser.id}/preview`, { key: acme(), body: { limit: 51 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: true });
    const empty = await call<Preview>(`/api/v1/parsers/${parser.id}/preview`, { key: acme(), body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.summary).toMatchObject({ requested: 0, compared: 0 });
  });
});

describe("straight-through processing", () => {
  it("is off by default, and once on skips the stage for a sure document, saying why in its review and the audit", async () => {
    const admin = seedMember("Acme", "admin");
    const parser = await makeParser(acme(), { fields: [{ ...FIELDS[2], required: true }, FIELDS[0]] });
    const created = await call<Stage>(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: admin.id } });
    expect(created.status).toBe(201);
    expect(created.body.straightThrough).toEqual({ enabled: false, minConfidence: 0.95 });
    const reviewed = await settled(parser.id, await upload(parser.id, letter("VG-1", "10.00")));
    expect(reviewed.status).toBe("in_review");

    const patched = await call<Stage>(`/api/v1/parsers/${parser.id}/review-stages/${created.body.id}`, { method: "PATCH", key: acme(), body: { straightThrough: { enabled: true, minConfidence: 0.5 } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.straightThrough).toEqual({ enabled: true, minConfidence: 0.5 });
    const skippedId = await upload(parser.id, letter("VG-2", "20.00"));
    const skipped = await settled(parser.id, skippedId);
    expect(skipped.status).toBe("approved");
    expect(skipped.review.status).toBe("approved");
    expect(skipped.review.stages[0]).toMatchObject({ id: created.body.id, status: "skipped" });
    expect(skipped.review.stages[0]!.note).toMatch(/^Skipped straight through: every required value was read with confidence ≥ 0\.50 \(lowest 0\.\d\d, total\)/);
    const audit = await call<{ data: Array<{ resourceId: string; actor: { userId: string | null }; after: { status: string } }> }>(`/api/v1/audit-log?action=review.straight_through&limit=100`, { key: acme() });
    expect(audit.body.data.find((entry) => entry.resourceId === skippedId)).toMatchObject({ actor: { userId: null }, after: { status: "approved" } });

    // A threshold no value reaches keeps the stage.
    await call(`/api/v1/parsers/${parser.id}/review-stages/${created.body.id}`, { method: "PATCH", key: acme(), body: { straightThrough: { enabled: true, minConfidence: 1 } } });
    expect((await settled(parser.id, await upload(parser.id, letter("VG-3", "30.00")))).status).toBe("in_review");
  });

  it("refuses a threshold outside 0.5–1", async () => {
    const parser = await makeParser(acme(), { fields: FIELDS });
    const response = await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", straightThrough: { enabled: true, minConfidence: 0.2 } } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true });
  });
});
