import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";

/**
 * Outbound mail through the SMTP server of SMTP_URL (nodemailer). Today it carries one kind of message: the code
 * that proves a person receives their address's mail. Unset SMTP_URL: `outboundMailConfigured()` is false and
 * nothing is sent.
 */
type Outbound = { transport: Transporter; from: string };

const holder = globalThis as typeof globalThis & { quarryOutboundMail?: Outbound };

export function outboundMailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

function outbound(): Outbound {
  const config = env();
  if (!config.SMTP_URL) throw new Error("SMTP_URL is not set");
  holder.quarryOutboundMail ??= {
    transport: nodemailer.createTransport(config.SMTP_URL),
    from: config.SMTP_FROM ?? `Quarry <no-reply@${new URL(config.publicBaseUrl).hostname}>`,
  };
  return holder.quarryOutboundMail;
}

/** The proof code's message: the code, what it is for, and what to do when the reader did not ask for it. */
export async function sendEmailProofCode({ to, code }: { to: string; code: string }): Promise<void> {
  const { transport, from } = outbound();
  const base = env().publicBaseUrl;
  await transport.sendMail({
    from,
    to,
    subject: `Your Quarry code: ${code}`,
    text: [
      `Your code to confirm this address in Quarry is ${code}`,
      "",
      "Type it where you asked for it (Invitations in the Quarry console). It expires in 15 minutes.",
      "If you did not ask for it, ignore this message and do not pass the code on: whoever enters it gets the",
      `invitations sent to this address at ${base}.`,
    ].join("\n"),
  });
}
