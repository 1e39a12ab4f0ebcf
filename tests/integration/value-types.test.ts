import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicePdf } from "../support/invoice-pdf";
import { addMemberAndSignIn, baseUrl, call, consoleTokenFor, freshKey, quarry, seedMember, seedTeam, signIn, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * A value has its field's type, and approval accepts the engine's own output: the whole review flow (reassign,
 * approve through two stages, reset, reject, reset) on the values the engine read from a generated invoice PDF,
 * once on a parser whose fields are all `text` (the only type the spec shows; a table with text columns too) and
 * once on a parser with typed fields. The same types come back from the document, the data view, a data update
 * that writes back what was read, the JSON export and the webhook body. A parser whose field was retyped after
 * extraction stands for documents stored before figures in text fields became text: they read back as text.
 */
const { acme } = keysPerTest();

type Person = { id: string };
type Review = { status: string; assignee: Person | null; currentStage: { id: string; name: string } | null; stages: { name: string; status: string }[] };
type DocumentBody = { id: string; status: string; review: Review; data: Record<string, unknown> };
type DataView = { data: Record<string, unknown>; metadata: { status: string } };
type ErrorAnswer = { error: true; message: string; issues?: { path: string; message: string }[] };

const TEXT_FIELDS = [
  { name: "invoice_number", type: "text" },
  { name: "invoice_date", type: "text" },
  { name: "vendor_name", type: "text" },
  { name: "subtotal", type: "text" },
  { name: "tax", type: "text" },
  { name: "total", type: "text", required: true },
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "description", type: "text" },
      { name: "quantity", type: "text" },
      { name: "unit_price", type: "text" },
      { name: "amount", type: "text", required: true },
    ],
  },
];
const TYPED_FIELDS = [
  { name: "invoice_number", type: "text" },
  { name: "invoice_date", type: "date" },
  { name: "vendor_name", type: "text" },
  { name: "subtotal", type: "currency" },
  { name: "tax", type: "currency" },
  { name: "total", type: "currency", required: true },
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "unit_price", type: "currency" },
      { name: "amount", type: "currency", required: true },
    ],
  },
];
/** What the engine reads from the invoice into text fields: normalised figures as text, the date in ISO form. */
const TEXT_DATA = {
  invoice_number: "NW-20417",
  invoice_date: "2024-03-14",
  vendor_name: "Northwind Supplies Ltd",
  subtotal: "1234.50",
  tax: "123.45",
  total: "1357.95",
  line_items: [
    { description: "Consulting services", quantity: "10", unit_price: "95.00", amount: "950.00" },
    { description: "Travel expenses", quantity: "1", unit_price: "284.50", amount: "284.50" },
  ],
};
const TYPED_DATA = {
  invoice_number: "NW-20417",
  invoice_date: "2024-03-14",
  vendor_name: "Northwind Supplies Ltd",
  subtotal: 1234.5,
  tax: 123.45,
  total: 1357.95,
  line_items: [
    { description: "Consulting services", quantity: 10, unit_price: 95, amount: 950 },
    { description: "Travel expenses", quantity: 1, unit_price: 284.5, amount: 284.5 },
  ],
};
/** Checks that read figures: they hold on both parsers, on text as on numbers. */
const RULES = [
  { kind: "sum_equals", terms: ["line_items.amount"], target: "subtotal" },
  { kind: "sum_equals", terms: ["subtotal", "tax"], target: "total" },
  { kind: "range", field: "total", min: 0, max: 100_000 },
];

/** A webhook receiver on the one loopback port global setup let through SAFE_FETCH_ALLOW: bodies per path. */
const received = new Map<string, string[]>();
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.get(request.url ?? "")?.push(body);
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"ok":true}');
  });
});

let ron: { id: string; token: () => Promise<string> };
let rita: { id: string; token: () => Promise<string> };

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(quarry().webhookPort, "127.0.0.1", resolve));
  const seeded = seedMember("Acme", "reviewer");
  const cookie = await signIn(seeded.email, seeded.password);
  if (!cookie) throw new Error("the seeded reviewer cannot sign in");
  ron = { id: seeded.id, token: () => consoleTokenFor(cookie) };
  const added = await addMemberAndSignIn((await freshKey(seedTeam("Acme").apiKey)).key, "reviewer");
  rita = { id: added.userId, token: () => consoleTokenFor(added.cookie) };
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const documentOf = (parserId: string, documentId: string) => `/api/v1/parsers/${parserId}/documents/${documentId}`;
const reviewOf = (parserId: string, documentId: string, action: string) => `${documentOf(parserId, documentId)}/review/${action}`;
const dataOf = (parserId: string) => `/api/v1/process/${parserId}/files/data`;

