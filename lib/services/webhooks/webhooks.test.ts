import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeTeam, type TestActor } from "@/lib/db/factories";
import { documents, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { attemptDelivery } from "./deliver";
import { claimDueDeliveries, leaseMs } from "./dispatch";
import { emitDocumentEvent } from "./emit";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./endpoints";
import { listDeliveries, redeliver } from "./manual";

type Received = { headers: IncomingMessage["headers"]; body: string };

let handle: DatabaseHandle;
let admin: TestActor;
let globex: TestActor;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      // `/binary` answers with NUL bytes, which a PostgreSQL text column cannot hold.
      const binary = request.url?.endsWith("/binary") ?? false;
      response.writeHead(answers.shift() ?? 200, { "content-type": binary ? "application/octet-stream" : "text/plain" });
      response.end(binary ? Buffer.concat([Buffer.from("ok"), Buffer.alloc(5000)]) : "x".repeat(5000));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  receiverUrl = `http://127.0.0.1:${port}/hook`;
  // Read once by env(): set before anything here asks for the configuration.
  process.env.SAFE_FETCH_ALLOW = `127.0.0.1:${port}`;
  process.env.AUTH_SECRET = "unit-test-auth-secret";
  process.env.WEBHOOK_TIMEOUT_MS = "2000";
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db, "Acme")).id, "admin");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(async () => {
  await handle.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function addDocument(parserId: string, status: "processed" | "failed" = "processed") {
  const [row] = await handle.db
    .insert(documents)
    .values({ teamId: admin.teamId, parserId, name: `doc-${randomUUID()}.pdf`, status, source: "api", contentType: "application/pdf" })
    .returning();
  return row!;
}

describe("webhook endpoints", () => {
  it("create returns the secret once and stores it encrypted; reads never show it", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const created = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.processed", "document.processed"] } });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.events).toEqual(["document.processed"]);
    const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretCiphertext).not.toContain(created.secret.slice(6));
    expect(await getWebhook(admin, { parserId: parser.id, webhookId: created.id })).not.toHaveProperty("secret");
    expect((await listWebhooks(admin, parser.id)).map((hook) => hook.id)).toEqual([created.id]);
    await expect(getWebhook(globex, { parserId: parser.id, webhookId: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteWebhook(globex, { parserId: parser.id, webhookId: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses private and metadata targets with a clear message", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    for (const url of ["http://10.0.0.1/hook", "http://169.254.169.254/latest", "http://localhost:9/x", "http://[::1]:8080/x"]) {
      await expect(createWebhook(admin, { parserId: parser.id, raw: { url, events: ["document.failed"] } })).rejects.toMatchObject({ code: "VALIDATION", message: expect.stringMatching(/not allowed/) });
    }
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: "https://hooks.example.com/q", events: ["document.failed"] } });
    await expect(updateWebhook(admin, { parserId: parser.id, webhookId: hook.id, raw: { url: "http://192.168.1.1/" } })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("resuming clears the reason it was disabled", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.failed"] } });
    await handle.db.update(webhookEndpoints).set({ isActive: false, disabledReason: "kept failing", failingSince: new Date() }).where(eq(webhookEndpoints.id, hook.id));
    const resumed = await updateWebhook(admin, { parserId: parser.id, webhookId: hook.id, raw: { isActive: true } });
    expect(resumed).toMatchObject({ isActive: true, disabledReason: null, failingSince: null });
  });
});

describe("events and delivery", () => {
  it("writes one pending delivery per active subscribed endpoint, with the full document", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const subscribed = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.processed"] } });
    await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.failed"] } });
    await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.processed"], isActive: false } });
    const document = await addDocument(parser.id);
    expect(await handle.db.transaction((tx) => emitDocumentEvent(tx, { document, type: "document.processed" }))).toBe(1);
    const [delivery] = await listDeliveries(admin, { parserId: parser.id, webhookId: subscribed.id, query: { limit: 10 } });
    expect(delivery).toMatchObject({ eventType: "document.processed", status: "pending", attempts: 0, messageId: expect.stringMatching(/^msg_/) });
    expect(delivery!.payload).toMatchObject({ type: "document.processed", timestamp: expect.any(String), data: { document: { id: document.id, status: "processed" } } });
  });

  it("records an answer full of NUL bytes, which a text column cannot hold as they are", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl.replace(/\/hook$/, "/binary"), events: ["document.processed"] } });
    const document = await addDocument(parser.id);
    await handle.db.transaction((tx) => emitDocumentEvent(tx, { document, type: "document.processed" }));
    const [pending] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    await attemptDelivery(handle.db, { deliveryId: pending!.id });
    const [delivery] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200 });
    expect(delivery!.responseBodyExcerpt).toBe(`ok${"\uFFFD".repeat(2046)}`);
  });

  it("retries after a 500 with the same webhook-id, logs each attempt, then succeeds", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.failed"] } });
    const document = await addDocument(parser.id, "failed");
    await handle.db.transaction((tx) => emitDocumentEvent(tx, { document, type: "document.failed" }));
    const [pending] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    received.length = 0;
    answers = [500];
    await attemptDelivery(handle.db, { deliveryId: pending!.id });
    let [delivery] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(delivery!.responseBodyExcerpt).toHaveLength(2048);
    expect(new Date(delivery!.nextAttemptAt!).getTime() - new Date(delivery!.lastAttemptAt!).getTime()).toBe(5_000);
    expect((await getWebhook(admin, { parserId: parser.id, webhookId: hook.id })).failingSince).not.toBeNull();

    await attemptDelivery(handle.db, { deliveryId: pending!.id });
    [delivery] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200, nextAttemptAt: null });
    expect(delivery!.attemptLog.map((attempt) => attempt.responseStatus)).toEqual([500, 200]);
    expect(received.map((request) => request.headers["webhook-id"])).toEqual([delivery!.messageId, delivery!.messageId]);
    expect((await getWebhook(admin, { parserId: parser.id, webhookId: hook.id })).failingSince).toBeNull();

    // A duplicated job for a finished delivery does nothing.
    await attemptDelivery(handle.db, { deliveryId: pending!.id });
    expect(received).toHaveLength(2);
    // A manual redelivery is a new delivery with a fresh webhook-id, flagged, naming the document.
    const again = await redeliver(admin, { parserId: parser.id, webhookId: hook.id, deliveryId: pending!.id });
    expect(again).toMatchObject({ status: "succeeded", attempts: 1, redeliveryOf: { deliveryId: pending!.id, messageId: delivery!.messageId }, document: { id: document.id, name: document.name } });
    expect(again.messageId).not.toBe(delivery!.messageId);
    expect(received.at(-1)!.headers["webhook-id"]).toBe(again.messageId);
    // The body names the original as the log does, with the deprecated `webhookId` (the same message id) beside it.
    expect(JSON.parse(received.at(-1)!.body).redeliveryOf).toEqual({ deliveryId: pending!.id, messageId: delivery!.messageId, webhookId: delivery!.messageId });
  });

  it("disables an endpoint that has been failing for a day, and says why", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.failed"] } });
    await handle.db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 25 * 3_600_000) }).where(eq(webhookEndpoints.id, hook.id));
    const document = await addDocument(parser.id, "failed");
    await handle.db.transaction((tx) => emitDocumentEvent(tx, { document, type: "document.failed" }));
    const [pending] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    answers = [503];
    await attemptDelivery(handle.db, { deliveryId: pending!.id });
    const disabled = await getWebhook(admin, { parserId: parser.id, webhookId: hook.id });
    expect(disabled.isActive).toBe(false);
    expect(disabled.disabledReason).toMatch(/failed for 24 hours.*503/);
  });

  it("loses nothing when a worker dies mid-delivery: the claim expires and the delivery is claimed again", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    const hook = await createWebhook(admin, { parserId: parser.id, raw: { url: receiverUrl, events: ["document.skipped"] } });
    const document = await addDocument(parser.id);
    await handle.db.transaction((tx) => emitDocumentEvent(tx, { document, type: "document.skipped" }));
    const [pending] = await listDeliveries(admin, { parserId: parser.id, webhookId: hook.id, query: { limit: 1 } });
    const now = new Date(Date.now() + 1000);
    const mine = (ids: string[]) => ids.filter((id) => id === pending!.id);
    expect(mine(await claimDueDeliveries(handle.db, { now, limit: 100 }))).toEqual([pending!.id]);
    // Claimed, and the worker that took it is gone: nobody else gets it during the lease…
    expect(mine(await claimDueDeliveries(handle.db, { now: new Date(now.getTime() + 1000), limit: 100 }))).toEqual([]);
    // …and after it, it comes back.
    expect(mine(await claimDueDeliveries(handle.db, { now: new Date(now.getTime() + leaseMs() + 1000), limit: 100 }))).toEqual([pending!.id]);
    const [row] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, pending!.id));
    expect(row!.status).toBe("pending");
  });
});
