import "server-only";
import type { Db } from "@/lib/db/client";
import { findInboundMailbox, receiveEmailDocuments } from "@/lib/services/documents/inbound-email";
import type { ExtractionQueue } from "@/lib/services/documents/queue-extraction";
import { startSmtpListener, type InboundListener } from "./smtp-listener";

export { MAX_MESSAGE_BYTES, type InboundListener } from "./smtp-listener";

/** Inbound e-mail for this process: the SMTP listener, with the documents services behind it. */
export function startInboundEmail(options: { db: Db; queue: ExtractionQueue; port: number; domain: string }): Promise<InboundListener> {
  const { db, queue } = options;
  return startSmtpListener({
    port: options.port,
    domain: options.domain,
    mailboxes: {
      find: (slug) => findInboundMailbox(db, slug),
      receive: (mailbox, files) => receiveEmailDocuments(db, queue, mailbox, files),
    },
  });
}
