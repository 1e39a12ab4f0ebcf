import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { DISABLE_AFTER_MS, RETRY_DELAYS_MS, retryDelay, shouldDisable } from "./schedule";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "./secret";
import { signedHeaders } from "./signing";

describe("webhook secrets", () => {
  it("look like Standard Webhooks secrets: whsec_ and 24 random bytes in base64", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("round-trip through AES-256-GCM and never appear in the stored form", () => {
    const secret = generateWebhookSecret();
    const stored = encryptSecret(secret, "material-a");
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret.slice(6));
    expect(encryptSecret(secret, "material-a")).not.toBe(stored); // a fresh IV every time
    expect(decryptSecret(stored, "material-a")).toBe(secret);
  });

  it("refuse a tampered ciphertext or another key", () => {
    const stored = encryptSecret(generateWebhookSecret(), "material-a");
    expect(() => decryptSecret(stored, "material-b")).toThrow();
    const packed = Buffer.from(stored.slice(3), "base64url");
    packed[packed.length - 1]! ^= 1;
    expect(() => decryptSecret(`v1:${packed.toString("base64url")}`, "material-a")).toThrow();
  });
});

describe("signing", () => {
  it("matches a hand computation of the Standard Webhooks HMAC (independent of the library)", () => {
    const secret = generateWebhookSecret();
    const at = new Date("2026-11-22T01:00:00.000Z");
    const body = JSON.stringify({ type: "document.processed", timestamp: at.toISOString(), data: { document: { id: "d" } } });
    const headers = signedHeaders({ secret, messageId: "msg_1", at, body });
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe(String(at.getTime() / 1000));
    const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(`msg_1.${headers["webhook-timestamp"]}.${body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("is accepted by the verifier and refused once the body changes", () => {
    const secret = generateWebhookSecret();
    const body = '{"type":"webhook.test"}';
    const headers = signedHeaders({ secret, messageId: "msg_2", at: new Date(), body });
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: "webhook.test" });
    expect(() => new Webhook(secret).verify('{"type":"other"}', headers)).toThrow();
  });
});

describe("retry schedule", () => {
  it("retries with growing waits over about a day, then stops", () => {
    for (let i = 1; i < RETRY_DELAYS_MS.length; i += 1) expect(RETRY_DELAYS_MS[i]!).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]!);
    const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(DISABLE_AFTER_MS);
    expect(total).toBeLessThan(30 * 3_600_000);
    expect(retryDelay(1)).toBe(5_000);
    expect(retryDelay(RETRY_DELAYS_MS.length)).toBe(10 * 3_600_000);
    expect(retryDelay(RETRY_DELAYS_MS.length + 1)).toBeNull();
    expect(retryDelay(0)).toBeNull();
  });

  it("disables an endpoint only after a whole day of failures", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_MS + 1000), now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_MS), now)).toBe(true);
  });
});
