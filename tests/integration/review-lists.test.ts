import { beforeAll, describe, expect, it } from "vitest";
import { proveAddress } from "../support/email-proof";
import { textPdf } from "../support/fixture-files";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, invite, seedMember, seedTeam, signIn, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Issue 23, items 6 and 9, over HTTP: list columns (preferences → queue values, search `fields`), match snippets,
 * bulk decisions that refuse what the single decision refuses, and an admin's password reset that the member must
 * replace before doing anything else.
 */
const { acme, globex } = keysPerTest();

type ErrorAnswer = { error: true; message: string; code: string; issues?: { path: string; message: string }[] };
type BulkAnswer = { succeeded: number; failed: number; results: { documentId: string; ok: boolean; status: string | null; message: string | null; issues?: { path: string }[] }[] };
type QueueAnswer = { data: { documentId: string; stage: { id: string }; values: { field: string; value: string | null }[] }[] };
type SearchAnswer = { data: { id: string; values?: { field: string; value: string | null }[]; match?: { where: string; text: string; ranges: [number, number][] } | null }[] };

let admin: { id: string; token: () => Promise<string> };
let ron: { id: string; token: () => Promise<string> };

async function signedIn(member: { id: string; email: string; password: string }) {
  const cookie = await signIn(member.email, member.password);
  if (!cookie) throw new Error(`${member.email} cannot sign in`);
  return { id: member.id, token: () => consoleTokenFor(cookie) };
}

beforeAll(async () => {
  admin = await signedIn(seedMember("Acme", "admin"));
  ron = await signedIn(seedMember("Acme", "reviewer"));
});

const FIELDS = [
  { name: "invoiceNumber", type: "text", required: true },
  { name: "vendor", type: "text" },
  { name: "total", type: "currency" },
];

