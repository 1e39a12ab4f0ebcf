import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, quarry, seedMember, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * Webhooks over HTTP against the real server: endpoint CRUD, delivery of document events signed per Standard
 * Webhooks (checked by a hand computation of the HMAC, independent of the server's signing library), retries
 * after a 500 and after a timeout with the same webhook-id, private targets refused, test events and redelivery.
 * The receiver listens on the one loopback port global setup let through SAFE_FETCH_ALLOW.
 */
const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";

type Webhook = { id: string; parserId: string; url: string; events: string[]; description: string; isActive: boolean; disabledReason: string | null; secret?: string };
type Delivery = {
  id: string;
  messageId: string;
  redeliveryOf: { deliveryId: string; messageId: string } | null;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  attemptLog: { responseStatus: number | null; error: string | null; durationMs: number | null }[];
};
type Received = { headers: IncomingHttpHeaders; body: string; at: number };
type Action = number | "hang";

/** Per path: what to answer, in order (then 200), and what arrived. */
const routes = new Map<string, { actions: Action[]; received: Received[] }>();
const hanging: ServerResponse[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const route = routes.get(request.url ?? "");
    route?.received.push({ headers: request.headers, body, at: Date.now() });
    const action = route?.actions.shift() ?? 200;
    if (action === "hang") {
      hanging.push(response);
      return;
    }
    response.writeHead(action, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: action < 300 }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(quarry().webhookPort, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => receiver.close(resolve));
});

function receiverRoute(actions: Action[] = []) {
  const path = `/hook/${randomUUID()}`;
  const route = { actions, received: [] as Received[] };
  routes.set(path, route);
  return { url: `http://127.0.0.1:${quarry().webhookPort}${path}`, route };
}

const hooksOf = (parserId: string) => `/api/v1/parsers/${parserId}/webhooks`;

