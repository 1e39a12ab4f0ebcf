import { Webhook } from "standardwebhooks";

/** The Standard Webhooks headers for one attempt, signed by the reference implementation rather than by hand. */
export function signedHeaders({ secret, messageId, at, body }: { secret: string; messageId: string; at: Date; body: string }): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}