/** A parser whose one stage Ron reviews, and `data.length` documents in review there with exactly that data. */
async function documentsInReview(data: Record<string, unknown>[]) {
  const parser = await makeParser(acme(), { fields: FIELDS });
  expect((await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: ron.id } })).status).toBe(201);
  const form = new FormData();
  for (const index of data.keys()) {
    form.append("file", new Blob([Buffer.from(await textPdf([`Invoice ${index}`]))], { type: "application/pdf" }), `${unique("lists").replace(/\W+/g, "-")}-${index}.pdf`);
  }
  const uploaded = await fetch(`${baseUrl()}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${acme()}` }, body: form });
  const ids = ((await uploaded.json()) as { result: { documentId: string }[] }).result.map((item) => item.documentId);
  for (const [index, documentId] of ids.entries()) {
    await expect
      .poll(async () => (await call<{ status: string }>(`/api/v1/parsers/${parser.id}/documents/${documentId}`, { key: acme() })).body.status, { timeout: 90_000, interval: 300 })
      .toBe("in_review");
    const written = await call(`/api/v1/process/${parser.id}/files/data`, { method: "PATCH", key: acme(), body: { documentId, data: data[index] } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
  }
  return { parserId: parser.id, ids };
}

describe("list columns and match snippets", () => {
  it("gives the queue the caller's chosen values per parser, and search rows the asked-for values and what matched", async () => {
    const marker = unique("Wholesaler").replace(/\W+/g, "");
    const { parserId, ids } = await documentsInReview([{ invoiceNumber: "INV-1", vendor: `Global ${marker} Ltd`, total: 12.5 }]);
    const token = await ron.token();
    const saved = await call<{ listColumns: Record<string, string[]> }>("/api/v1/me/preferences", { method: "PATCH", key: token, body: { listColumns: { [parserId]: ["total", "vendor", "total"] } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.listColumns[parserId]).toEqual(["total", "vendor"]);

    const queue = await call<QueueAnswer>(`/api/v1/review-queue?parserId=${parserId}`, { key: token });
    expect(queue.body.data.find((item) => item.documentId === ids[0])?.values).toEqual([
      { field: "total", value: "12.5" },
      { field: "vendor", value: `Global ${marker} Ltd` },
    ]);

    const search = await call<SearchAnswer>(`/api/v1/parsers/${parserId}/documents/search`, { key: acme(), body: { q: marker.toLowerCase(), fields: ["invoiceNumber", "missing"], snippets: true } });
    expect(search.status).toBe(200);
    expect(search.body.data).toHaveLength(1);
    const [hit] = search.body.data;
    expect(hit?.values).toEqual([
      { field: "invoiceNumber", value: "INV-1" },
      { field: "missing", value: null },
    ]);
    expect(hit?.match?.where).toBe("vendor");
    const [start, end] = hit!.match!.ranges[0]!;
    expect(hit!.match!.text.slice(start, end)).toBe(marker);

    const plain = await call<SearchAnswer>(`/api/v1/parsers/${parserId}/documents/search`, { key: acme(), body: { q: marker } });
    expect(plain.body.data[0]).not.toHaveProperty("match");
    expect(plain.body.data[0]).not.toHaveProperty("values");

    const cleared = await call<{ listColumns: Record<string, string[]> }>("/api/v1/me/preferences", { method: "PATCH", key: token, body: { listColumns: { [parserId]: null } } });
    expect(cleared.body.listColumns[parserId]).toBeUndefined();
    // With no columns chosen, the queue shows the parser's first required values.
    const byDefault = await call<QueueAnswer>(`/api/v1/review-queue?parserId=${parserId}`, { key: token });
    expect(byDefault.body.data.find((item) => item.documentId === ids[0])?.values).toEqual([{ field: "invoiceNumber", value: "INV-1" }]);
    const tooMany = await call<ErrorAnswer>("/api/v1/me/preferences", { method: "PATCH", key: token, body: { listColumns: { [parserId]: ["a", "b", "c", "d", "e", "f", "g"] } } });
    expect(tooMany.status).toBe(400);
  });
});

describe("bulk decisions from the queue", () => {
  it("approves what passes the checks, reports the rest with their problems, and rejects only with a reason", async () => {
    const { parserId, ids } = await documentsInReview([
      { invoiceNumber: "INV-A", total: 10 },
      { invoiceNumber: "", total: 20 },
      { invoiceNumber: "INV-C", total: 30 },
    ]);
    const token = await ron.token();
    const queue = await call<QueueAnswer>(`/api/v1/review-queue?parserId=${parserId}`, { key: token });
    const stageOf = new Map(queue.body.data.map((item) => [item.documentId, item.stage.id]));
    expect(stageOf.size).toBe(3);

    const noReason = await call<ErrorAnswer>("/api/v1/review-queue/decisions", { key: token, body: { action: "reject", documents: [{ documentId: ids[0] }] } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues?.map((issue) => issue.path)).toContain("reason");

    // Someone who is not the stage's assignee decides nothing, as with the single route.
    const notMine = await call<BulkAnswer>("/api/v1/review-queue/decisions", { key: await admin.token(), body: { action: "approve", documents: [{ documentId: ids[0] }] } });
    expect(notMine.body).toMatchObject({ succeeded: 0, failed: 1 });
    expect(notMine.body.results[0]?.message).toContain("assignee");

    const approved = await call<BulkAnswer>("/api/v1/review-queue/decisions", {
      key: token,
      body: { action: "approve", documents: ids.slice(0, 2).map((documentId) => ({ documentId, stageId: stageOf.get(documentId) })) },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ succeeded: 1, failed: 1 });
    expect(approved.body.results[0]).toMatchObject({ documentId: ids[0], ok: true, status: "approved" });
    expect(approved.body.results[1]).toMatchObject({ documentId: ids[1], ok: false, status: null });
    expect(approved.body.results[1]?.issues?.map((issue) => issue.path)).toContain("invoiceNumber");
    const failing = await call<{ status: string }>(`/api/v1/parsers/${parserId}/documents/${ids[1]}`, { key: acme() });
    expect(failing.body.status).toBe("in_review");

    const rejected = await call<BulkAnswer>("/api/v1/review-queue/decisions", { key: token, body: { action: "reject", reason: "Duplicate", documents: [{ documentId: ids[2] }] } });
    expect(rejected.body).toMatchObject({ succeeded: 1, failed: 0, results: [{ ok: true, status: "rejected" }] });
    const rejectedDocument = await call<{ review: { stages: { note: string | null }[] } }>(`/api/v1/parsers/${parserId}/documents/${ids[2]}`, { key: acme() });
    expect(rejectedDocument.body.review.stages[0]?.note).toBe("Duplicate");

    const assigned = await call<BulkAnswer>("/api/v1/review-queue/decisions", { key: acme(), body: { action: "assign", reviewerId: seedMember("Acme", "admin").id, documents: [{ documentId: ids[1] }, { documentId: ids[0] }] } });
    expect(assigned.body.results.map((result) => result.ok)).toEqual([true, false]);

    // Another team's documents are not found, and stay as they were.
    const foreign = await call<BulkAnswer>("/api/v1/review-queue/decisions", { key: globex(), body: { action: "reject", reason: "mine now", documents: [{ documentId: ids[1] }] } });
    expect(foreign.body).toMatchObject({ succeeded: 0, failed: 1, results: [{ ok: false, message: "Document not found" }] });
    expect((await call<{ status: string }>(`/api/v1/parsers/${parserId}/documents/${ids[1]}`, { key: acme() })).body.status).toBe("in_review");
  });
});

describe("an admin's password reset", () => {
  it("gives a temporary password once, signs the member out, and lets them do nothing before choosing their own", async () => {
    const member = await addMemberAndSignIn(acme(), "member");
    const adminToken = await admin.token();

    const byKey = await call<ErrorAnswer>(`/api/v1/members/${member.userId}/password`, { key: acme(), body: {} });
    expect(byKey.status).toBe(403);
    const own = await call<ErrorAnswer>(`/api/v1/members/${admin.id}/password`, { key: adminToken, body: {} });
    expect(own.status).toBe(409);
    const otherTeam = await call<ErrorAnswer>(`/api/v1/members/${seedMember("Globex", "admin").id}/password`, { key: adminToken, body: {} });
    expect(otherTeam.status).toBe(404);

    const reset = await call<{ temporaryPassword: string; endedSessions: number }>(`/api/v1/members/${member.userId}/password`, { key: adminToken, body: {} });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expect(reset.body.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${baseUrl()}/api/console-token`, { headers: { cookie: member.cookie } })).ok).toBe(false);
    expect(await signIn(member.email, member.password)).toBeFalsy();

    const cookie = await signIn(member.email, reset.body.temporaryPassword);
    expect(cookie).toBeTruthy();
    const token = await consoleTokenFor(cookie!);
    const me = await call<{ user: { mustChangePassword: boolean } }>("/api/v1/me", { key: token });
    expect(me.body.user.mustChangePassword).toBe(true);
    const blocked = await call<ErrorAnswer>("/api/v1/parsers", { key: token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toContain("Choose a new password first");

    const chosen = await call("/api/v1/me/password", { key: token, body: { currentPassword: reset.body.temporaryPassword, newPassword: "my very own passphrase" } });
    expect(chosen.status).toBe(200);
    expect((await call<{ user: { mustChangePassword: boolean } }>("/api/v1/me", { key: token })).body.user.mustChangePassword).toBe(false);
    expect((await call("/api/v1/parsers", { key: token })).status).toBe(200);
    expect(await signIn(member.email, reset.body.temporaryPassword)).toBeFalsy();

    const audit = await call<{ data: { action: string; resourceId: string }[] }>("/api/v1/audit-log?limit=100", { key: acme() });
    expect(audit.body.data.some((entry) => entry.action === "member.password.reset" && entry.resourceId === member.userId)).toBe(true);
  });

  it("refuses for someone who also belongs to a team the admin does not administer", async () => {
    const member = await addMemberAndSignIn(acme(), "reviewer");
    const invited = await invite(seedTeam("Globex").apiKey, { name: "Shared", email: member.email, role: "reviewer" });
    await proveAddress(member.token, member.email); // a link-made account sees other teams' invitations once proven
    expect((await call(`/api/v1/me/invitations/${invited.invitation.id}/accept`, { key: member.token, body: {} })).status).toBe(200);
    const refused = await call<ErrorAnswer>(`/api/v1/members/${member.userId}/password`, { key: await admin.token(), body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("another team");
    expect(await signIn(member.email, member.password)).toBeTruthy();
  });
});
