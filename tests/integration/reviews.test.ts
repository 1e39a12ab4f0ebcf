import { beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, freshKey, quarry, seedMember, seedTeam, signIn, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Review stages, the review flow of DESIGN §1.5 after real extraction, decisions (approve, reject, reset,
 * assign), the reviewer's queue and per-user preferences, over HTTP against the real server.
 */
const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";

type Person = { id: string; name: string; email: string };
type Rule = { id: string; type: string; field: string; condition: string; operator: string; value: string; name: string; editable: boolean };
type Stage = {
  id: string;
  name: string;
  reviewerInstructions: string | null;
  position: number;
  reviewType: string;
  reviewer: Person | null;
  rules: Rule[];
  activeDocumentCount: number;
};
type ReviewStageRow = { id: string; name: string; position: number; status: string; assignee: Person | null; approvedAt: string | null; rejectedAt: string | null; enteredAt: string | null };
type Review = { isRequired: boolean; status: string; assignee: Person | null; currentStage: { id: string; name: string; position: number } | null; stages: ReviewStageRow[] };
type DocumentBody = { id: string; status: string; review: Review; data: Record<string, unknown>; metadata: { review: Review; isApproved: boolean; isRejected: boolean } };
type ErrorAnswer = { error: true; message: string; code: string; issues?: { path: string; message: string }[]; notFound?: { type: string; value: string }[] };
type QueueItem = {
  documentId: string;
  name: string;
  status: string;
  parser: { id: string; name: string };
  stage: { id: string; name: string; position: number; stageCount: number };
  assignee: Person | null;
  enteredStageAt: string;
  waitingSeconds: number;
};
type Queue = { data: QueueItem[]; pagination: { total: number }; stages: { stageId: string; stageName: string; parserId: string; count: number; oldestEnteredAt: string }[] };

const FIELDS = [
  { name: "invoiceNumber", type: "text", description: "Invoice number" },
  { name: "total", type: "currency", description: "Total amount due" },
  { name: "items", type: "table", description: "Line items", columns: [{ name: "sku", type: "text" }] },
];
const BIG = ["ACME Supplies Ltd", "Invoice Number: INV-BIG-1", "Invoice Date: 2024-03-15", "Total: 1,234.56 EUR"];
const SMALL = ["ACME Supplies Ltd", "Invoice Number: INV-SMALL-1", "Invoice Date: 2024-03-15", "Total: 99.50 EUR"];

const stagesOf = (parserId: string) => `/api/v1/parsers/${parserId}/review-stages`;
const documentOf = (parserId: string, documentId: string) => `/api/v1/parsers/${parserId}/documents/${documentId}`;
const reviewOf = (parserId: string, documentId: string, action: string) => `${documentOf(parserId, documentId)}/review/${action}`;

/** Reviewers who sign in to the console: the seeded one, and a second one added for these tests. */
let ron: { id: string; token: () => Promise<string> };
let rita: { id: string; token: () => Promise<string> };

beforeAll(async () => {
  const seeded = seedMember("Acme", "reviewer");
  const cookie = await signIn(seeded.email, seeded.password);
  if (!cookie) throw new Error("the seeded reviewer cannot sign in");
  ron = { id: seeded.id, token: () => consoleTokenFor(cookie) };
  const added = await addMemberAndSignIn((await freshKey(seedTeam("Acme").apiKey)).key, "reviewer");
  rita = { id: added.userId, token: () => consoleTokenFor(added.cookie) };
});

async function createStage(parserId: string, body: Record<string, unknown>, key = acme()): Promise<Stage> {
  const response = await call<Stage>(stagesOf(parserId), { key, body });
  if (response.status !== 201) throw new Error(`could not create a stage: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function upload(parserId: string, lines: string[], key = acme()): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(lines))], { type: "application/pdf" }), `${unique("invoice").replace(/\W+/g, "-")}.pdf`);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await response.json()) as { result: { documentId: string }[] };
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.result[0]!.documentId;
}

/** Polls the document until extraction has finished, then returns its full view. */
async function settled(parserId: string, documentId: string, key = acme()): Promise<DocumentBody> {
  let document: DocumentBody | undefined;
  await expect
    .poll(
      async () => {
        document = (await call<DocumentBody>(documentOf(parserId, documentId), { key })).body;
        return document.status;
      },
      { timeout: 90_000, interval: 300 },
    )
    .toMatch(/^(processed|failed|skipped|in_review)$/);
  return document!;
}

async function invoiceParser() {
  return makeParser(acme(), { fields: FIELDS });
}

/** Check (Ron), Big totals (Rita; totals over 1,000 only), Sign-off (Rita). */
async function threeStages() {
  const parser = await invoiceParser();
  const check = await createStage(parser.id, { name: "Check", reviewerId: ron.id, reviewerInstructions: "Compare the total with the PDF" });
  const big = await createStage(parser.id, { name: "Big totals", reviewType: "conditional", reviewerId: rita.id, rules: [{ field: "total", operator: "greater_than", value: "1000" }] });
  const sign = await createStage(parser.id, { name: "Sign-off", reviewerId: rita.id });
  return { parser, check, big, sign };
}

const summary = (review: Review) => review.stages.map((stage) => `${stage.name}:${stage.status}:${stage.assignee?.id === ron.id ? "ron" : stage.assignee?.id === rita.id ? "rita" : "-"}`);

describe("review stages: create, read, update, delete", () => {
  it("creates stages with defaults and lists them in order", async () => {
    const parser = await invoiceParser();
    const created = await call<Stage>(stagesOf(parser.id), { key: acme(), body: {} });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Stage 1", position: 1, reviewType: "mandatory", reviewer: null, reviewerInstructions: null, rules: [], activeDocumentCount: 0 });
    expect(Object.keys(created.body).sort()).toEqual(["activeDocumentCount", "createdAt", "id", "name", "position", "reviewType", "reviewer", "reviewerInstructions", "rules", "straightThrough", "updatedAt"]);
    const conditional = await createStage(parser.id, {
      name: "Big",
      reviewType: "conditional",
      reviewerId: ron.id,
      rules: [{ field: "total", operator: "greater_than", value: "1000" }],
    });
    expect(conditional).toMatchObject({
      position: 2,
      reviewer: { id: ron.id, email: seedMember("Acme", "reviewer").email },
      rules: [{ type: "simple", field: "total", condition: "extracted_value", operator: "greater_than", value: "1000", name: "total greater than 1000", editable: true }],
    });
    const list = await call<{ data: Stage[] }>(stagesOf(parser.id), { key: acme() });
    expect(list.body.data.map((stage) => [stage.position, stage.name])).toEqual([
      [1, "Stage 1"],
      [2, "Big"],
    ]);
    const one = await call<Stage>(`${stagesOf(parser.id)}/${conditional.id}`, { key: acme() });
    expect(one.body).toEqual(conditional);
  });

  it.each([
    ["an unknown key", { colour: "red" }, ""],
    ["instructions of 501 characters", { reviewerInstructions: "x".repeat(501) }, "reviewerInstructions"],
    ["position 0", { position: 0 }, "position"],
    ["an unknown review type", { reviewType: "sometimes" }, "reviewType"],
    ["a reviewerId that is not a UUID", { reviewerId: "ron" }, "reviewerId"],
    ["a rule of an unknown operator", { rules: [{ field: "total", operator: "matches" }] }, "rules.0.operator"],
    ["a rule over an unknown field", { rules: [{ field: "nope" }] }, "rules.0.field"],
    ["a rule over a table field", { rules: [{ field: "items" }] }, "rules.0.field"],
    ["a comparison with text", { rules: [{ field: "total", operator: "greater_than", value: "lots" }] }, "rules.0.value"],
    ["a conditional stage without rules", { reviewType: "conditional" }, "rules"],
  ])("answers %s with 400 naming it", async (_label, body, path) => {
    const parser = await invoiceParser();
    const response = await call<ErrorAnswer>(stagesOf(parser.id), { key: acme(), body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: "VALIDATION" });
    if (path) expect(response.body.issues!.map((issue) => issue.path)).toContain(path);
    else expect(response.body.message).toContain("colour");
  });

  it("accepts 500 characters of instructions, and refuses a reviewer of another team or one who cannot review", async () => {
    const parser = await invoiceParser();
    expect((await call(stagesOf(parser.id), { key: acme(), body: { reviewerInstructions: "x".repeat(500) } })).status).toBe(201);
    const foreign = await call<ErrorAnswer>(stagesOf(parser.id), { key: acme(), body: { reviewerId: seedMember("Globex", "reviewer").id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain("not a member of this team");
    const member = await addMemberAndSignIn(acme(), "member");
    const cannot = await call<ErrorAnswer>(stagesOf(parser.id), { key: acme(), body: { reviewerId: member.userId } });
    expect(cannot.status).toBe(400);
    expect(cannot.body.message).toContain("cannot review");
  });

  it("keeps positions contiguous through inserts, moves and deletes", async () => {
    const parser = await invoiceParser();
    const a = await createStage(parser.id, { name: "A" });
    const b = await createStage(parser.id, { name: "B" });
    await createStage(parser.id, { name: "C" });
    await createStage(parser.id, { name: "First", position: 1 });
    const order = async () => (await call<{ data: Stage[] }>(stagesOf(parser.id), { key: acme() })).body.data.map((stage) => `${stage.position}:${stage.name}`);
    expect(await order()).toEqual(["1:First", "2:A", "3:B", "4:C"]);
    const moved = await call<Stage>(`${stagesOf(parser.id)}/${a.id}`, { method: "PATCH", key: acme(), body: { position: 4, name: "A moved" } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ position: 4, name: "A moved" });
    expect(await order()).toEqual(["1:First", "2:B", "3:C", "4:A moved"]);
    const deleted = await call(`${stagesOf(parser.id)}/${b.id}`, { method: "DELETE", key: acme() });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, id: b.id } });
    expect(await order()).toEqual(["1:First", "2:C", "3:A moved"]);
    expect((await call(`${stagesOf(parser.id)}/${b.id}`, { key: acme() })).status).toBe(404);
    expect((await call(`${stagesOf(parser.id)}/${b.id}`, { method: "PATCH", key: acme(), body: { position: 0 } })).status).toBe(400);
  });

  it("answers another team's parser or stage with 404, and lets reviewers read but not write", async () => {
    const parser = await invoiceParser();
    const stage = await createStage(parser.id, { reviewerId: ron.id }); // Ron reviews this parser, so he may read it
    for (const [method, path, body] of [
      ["GET", stagesOf(parser.id), undefined],
      ["POST", stagesOf(parser.id), {}],
      ["GET", `${stagesOf(parser.id)}/${stage.id}`, undefined],
      ["PATCH", `${stagesOf(parser.id)}/${stage.id}`, { name: "x" }],
      ["DELETE", `${stagesOf(parser.id)}/${stage.id}`, undefined],
      ["GET", `/api/v1/parsers/${parser.id}/reviewers`, undefined],
    ] as const) {
      const response = await call<ErrorAnswer>(path, { method, key: globex(), body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.notFound).toEqual([{ type: "parserId", value: parser.id }]);
    }
    const theirs = await makeParser(globex());
    expect((await call<ErrorAnswer>(`${stagesOf(theirs.id)}/${stage.id}`, { key: globex() })).body.notFound).toEqual([{ type: "stageId", value: stage.id }]);
    expect((await call(`${stagesOf(MISSING)}`, { key: acme() })).status).toBe(404);
    const token = await ron.token();
    expect((await call(stagesOf(parser.id), { key: token })).status).toBe(200);
    expect((await call(stagesOf(parser.id), { key: token, body: {} })).status).toBe(403);
  });
});

describe("reviewers", () => {
  it("lists the team's admins and reviewers, not its members or other teams' people", async () => {
    const parser = await invoiceParser();
    const member = await addMemberAndSignIn(acme(), "member");
    const response = await call<{ data: Person[] }>(`/api/v1/parsers/${parser.id}/reviewers`, { key: acme() });
    expect(response.status).toBe(200);
    const ids = response.body.data.map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([seedMember("Acme", "admin").id, ron.id, rita.id]));
    expect(ids).not.toContain(member.userId);
    expect(ids).not.toContain(seedMember("Globex", "reviewer").id);
    expect(Object.keys(response.body.data[0]!).sort()).toEqual(["email", "id", "name"]);
  });
});

describe("the review flow after extraction", () => {
  it("takes a big invoice through two mandatory stages and the matching conditional one, with two reviewers", async () => {
    const { parser, check, big, sign } = await threeStages();
    const documentId = await upload(parser.id, BIG);
    const document = await settled(parser.id, documentId);
    expect(document.status).toBe("in_review");
    expect(document.data.total).toBe(1234.56);
    expect(document.review).toMatchObject({ isRequired: true, status: "pending", assignee: { id: ron.id }, currentStage: { id: check.id, name: "Check", position: 1 } });
    expect(document.metadata.review).toEqual(document.review);
    expect(summary(document.review)).toEqual(["Check:pending:ron", "Big totals:pending:-", "Sign-off:pending:-"]);

    const ronToken = await ron.token();
    const ritaToken = await rita.token();
    // Rita is not the assignee of the first stage; and a reviewer cannot act as someone else.
    const wrong = await call<ErrorAnswer>(reviewOf(parser.id, documentId, "approve"), { key: ritaToken, body: { reviewerId: rita.id } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: true, message: expect.stringContaining("Only the stage's assignee") });
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: ritaToken, body: { reviewerId: ron.id } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: acme(), body: { reviewerId: seedMember("Globex", "admin").id } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "reset"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(409);

    const first = await call<DocumentBody>(reviewOf(parser.id, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "in_review", review: { status: "in_progress", currentStage: { id: big.id }, assignee: { id: rita.id } } });
    expect(summary(first.body.review)).toEqual(["Check:approved:ron", "Big totals:pending:rita", "Sign-off:pending:-"]);
    expect(first.body.review.stages[0]!.approvedAt).toEqual(expect.any(String));
    // The full Document view, as GET answers it.
    expect(Object.keys(first.body).sort()).toEqual(Object.keys((await call<DocumentBody>(documentOf(parser.id, documentId), { key: acme() })).body).sort());

    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: ritaToken, body: { reviewerId: rita.id } })).body).toMatchObject({ review: { currentStage: { id: sign.id } } });
    const done = await call<DocumentBody>(reviewOf(parser.id, documentId, "approve"), { key: acme(), body: { reviewerId: rita.id } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "approved", metadata: { isApproved: true }, review: { status: "approved", currentStage: null, assignee: null } });
    expect(summary(done.body.review)).toEqual(["Check:approved:ron", "Big totals:approved:rita", "Sign-off:approved:rita"]);
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: ritaToken, body: { reviewerId: rita.id } })).status).toBe(409);

    // Reset: back to the first stage, by someone who reviewed it.
    const reset = await call<DocumentBody>(reviewOf(parser.id, documentId, "reset"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ status: "in_review", review: { status: "pending", currentStage: { id: check.id }, assignee: { id: ron.id } } });
    expect(summary(reset.body.review)).toEqual(["Check:pending:ron", "Big totals:pending:-", "Sign-off:pending:-"]);

    const rejected = await call<DocumentBody>(reviewOf(parser.id, documentId, "reject"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", metadata: { isRejected: true }, review: { status: "rejected", currentStage: null } });
    expect(rejected.body.review.stages[0]!.rejectedAt).toEqual(expect.any(String));
    expect((await call(reviewOf(parser.id, documentId, "reject"), { key: ronToken, body: { reviewerId: ron.id } })).status).toBe(409);

    // Every decision is in the audit log, with its actor.
    for (const action of ["review.approve", "review.reset", "review.reject"]) {
      const audit = await call<{ data: { resourceId: string; actor: { userId: string | null }; after: Record<string, unknown> | null; createdAt: string }[] }>(
        `/api/v1/audit-log?action=${action}&limit=100`,
        { key: acme() },
      );
      const entries = audit.body.data.filter((entry) => entry.resourceId === documentId);
      expect(entries.length, action).toBeGreaterThan(0);
      expect(entries[0]!.actor.userId).toEqual(expect.any(String));
      expect(entries[0]!.createdAt).toEqual(expect.any(String));
    }
  });

  it("skips the conditional stage for a small invoice, and shows it skipped", async () => {
    const { parser, check, sign } = await threeStages();
    const documentId = await upload(parser.id, SMALL);
    const document = await settled(parser.id, documentId);
    expect(document.data.total).toBe(99.5);
    expect(summary(document.review)).toEqual(["Check:pending:ron", "Big totals:skipped:-", "Sign-off:pending:-"]);
    const approved = await call<DocumentBody>(reviewOf(parser.id, documentId, "approve"), { key: await ron.token(), body: { reviewerId: ron.id } });
    expect(approved.body.review.currentStage!.id).toBe(sign.id);
    expect(check.id).not.toBe(sign.id);
  });

  it("ends processed, review not required, when no stage applies", async () => {
    const parser = await invoiceParser();
    const plain = await settled(parser.id, await upload(parser.id, SMALL));
    expect(plain).toMatchObject({ status: "processed", review: { isRequired: false, status: "not_required", stages: [] } });
    await createStage(parser.id, { reviewType: "conditional", rules: [{ field: "total", operator: "greater_than", value: "1000" }] });
    const small = await settled(parser.id, await upload(parser.id, SMALL));
    expect(small).toMatchObject({ status: "processed", review: { status: "not_required" } });
  });

  it("moves the stage to in_progress on a correction by its reviewer, re-evaluates on approval, and restarts on reprocess", async () => {
    const { parser, big } = await threeStages();
    const documentId = await upload(parser.id, SMALL);
    await settled(parser.id, documentId);
    const ronToken = await ron.token();
    const dataPath = `/api/v1/process/${parser.id}/files/data`;
    expect((await call(dataPath, { method: "PATCH", key: await rita.token(), body: { documentId, data: { total: 5000 } } })).status).toBe(403);
    const corrected = await call(dataPath, { method: "PATCH", key: ronToken, body: { documentId, data: { total: 5000 } } });
    expect(corrected.status).toBe(200);
    const document = (await call<DocumentBody>(documentOf(parser.id, documentId), { key: acme() })).body;
    expect(document.review.status).toBe("in_progress");
    expect(summary(document.review)[0]).toBe("Check:in_progress:ron");
    // The corrected total now matches the conditional stage, so it is next.
    const approved = await call<DocumentBody>(reviewOf(parser.id, documentId, "approve"), { key: ronToken, body: { reviewerId: ron.id } });
    expect(approved.body.review.currentStage!.id).toBe(big.id);

    const reprocessed = await call(`${documentOf(parser.id, documentId)}/reprocess`, { key: acme(), body: {} });
    expect(reprocessed.status).toBe(200);
    const again = await settled(parser.id, documentId);
    expect(again).toMatchObject({ status: "in_review", review: { status: "pending", assignee: { id: ron.id } } });
    expect(summary(again.review)).toEqual(["Check:pending:ron", "Big totals:skipped:-", "Sign-off:pending:-"]);
  });

  it("refuses to delete a stage documents are waiting for, naming how many", async () => {
    const { parser, sign } = await threeStages();
    await settled(parser.id, await upload(parser.id, SMALL));
    const response = await call<ErrorAnswer>(`${stagesOf(parser.id)}/${sign.id}`, { method: "DELETE", key: acme() });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: true, message: expect.stringContaining("1 document is pending or in progress") });
    expect((await call<Stage>(`${stagesOf(parser.id)}/${sign.id}`, { key: acme() })).body.activeDocumentCount).toBe(1);
  });
});

describe("assign", () => {
  it("reassigns the current stage to a reviewer, refusing people who cannot review and documents not in review", async () => {
    const { parser, check } = await threeStages();
    const documentId = await upload(parser.id, SMALL);
    await settled(parser.id, documentId);
    const member = await addMemberAndSignIn(acme(), "member");
    expect((await call(reviewOf(parser.id, documentId, "assign"), { key: acme(), body: { reviewerId: member.userId } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "assign"), { key: acme(), body: { reviewerId: seedMember("Globex", "reviewer").id } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "assign"), { key: acme(), body: {} })).status).toBe(400);
    // Another team's document is not found, whoever is named.
    expect((await call(reviewOf(parser.id, documentId, "assign"), { key: globex(), body: { reviewerId: rita.id } })).status).toBe(404);
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: globex(), body: { reviewerId: rita.id } })).status).toBe(404);

    const assigned = await call<DocumentBody>(reviewOf(parser.id, documentId, "assign"), { key: acme(), body: { reviewerId: rita.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.review).toMatchObject({ assignee: { id: rita.id }, currentStage: { id: check.id } });
    expect(summary(assigned.body.review)[0]).toBe("Check:pending:rita");
    expect((await call(reviewOf(parser.id, documentId, "approve"), { key: await ron.token(), body: { reviewerId: ron.id } })).status).toBe(403);
    expect((await call(reviewOf(parser.id, documentId, "reject"), { key: await rita.token(), body: { reviewerId: rita.id } })).status).toBe(200);
    expect((await call(reviewOf(parser.id, documentId, "assign"), { key: acme(), body: { reviewerId: ron.id } })).status).toBe(409);
  });
});

describe("concurrent approvals", () => {
  it("lets exactly one of simultaneous approvals of a stage win; the others are 409s, even when the same reviewer has the next stage", async () => {
    const parser = await invoiceParser();
    // The same reviewer on both stages: a losing request must not approve the second stage instead.
    const first = await createStage(parser.id, { reviewerId: ron.id });
    await createStage(parser.id, { reviewerId: ron.id });
    const documentId = await upload(parser.id, SMALL);
    await settled(parser.id, documentId);
    const token = await ron.token();
    const servers = quarry().baseUrls.length;
    const responses = await Promise.all(
      [0, 1, 2].map((index) =>
        call<ErrorAnswer>(`${reviewOf(parser.id, documentId, "approve")}?stageId=${first.id}`, { key: token, body: { reviewerId: ron.id }, server: index % servers }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(responses.find((response) => response.status === 409)!.body.message).toContain("moved on");
    const document = (await call<DocumentBody>(documentOf(parser.id, documentId), { key: acme() })).body;
    expect(document.review.stages.map((stage) => stage.status)).toEqual(["approved", "pending"]);
    const stageId = document.review.currentStage!.id;
    expect((await call(`${reviewOf(parser.id, documentId, "approve")}?stageId=${stageId}`, { key: token, body: { reviewerId: ron.id } })).body).toMatchObject({ status: "approved" });
  });

  it("lets exactly one of two simultaneous approvals win without a stageId too", async () => {
    const parser = await invoiceParser();
    await createStage(parser.id, { reviewerId: ron.id });
    const documentId = await upload(parser.id, SMALL);
    await settled(parser.id, documentId);
    const token = await ron.token();
    const servers = quarry().baseUrls.length;
    const responses = await Promise.all(
      [0, 1].map((index) => call(reviewOf(parser.id, documentId, "approve"), { key: index === 0 ? token : acme(), body: { reviewerId: ron.id }, server: index % servers })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await call<DocumentBody>(documentOf(parser.id, documentId), { key: acme() })).body.status).toBe("approved");
  });
});

describe("list filters", () => {
  it("filters by assignee and by the stage a document waits at now", async () => {
    const { parser, check, sign } = await threeStages();
    const first = await upload(parser.id, SMALL);
    const second = await upload(parser.id, SMALL);
    await settled(parser.id, first);
    await settled(parser.id, second);
    await call(reviewOf(parser.id, second, "approve"), { key: acme(), body: { reviewerId: ron.id } });
    const ids = async (query: string) => (await call<{ data: { id: string }[] }>(`/api/v1/parsers/${parser.id}/documents?${query}`, { key: acme() })).body.data.map((row) => row.id);
    expect(await ids(`reviewStageId=${check.id}`)).toEqual([first]);
    expect(await ids(`reviewStageId=${sign.id}`)).toEqual([second]);
    expect(await ids(`assigneeId=${ron.id}`)).toEqual([first]);
    expect(await ids(`assigneeId=${rita.id}`)).toEqual([second]);
    expect(await ids(`status=in_review&sort=createdAt.asc`)).toEqual([first, second]);
    const searched = await call<{ data: { id: string }[] }>(`/api/v1/parsers/${parser.id}/documents/search`, { key: acme(), body: { reviewStageId: sign.id, assigneeId: rita.id } });
    expect(searched.body.data.map((row) => row.id)).toEqual([second]);
  });
});

describe("review queue", () => {
  it("lists my documents across parsers, oldest at its stage first, with waiting time and a by-stage facet", async () => {
    const reviewer = await addMemberAndSignIn(acme(), "reviewer");
    const one = await invoiceParser();
    const two = await invoiceParser();
    const stageOne = await createStage(one.id, { name: "Queue one", reviewerId: reviewer.userId });
    const stageTwo = await createStage(two.id, { name: "Queue two", reviewerId: reviewer.userId });
    const oldest = await upload(one.id, SMALL);
    await settled(one.id, oldest);
    const middle = await upload(two.id, SMALL);
    await settled(two.id, middle);
    const newest = await upload(one.id, SMALL);
    await settled(one.id, newest);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const queue = await call<Queue>("/api/v1/review-queue", { key: reviewer.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((item) => item.documentId)).toEqual([oldest, middle, newest]);
    expect(queue.body.pagination.total).toBe(3);
    const [first] = queue.body.data;
    expect(first).toMatchObject({
      status: "in_review",
      parser: { id: one.id, name: one.name },
      stage: { id: stageOne.id, name: "Queue one", position: 1, stageCount: 1 },
      assignee: { id: reviewer.userId },
    });
    expect(first!.waitingSeconds).toBeGreaterThanOrEqual(1);
    const entered = queue.body.data.map((item) => Date.parse(item.enteredStageAt));
    expect(entered).toEqual([...entered].sort((a, b) => a - b));
    expect(queue.body.stages.map((stage) => [stage.stageId, stage.count])).toEqual([
      [stageOne.id, 2],
      [stageTwo.id, 1],
    ]);

    const byStage = await call<Queue>(`/api/v1/review-queue?stageId=${stageTwo.id}`, { key: reviewer.token });
    expect(byStage.body.data.map((item) => item.documentId)).toEqual([middle]);
    expect(byStage.body.stages).toHaveLength(2);
    const byParser = await call<Queue>(`/api/v1/review-queue?parserId=${one.id}&limit=1&page=2`, { key: reviewer.token });
    expect(byParser.body.data.map((item) => item.documentId)).toEqual([newest]);
    // Someone else's queue, read by an admin's key; `me` for a key is its creator, who has none of these.
    const theirs = await call<Queue>(`/api/v1/review-queue?assignee=${reviewer.userId}&parserId=${two.id}`, { key: acme() });
    expect(theirs.body.data.map((item) => item.documentId)).toEqual([middle]);
    expect((await call<Queue>(`/api/v1/review-queue?parserId=${two.id}`, { key: acme() })).body.data).toEqual([]);
    expect((await call<Queue>(`/api/v1/review-queue?parserId=${two.id}&assignee=any`, { key: acme() })).body.data).toHaveLength(1);
    // Decided documents leave the queue.
    await call(reviewOf(one.id, oldest, "approve"), { key: reviewer.token, body: { reviewerId: reviewer.userId } });
    expect((await call<Queue>("/api/v1/review-queue", { key: reviewer.token })).body.data.map((item) => item.documentId)).toEqual([middle, newest]);
  });

  it("validates its query and scopes parsers to the team", async () => {
    expect((await call("/api/v1/review-queue?assignee=someone", { key: acme() })).status).toBe(400);
    expect((await call("/api/v1/review-queue?limit=0", { key: acme() })).status).toBe(400);
    const theirs = await makeParser(globex());
    expect((await call(`/api/v1/review-queue?parserId=${theirs.id}`, { key: acme() })).status).toBe(404);
    expect((await call("/api/v1/review-queue", {})).status).toBe(401);
  });
});

describe("preferences", () => {
  it("returns the default keymap, merges partial remaps, refuses a key bound twice and restores defaults", async () => {
    const person = await addMemberAndSignIn(acme(), "reviewer");
    const path = "/api/v1/me/preferences";
    const initial = await call<{ reviewKeymap: Record<string, string> }>(path, { key: person.token });
    expect(initial.status).toBe(200);
    expect(initial.body.reviewKeymap).toMatchObject({ approve: "Alt+a", reject: "Alt+r", showShortcuts: "?" });
    const remapped = await call<{ reviewKeymap: Record<string, string> }>(path, { method: "PATCH", key: person.token, body: { reviewKeymap: { approve: "a" } } });
    expect(remapped.status).toBe(200);
    expect(remapped.body.reviewKeymap).toEqual({ ...initial.body.reviewKeymap, approve: "a" });
    expect((await call(path, { key: person.token })).body).toEqual(remapped.body);
    // Another user keeps the defaults.
    expect((await call<{ reviewKeymap: Record<string, string> }>(path, { key: await ron.token() })).body.reviewKeymap.approve).toBe("Alt+a");

    const clash = await call<ErrorAnswer>(path, { method: "PATCH", key: person.token, body: { reviewKeymap: { reject: "A" } } });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toContain("already used by");
    expect((await call(path, { method: "PATCH", key: person.token, body: { reviewKeymap: { fly: "f" } } })).status).toBe(400);
    expect((await call(path, { method: "PATCH", key: person.token, body: { reviewKeymap: { approve: "two words" } } })).status).toBe(400);
    expect((await call(path, { method: "PATCH", key: person.token, body: { theme: "dark" } })).status).toBe(400);

    const restored = await call<{ reviewKeymap: Record<string, string> }>(path, { method: "PATCH", key: person.token, body: { reviewKeymap: null } });
    expect(restored.body).toEqual(initial.body);
    expect((await call(path, {})).status).toBe(401);
  });
});
