import "server-only";
import type { Db } from "@/lib/db/client";
import { findClassifierMailbox, receiveClassifierEmail, type ClassifierMailbox } from "@/lib/services/classifiers";
import { findInboundMailbox, receiveEmailDocuments, type InboundMailbox } from "@/lib/services/documents";
import type { ExtractionQueue } from "@/lib/services/documents";
import { startSmtpListener, type InboundListener } from "./smtp-listener";

export { MAX_MESSAGE_BYTES, type InboundListener } from "./smtp-listener";

/**
 * Inbound e-mail for this process: the SMTP listener, with the documents services behind it. Parsers and
 * classifiers share the `<slug>@<domain>` namespace (slugs carry a random suffix); a parser's slug wins a clash.
 */
export function startInboundEmail(options: { db: Db; queue: ExtractionQueue; port: number; domain: string }): Promise<InboundListener> {
  const { db, queue } = options;
  return startSmtpListener<InboundMailbox | ClassifierMailbox>({
    port: options.port,
    domain: options.domain,
    mailboxes: {
      find: async (slug) => (await findInboundMailbox(db, slug)) ?? (await findClassifierMailbox(db, slug)),
      receive: (mailbox, files) => ("classifierId" in mailbox ? receiveClassifierEmail(db, { queue, mailbox, files }) : receiveEmailDocuments(db, { queue, mailbox, files })),
    },
  });
}
