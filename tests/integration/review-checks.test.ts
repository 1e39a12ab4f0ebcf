import { beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, consoleTokenFor, seedMember, signIn, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Approval checks (issue 23, item 2) and decisions people can trust (item 3), over HTTP: approve answers 409 with
 * every problem while a required value is empty or a parser rule fails; an admin approves anyway with a reason,
 * kept on the stage and in the audit; reject records its reason (query parameter: the spec's body keeps its one
 * key); the decider may undo a decision for a short while.
 */
const { acme, globex } = keysPerTest();

type Stage = { id: string; status: string; note: string | null; approvedAt: string | null; rejectedAt: string | null };
type DocumentBody = { id: string; status: string; review: { status: string; currentStage: { id: string } | null; stages: Stage[] } };
type ErrorAnswer = { error: true; message: string; code: string; issues?: { path: string; message: string }[] };
type Checks = { validationRules: Record<string, unknown>[]; rejectReasons: string[] };

const FIELDS = [
  { name: "invoiceNumber", type: "text", required: true },
  { name: "subtotal", type: "currency" },
  { name: "tax", type: "currency" },
  { name: "total", type: "currency" },
  { name: "items", type: "table", columns: [{ name: "amount", type: "currency" }] },
];

let ron: { id: string; token: () => Promise<string> };

beforeAll(async () => {
  const seeded = seedMember("Acme", "reviewer");
  const cookie = await signIn(seeded.email, seeded.password);
  if (!cookie) throw new Error("the seeded reviewer cannot sign in");
  ron = { id: seeded.id, token: () => consoleTokenFor(cookie) };
});

const checksOf = (parserId: string) => `/api/v1/parsers/${parserId}/review-checks`;
const reviewOf = (parserId: string, documentId: string, action: string) => `/api/v1/parsers/${parserId}/documents/${documentId}/review/${action}`;

/** A parser with one stage (Ron), a sum rule, and a document in review whose data is set exactly. */
async function documentInReview(data: Record<string, unknown>) {
  const parser = await makeParser(acme(), { fields: FIELDS });
  expect((await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: ron.id } })).status).toBe(201);
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(["Invoice"]))], { type: "application/pdf" }), `${unique("checks").replace(/\W+/g, "-")}.pdf`);
  const uploaded = await fetch(`${baseUrl()}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${acme()}` }, body: form });
  const documentId = ((await uploaded.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  await expect
    .poll(async () => (await call<DocumentBody>(`/api/v1/parsers/${parser.id}/documents/${documentId}`, { key: acme() })).body.status, { timeout: 90_000, interval: 300 })
    .toBe("in_review");
  const written = await call(`/api/v1/process/${parser.id}/files/data`, { method: "PATCH", key: acme(), body: { documentId, data } });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  return { parserId: parser.id, documentId };
}

describe("review checks of a parser", () => {
  it("starts with no rules and the default reasons, replaces lists, and refuses a rule over an unknown field", async () => {
    const parser = await makeParser(acme(), { fields: FIELDS });
    const initial = await call<Checks>(checksOf(parser.id), { key: acme() });
    expect(initial.status).toBe(200);
    expect(initial.body.validationRules).toEqual([]);
    expect(initial.body.rejectReasons.length).toBeGreaterThan(0);

    const unknown = await call<ErrorAnswer>(checksOf(parser.id), { method: "PATCH", key: acme(), body: { validationRules: [{ kind: "required", field: "nope" }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues?.[0]?.message).toContain("nope");
    const badPattern = await call<ErrorAnswer>(checksOf(parser.id), { method: "PATCH", key: acme(), body: { validationRules: [{ kind: "regex", field: "invoiceNumber", pattern: "(" }] } });
    expect(badPattern.status).toBe(400);

    const updated = await call<Checks>(checksOf(parser.id), {
      method: "PATCH",
      key: acme(),
      body: { validationRules: [{ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total" }], rejectReasons: ["Duplicate", "Not ours"] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ validationRules: [{ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total", tolerance: 0.01, id: expect.any(String) }], rejectReasons: ["Duplicate", "Not ours"] });
    expect((await call(checksOf(parser.id), { key: globex() })).status).toBe(404);
  });
});

describe("approving a document whose checks fail", () => {
  it("answers 409 with every problem, lets an admin approve anyway with a reason, and keeps it on the stage and in the audit", async () => {
    const { parserId, documentId } = await documentInReview({ invoiceNumber: null, subtotal: 100, tax: 20, total: 125, items: [] });
    await call(checksOf(parserId), { method: "PATCH", key: acme(), body: { validationRules: [{ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total", tolerance: 0.01 }] } });
    const ronToken = await ron.token();

    const refused = await call<ErrorAnswer>(reviewOf(parserId, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.issues).toEqual([
      { path: "invoiceNumber", message: "invoiceNumber is required but empty" },
      { path: "total", message: "subtotal + tax = 120, but total is 125 (a difference of 5)" },
    ]);
    // The spec's body keeps its one key.
    expect((await call(reviewOf(parserId, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id, overrideReason: "x" } })).status).toBe(400);
    // A reviewer cannot override.
    const notAdmin = await call<ErrorAnswer>(`${reviewOf(parserId, documentId, "approve")}?overrideReason=${encodeURIComponent("looks fine")}`, { key: ronToken, body: { reviewerId: ron.id } });
    expect(notAdmin.status).toBe(403);

    const reason = "Total includes a delivery fee agreed by phone";
    const approved = await call<DocumentBody>(`${reviewOf(parserId, documentId, "approve")}?overrideReason=${encodeURIComponent(reason)}`, { key: acme(), body: { reviewerId: ron.id } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect(approved.body.review.stages[0]!.note).toBe(reason);
    const audit = await call<{ data: { resourceId: string; after: Record<string, unknown> | null }[] }>("/api/v1/audit-log?action=review.approve&limit=100", { key: acme() });
    expect(audit.body.data.find((entry) => entry.resourceId === documentId)?.after).toMatchObject({ overrideReason: reason, overriddenProblems: expect.arrayContaining(["invoiceNumber is required but empty"]) });
  });

  it("approves once the values are fixed", async () => {
    const { parserId, documentId } = await documentInReview({ invoiceNumber: "", subtotal: 100, tax: 20, total: 120, items: [{ amount: 100 }] });
    await call(checksOf(parserId), { method: "PATCH", key: acme(), body: { validationRules: [{ kind: "sum_equals", terms: ["items.amount"], target: "subtotal" }] } });
    const ronToken = await ron.token();
    expect((await call(reviewOf(parserId, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(409);
    await call(`/api/v1/process/${parserId}/files/data`, { method: "PATCH", key: acme(), body: { documentId, data: { invoiceNumber: "INV-9" } } });
    const approved = await call<DocumentBody>(reviewOf(parserId, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(approved.status).toBe(200);
    expect(approved.body.review.stages[0]!.note).toBeNull();
  });
});

describe("reject reasons and undo", () => {
  it("records the reject reason on the stage and in the audit; the decider undoes it, others cannot", async () => {
    const { parserId, documentId } = await documentInReview({ invoiceNumber: "INV-1", subtotal: 1, tax: 0, total: 1 });
    const ronToken = await ron.token();
    const rejected = await call<DocumentBody>(`${reviewOf(parserId, documentId, "reject")}?reason=${encodeURIComponent("Duplicate: same as INV-0")}`, { key: ronToken, body: { reviewerId: ron.id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.review.stages[0]).toMatchObject({ status: "rejected", note: "Duplicate: same as INV-0" });
    const audit = await call<{ data: { resourceId: string; after: Record<string, unknown> | null }[] }>("/api/v1/audit-log?action=review.reject&limit=100", { key: acme() });
    expect(audit.body.data.find((entry) => entry.resourceId === documentId)?.after).toMatchObject({ reason: "Duplicate: same as INV-0" });

    // Only the person who decided may undo (an admin acting as someone else is refused too).
    const admin = seedMember("Acme", "admin");
    expect((await call(reviewOf(parserId, documentId, "undo"), { key: acme(), body: { reviewerId: admin.id } })).status).toBe(409);
    const undone = await call<DocumentBody>(reviewOf(parserId, documentId, "undo"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ status: "in_review", review: { status: "in_progress" } });
    expect(undone.body.review.stages[0]).toMatchObject({ status: "in_progress", note: null, rejectedAt: null });
    // Nothing left to undo.
    expect((await call(reviewOf(parserId, documentId, "undo"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(409);
    expect((await call(reviewOf(parserId, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(200);
  });
});