async function createHook(parserId: string, body: Record<string, unknown>): Promise<Webhook> {
  const response = await call<Webhook>(hooksOf(parserId), { key: acme(), body });
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function deliveries(parserId: string, webhookId: string): Promise<Delivery[]> {
  return (await call<{ data: Delivery[] }>(`${hooksOf(parserId)}/${webhookId}/deliveries`, { key: acme() })).body.data;
}

async function upload(parserId: string): Promise<string> {
  const form = new FormData();
  const pdf = await textPdf(["ACME Corp", "Invoice Number: INV-1", "Total: 10.00 EUR"]);
  form.append("file", new Blob([Buffer.from(pdf)], { type: "application/pdf" }), `${unique("invoice").replace(/\W+/g, "-")}.pdf`);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${acme()}` }, body: form });
  const body = (await response.json()) as { result: { documentId: string }[] };
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.result[0]!.documentId;
}

/** The Standard Webhooks check done by hand: HMAC-SHA256 of `id.timestamp.body` under the base64 secret. */
function verifySignature(secret: string, received: Received): boolean {
  const id = String(received.headers["webhook-id"]);
  const timestamp = String(received.headers["webhook-timestamp"]);
  const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64")).update(`${id}.${timestamp}.${received.body}`).digest("base64");
  const signatures = String(received.headers["webhook-signature"]).split(" ");
  return signatures.includes(`v1,${expected}`) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

describe("webhooks: endpoints", () => {
  it("creates with the secret once; lists, gets, updates, pauses and deletes without it", async () => {
    const parser = await makeParser(acme());
    const { url } = receiverRoute();
    const response = await call<Webhook>(hooksOf(parser.id), { key: acme(), body: { url, events: ["document.processed", "document.failed"], description: "ERP" } });
    expect(response.status).toBe(201);
    const hook = response.body;
    expect(hook).toMatchObject({ url, events: ["document.processed", "document.failed"], description: "ERP", isActive: true, disabledReason: null, parserId: parser.id });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const listed = await call<{ data: Webhook[] }>(hooksOf(parser.id), { key: acme() });
    expect(listed.body.data.map((item) => item.id)).toEqual([hook.id]);
    expect(listed.body.data[0]).not.toHaveProperty("secret");
    const got = await call<Webhook>(`${hooksOf(parser.id)}/${hook.id}`, { key: acme() });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty("secret");

    const paused = await call<Webhook>(`${hooksOf(parser.id)}/${hook.id}`, { key: acme(), method: "PATCH", body: { isActive: false, events: ["document.approved"] } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isActive: false, events: ["document.approved"] });
    expect(paused.body).not.toHaveProperty("secret");

    expect((await call(`${hooksOf(parser.id)}/${hook.id}`, { key: acme(), method: "DELETE" })).body).toEqual({ success: true });
    expect((await call(`${hooksOf(parser.id)}/${hook.id}`, { key: acme() })).status).toBe(404);
  });

  it("answers 400 for bad input and 404 for another team or an unknown id", async () => {
    const parser = await makeParser(acme());
    const { url } = receiverRoute();
    for (const body of [{ events: ["document.processed"] }, { url, events: [] }, { url, events: ["document.exploded"] }, { url: "ftp://example.com/x", events: ["document.failed"] }, { url, events: ["document.failed"], secret: "mine" }]) {
      const response = await call<{ error: boolean; message: string }>(hooksOf(parser.id), { key: acme(), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(true);
    }
    const hook = await createHook(parser.id, { url, events: ["document.failed"] });
    expect((await call(`${hooksOf(parser.id)}/${hook.id}`, { key: globex() })).status).toBe(404);
    expect((await call(`${hooksOf(parser.id)}/${hook.id}`, { key: globex(), method: "DELETE" })).status).toBe(404);
    expect((await call(`${hooksOf(parser.id)}/${hook.id}/test`, { key: globex(), method: "POST" })).status).toBe(404);
    expect((await call(hooksOf(parser.id), { key: globex() })).status).toBe(404);
    expect((await call(`${hooksOf(parser.id)}/${MISSING}`, { key: acme() })).status).toBe(404);
    expect((await call(`${hooksOf(parser.id)}/${hook.id}/deliveries/${MISSING}/redeliver`, { key: acme(), method: "POST" })).status).toBe(404);
  });

  it("refuses private, loopback and metadata targets with a clear message", async () => {
    const parser = await makeParser(acme());
    for (const url of ["http://10.0.0.1/hook", "http://169.254.169.254/latest/meta-data", "http://127.0.0.1:9/hook", "http://localhost:8080/hook"]) {
      const response = await call<{ error: boolean; message: string }>(hooksOf(parser.id), { key: acme(), body: { url, events: ["document.failed"] } });
      expect(response.status, url).toBe(400);
      expect(response.body.message).toMatch(/not allowed/);
    }
  });
});

describe("webhooks: delivery", () => {
  it("delivers document.processed with the full document, signed so an independent verifier accepts it", async () => {
    const parser = await makeParser(acme());
    const { url, route } = receiverRoute();
    const hook = await createHook(parser.id, { url, events: ["document.processed", "document.failed"] });
    const documentId = await upload(parser.id);
    await expect.poll(() => route.received.length, { timeout: 90_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    const [delivered] = route.received;
    expect(verifySignature(hook.secret!, delivered!)).toBe(true);
    // Another key: its first character changed (to one it is not already).
    const otherKey = hook.secret!.replace(/^whsec_(.)/, (_match, first: string) => `whsec_${first === "A" ? "B" : "A"}`);
    expect(verifySignature(otherKey, delivered!)).toBe(false);
    expect(delivered!.headers["content-type"]).toMatch(/application\/json/);
    const payload = JSON.parse(delivered!.body) as { type: string; timestamp: string; data: { document: { id: string; status: string; parserId?: string } } };
    expect(payload.type).toBe("document.processed");
    expect(new Date(payload.timestamp).toString()).not.toBe("Invalid Date");
    expect(payload.data.document).toMatchObject({ id: documentId, status: "processed" });
    const document = (await call<Record<string, unknown>>(`/api/v1/parsers/${parser.id}/documents/${documentId}`, { key: acme() })).body;
    expect(Object.keys(payload.data.document).sort()).toEqual(Object.keys(document).sort());

    await expect.poll(async () => (await deliveries(parser.id, hook.id))[0]?.status, { timeout: 10_000 }).toBe("succeeded");
    const [delivery] = await deliveries(parser.id, hook.id);
    expect(delivery).toMatchObject({ eventType: "document.processed", attempts: 1, responseStatus: 200, messageId: delivered!.headers["webhook-id"] });
  });

  it("retries after a 500 and after a timeout, with the same webhook-id, logging every attempt", async () => {
    const parser = await makeParser(acme());
    const { url, route } = receiverRoute([500, "hang", 200]);
    const hook = await createHook(parser.id, { url, events: ["document.processed"] });
    await upload(parser.id);
    await expect.poll(() => route.received.length, { timeout: 120_000, interval: 250 }).toBe(3);
    const ids = new Set(route.received.map((request) => request.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    // WEBHOOK_RETRY_SCHEDULE_MS waits 1 s here; the timeout (WEBHOOK_TIMEOUT_MS) is 2 s.
    expect(route.received[1]!.at - route.received[0]!.at).toBeGreaterThanOrEqual(900);
    for (const request of route.received) expect(verifySignature(hook.secret!, request)).toBe(true);
    await expect.poll(async () => (await deliveries(parser.id, hook.id))[0]?.status, { timeout: 10_000 }).toBe("succeeded");
    const [delivery] = await deliveries(parser.id, hook.id);
    expect(delivery!.attempts).toBe(3);
    expect(delivery!.attemptLog.map((attempt) => attempt.responseStatus)).toEqual([500, null, 200]);
    expect(delivery!.attemptLog[1]!.error).toMatch(/did not finish within 2 seconds/);
  }, 120_000);

  it("sends a test event now and redelivers it as a new delivery with a fresh webhook-id flagged as a redelivery", async () => {
    const parser = await makeParser(acme());
    const { url, route } = receiverRoute([503]);
    const hook = await createHook(parser.id, { url, events: ["document.approved"], isActive: false });
    const tested = await call<Delivery>(`${hooksOf(parser.id)}/${hook.id}/test`, { key: acme(), method: "POST" });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ eventType: "webhook.test", status: "failed", attempts: 1, responseStatus: 503 });
    expect(route.received).toHaveLength(1);
    expect(verifySignature(hook.secret!, route.received[0]!)).toBe(true);
    expect(JSON.parse(route.received[0]!.body)).toMatchObject({ type: "webhook.test", data: { webhook: { id: hook.id } } });

    const again = await call<Delivery>(`${hooksOf(parser.id)}/${hook.id}/deliveries/${tested.body.id}/redeliver`, { key: acme(), method: "POST" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, eventType: "webhook.test", redeliveryOf: { deliveryId: tested.body.id, messageId: tested.body.messageId }, document: null });
    expect(again.body.id).not.toBe(tested.body.id);
    expect(again.body.messageId).not.toBe(tested.body.messageId);
    expect(route.received[1]!.headers["webhook-id"]).toBe(again.body.messageId);
    expect(verifySignature(hook.secret!, route.received[1]!)).toBe(true);
    // The body and the log name the original alike: {deliveryId, messageId}; `webhookId` (the same message id, never
    // the endpoint) stays in the body for one release, deprecated.
    const sent = JSON.parse(route.received[1]!.body) as { type: string; redeliveryOf: Record<string, string> };
    expect(sent).toMatchObject({ type: "webhook.test", redeliveryOf: again.body.redeliveryOf });
    expect(sent.redeliveryOf).toEqual({ deliveryId: tested.body.id, messageId: tested.body.messageId, webhookId: tested.body.messageId });
    expect(sent.redeliveryOf.webhookId).not.toBe(hook.id);
    // The original keeps its one failed attempt; the log lists both, newest first.
    expect((await deliveries(parser.id, hook.id)).map((delivery) => [delivery.id, delivery.attemptLog.length])).toEqual([
      [again.body.id, 1],
      [tested.body.id, 1],
    ]);
  });

  it("sends the review events: in_review after extraction and reset, approved at the last stage, rejected", async () => {
    const parser = await makeParser(acme());
    const admin = seedMember("Acme", "admin");
    const stage = await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: admin.id } });
    expect(stage.status).toBe(201);
    const { url, route } = receiverRoute();
    await createHook(parser.id, { url, events: ["document.in_review", "document.approved", "document.rejected", "document.processed"] });
    const types = () => route.received.map((request) => (JSON.parse(request.body) as { type: string }).type);
    const documentId = await upload(parser.id);
    await expect.poll(types, { timeout: 90_000, interval: 250 }).toEqual(["document.in_review"]);
    const review = (action: string) => call(`/api/v1/parsers/${parser.id}/documents/${documentId}/review/${action}`, { key: acme(), body: { reviewerId: admin.id } });
    expect((await review("approve")).status).toBe(200);
    await expect.poll(types, { timeout: 10_000, interval: 250 }).toEqual(["document.in_review", "document.approved"]);
    expect((await review("reset")).status).toBe(200);
    await expect.poll(types, { timeout: 10_000, interval: 250 }).toEqual(["document.in_review", "document.approved", "document.in_review"]);
    expect((await review("reject")).status).toBe(200);
    await expect.poll(types, { timeout: 10_000, interval: 250 }).toEqual(["document.in_review", "document.approved", "document.in_review", "document.rejected"]);
    const last = JSON.parse(route.received[3]!.body) as { data: { document: { id: string; status: string } } };
    expect(last.data.document).toMatchObject({ id: documentId, status: "rejected" });
  }, 120_000);
});