/** A parser with the fields, the figure checks, two mandatory stages (Check: Ron, Sign-off: Rita) and a webhook. */
async function reviewedParser(fields: unknown[]) {
  const parser = await makeParser(acme(), { fields });
  const checks = await call(`/api/v1/parsers/${parser.id}/review-checks`, { method: "PATCH", key: acme(), body: { validationRules: RULES } });
  expect(checks.status, JSON.stringify(checks.body)).toBe(200);
  const stages: { id: string }[] = [];
  for (const [name, reviewerId] of [["Check", ron.id], ["Sign-off", rita.id]] as const) {
    const stage = await call<{ id: string }>(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name, reviewerId } });
    expect(stage.status, JSON.stringify(stage.body)).toBe(201);
    stages.push(stage.body);
  }
  const path = `/hook/${randomUUID()}`;
  received.set(path, []);
  const hook = await call(`/api/v1/parsers/${parser.id}/webhooks`, { key: acme(), body: { url: `http://127.0.0.1:${quarry().webhookPort}${path}`, events: ["document.in_review", "document.approved"] } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  return { parserId: parser.id, check: stages[0]!, signOff: stages[1]!, hookBodies: () => received.get(path)! };
}

/** Uploads the generated invoice and waits until the engine has read it and the review has started. */
async function uploadInvoice(parserId: string): Promise<DocumentBody> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await invoicePdf())], { type: "application/pdf" }), `${unique("northwind").replace(/\W+/g, "-")}.pdf`);
  const uploaded = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${acme()}` }, body: form });
  expect(uploaded.status).toBe(200);
  const documentId = ((await uploaded.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  let document: DocumentBody | undefined;
  await expect
    .poll(
      async () => {
        document = (await call<DocumentBody>(documentOf(parserId, documentId), { key: acme() })).body;
        return document.status;
      },
      { timeout: 90_000, interval: 300 },
    )
    .toBe("in_review");
  return document!;
}

/** The review call, asserted to succeed (the message of a refusal in the failure). */
async function decide(url: string, options: { key: string; reviewerId: string }): Promise<DocumentBody> {
  const answer = await call<DocumentBody | ErrorAnswer>(url, { key: options.key, body: { reviewerId: options.reviewerId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as DocumentBody;
}

/** Every scalar value and table cell of the data, with its JSON type (`null` for null). */
function jsonTypes(data: Record<string, unknown>): Record<string, string> {
  const typeOf = (value: unknown) => (value === null ? "null" : typeof value);
  const types: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (!Array.isArray(value)) {
      types[name] = typeOf(value);
      continue;
    }
    value.forEach((row: Record<string, unknown>, index) => {
      for (const [column, cell] of Object.entries(row)) types[`${name}.${index}.${column}`] = typeOf(cell);
    });
  }
  return types;
}

async function exportedData(parserId: string, documentId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api/v1/parsers/${parserId}/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${acme()}`, "content-type": "application/json" },
    body: JSON.stringify({ format: "json", documentIds: [documentId] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: { data: Record<string, unknown> }[] }).documents[0]!.data;
}

