import { expect } from "vitest";
import { call, quarry } from "./http";
import { messagesTo, nextMessageTo } from "./mail-outbox";

/** The 8-digit code of a proof message (tests/support/mail-outbox.ts files what the server sent). */
export function codeIn(text: string): string {
  const match = /\b(\d{8})\b/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

/**
 * Proves the address of a signed-in person the way they would: ask for a code, read it from their own mailbox (the
 * suite's SMTP outbox), type it back. `token` is their console token.
 */
export async function proveAddress(token: string, email: string): Promise<void> {
  const seen = messagesTo(quarry().outboxDir, email).length;
  const asked = await call("/api/v1/me/email-proof", { key: token, method: "POST" });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const mail = await nextMessageTo(quarry().outboxDir, { to: email, seen });
  const confirmed = await call("/api/v1/me/email-proof/confirm", { key: token, body: { code: codeIn(mail.text) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}