/** The whole review flow on one parser; `expected` is the data the engine must have produced, in its types. */
async function reviewFlow(fields: unknown[], expected: Record<string, unknown>) {
  const { parserId, check, signOff, hookBodies } = await reviewedParser(fields);
  const document = await uploadInvoice(parserId);
  const documentId = document.id;
  expect(document.data).toEqual(expected);
  expect(document.review).toMatchObject({ status: "pending", currentStage: { id: check.id }, assignee: { id: ron.id } });
  const view = await call<DataView>(`${dataOf(parserId)}?documentId=${documentId}`, { key: acme() });
  expect(view.body.data).toEqual(expected);

  const ronToken = await ron.token();
  const ritaToken = await rita.token();
  // The assigned reviewer writes back exactly what was read: accepted, and nothing changes.
  const written = await call<DataView>(dataOf(parserId), { method: "PATCH", key: ronToken, body: { documentId, data: document.data } });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  expect(written.body.data).toEqual(expected);

  // Reassign the first stage to Rita, who approves it and then the Sign-off stage.
  const assigned = await decide(reviewOf(parserId, documentId, "assign"), { key: acme(), reviewerId: rita.id });
  expect(assigned.review).toMatchObject({ currentStage: { id: check.id }, assignee: { id: rita.id } });
  const first = await decide(reviewOf(parserId, documentId, "approve"), { key: ritaToken, reviewerId: rita.id });
  expect(first).toMatchObject({ status: "in_review", review: { currentStage: { id: signOff.id }, assignee: { id: rita.id } } });
  const approved = await decide(reviewOf(parserId, documentId, "approve"), { key: ritaToken, reviewerId: rita.id });
  expect(approved).toMatchObject({ status: "approved", review: { status: "approved" } });
  expect(approved.data).toEqual(expected);

  // Rita, who decided both stages, resets; Ron approves the first stage and Rita rejects the second; reset again.
  const reset = await decide(reviewOf(parserId, documentId, "reset"), { key: ritaToken, reviewerId: rita.id });
  expect(reset).toMatchObject({ status: "in_review", review: { status: "pending", currentStage: { id: check.id }, assignee: { id: ron.id } } });
  await decide(reviewOf(parserId, documentId, "approve"), { key: ronToken, reviewerId: ron.id });
  const rejected = await decide(reviewOf(parserId, documentId, "reject"), { key: ritaToken, reviewerId: rita.id });
  expect(rejected).toMatchObject({ status: "rejected", review: { status: "rejected" } });
  const again = await decide(reviewOf(parserId, documentId, "reset"), { key: ritaToken, reviewerId: rita.id });
  expect(again).toMatchObject({ status: "in_review", review: { currentStage: { id: check.id } } });
  expect(again.data).toEqual(expected);

  // Exports and webhooks carry the same types.
  expect(await exportedData(parserId, documentId)).toEqual(expected);
  await expect.poll(() => hookBodies().length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
  for (const body of hookBodies()) {
    const event = JSON.parse(body) as { type: string; data: { document: { id: string; data: Record<string, unknown> } } };
    expect(event.data.document.id).toBe(documentId);
    expect(event.data.document.data, event.type).toEqual(expected);
  }
  return { parserId, documentId, ronToken, read: document.data };
}

describe("values in their field's type through the review flow", () => {
  it("runs the whole flow on a parser whose fields are all text: every value the engine read is text", async () => {
    const { parserId, documentId, ronToken, read } = await reviewFlow(TEXT_FIELDS, TEXT_DATA);
    expect(new Set(Object.values(jsonTypes(read)))).toEqual(new Set(["string"]));

    // A client that sends a figure as a number into a text field gets it stored as text.
    const written = await call<DataView>(dataOf(parserId), { method: "PATCH", key: ronToken, body: { documentId, data: { total: 1357.95, line_items: [{ description: "All in", amount: 1234.5 }] } } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.data).toMatchObject({ total: "1357.95", line_items: [{ description: "All in", amount: "1234.5" }] });
    // Approval still judges the figures: subtotal 1234.50 = the one amount 1234.5.
    const approved = await decide(reviewOf(parserId, documentId, "approve"), { key: ronToken, reviewerId: ron.id });
    expect(approved.review.currentStage?.name).toBe("Sign-off");
  }, 240_000);

  it("runs the whole flow on a parser with typed fields: numbers, an ISO date, text", async () => {
    const { parserId, documentId, ronToken, read } = await reviewFlow(TYPED_FIELDS, TYPED_DATA);
    expect(jsonTypes(read)).toMatchObject({ total: "number", invoice_date: "string", "line_items.0.quantity": "number", "line_items.0.description": "string" });

    // A figure written plainly as text becomes its number; one that needs a guess is refused, naming the field.
    const written = await call<DataView>(dataOf(parserId), { method: "PATCH", key: ronToken, body: { documentId, data: { total: "1357.95" } } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.data.total).toBe(1357.95);
    const refused = await call<ErrorAnswer>(dataOf(parserId), { method: "PATCH", key: ronToken, body: { documentId, data: { total: "1,357.95" } } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("total: Expected a number");
  }, 240_000);
});

describe("a document stored before its field became text", () => {
  it("reads back with the field's new type, and approves", async () => {
    const parser = await makeParser(acme(), { fields: TYPED_FIELDS });
    const stage = await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: ron.id } });
    expect(stage.status).toBe(201);
    const document = await uploadInvoice(parser.id);
    expect(document.data.total).toBe(1357.95);
    // The stored value stays the number the engine read; the field is now text, as a spec-following parser has it.
    for (const name of ["total", "line_items"]) {
      const body = name === "total" ? { type: "text" } : { columns: TEXT_FIELDS.find((field) => field.name === "line_items")!.columns };
      const retyped = await call(`/api/v1/parsers/${parser.id}/fields/${name}`, { method: "PATCH", key: acme(), body });
      expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    }
    const read = await call<DocumentBody>(documentOf(parser.id, document.id), { key: acme() });
    expect(read.body.data).toMatchObject({ total: "1357.95", subtotal: 1234.5, line_items: TEXT_DATA.line_items });
    const approved = await decide(reviewOf(parser.id, document.id, "approve"), { key: await ron.token(), reviewerId: ron.id });
    expect(approved).toMatchObject({ status: "approved", data: { total: "1357.95" } });
  }, 180_000);
});
