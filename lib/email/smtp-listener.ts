import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { ParserSettings } from "@/lib/contracts/parser-settings";
import { AppError } from "@/lib/services/errors";
import { planDocuments, type MailFile } from "./choose-documents";
import { readMessage } from "./read-message";
import { recipientSlug } from "./recipient";
import { senderAllowed } from "./sender-filter";

/** Advertised with EHLO's SIZE and enforced: a larger message is refused with 552 and nothing is kept. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export type Mailbox = { parserId: string; slug: string; emailParsing: ParserSettings["emailParsing"]; acceptedTypes: string[] };

/** What the listener needs from the rest of Quarry; lib/services provides it (this module never reads the database). */
export type MailboxDirectory<M extends Mailbox> = {
  find: (slug: string) => Promise<M | null>;
  receive: (mailbox: M, files: MailFile[]) => Promise<unknown>;
};

export type InboundListener = { port: number; close: () => Promise<void> };

/** An error smtp-server answers with its code; the text carries the enhanced status code, which it would not add. */
function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

const noSuchMailbox = (address: string) => smtpError(550, `5.1.1 <${address}>: no such mailbox`);
const senderRefused = (sender: string, recipient: string) => smtpError(550, `5.7.1 <${sender}>: sender not accepted by <${recipient}>`);

function collect(stream: SMTPServerDataStream): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      // Past the limit the bytes are only counted (sizeExceeded), never held: the reply will be 552 anyway.
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.once("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    stream.once("error", reject);
  });
}

/**
 * Starts an SMTP listener that takes mail for `<parser slug>@<domain>`. Recipients are checked at RCPT (unknown,
 * archived or deleted parsers: 550 5.1.1) with the envelope sender against each parser's sender filter (550
 * 5.7.1); after DATA the header sender is checked too, because that is the sender the extraction engine judges.
 * No AUTH and no STARTTLS: this is an inbound MX for one domain, not a relay, and it has no certificate to offer.
 */
export async function startSmtpListener<M extends Mailbox>(options: { port: number; host?: string; domain: string; mailboxes: MailboxDirectory<M> }): Promise<InboundListener> {
  const { domain, mailboxes } = options;

  async function mailboxFor(address: string): Promise<M | null> {
    const slug = recipientSlug(address, domain);
    return slug ? mailboxes.find(slug) : null;
  }

  async function onRcptTo(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const mailbox = await mailboxFor(address.address);
    if (!mailbox) throw noSuchMailbox(address.address);
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
    if (!senderAllowed(sender || null, mailbox.emailParsing.senderFilter)) throw senderRefused(sender, address.address);
  }

  async function onData(raw: Uint8Array, session: SMTPServerSession): Promise<string> {
    const message = await readMessage(raw);
    // Every recipient is planned before anything is stored, so a refusal for one does not leave half a delivery.
    const deliveries: { mailbox: M; recipient: string; files: MailFile[] }[] = [];
    for (const recipient of session.envelope.rcptTo) {
      const mailbox = await mailboxFor(recipient.address);
      if (!mailbox) throw noSuchMailbox(recipient.address); // archived or deleted since RCPT
      if (deliveries.some((delivery) => delivery.mailbox.parserId === mailbox.parserId)) continue;
      if (!senderAllowed(message.from, mailbox.emailParsing.senderFilter)) throw senderRefused(message.from ?? "", recipient.address);
      const plan = planDocuments(message, mailbox.emailParsing, mailbox.acceptedTypes);
      if (plan.kind === "nothing") throw smtpError(554, `5.6.1 <${recipient.address}>: ${plan.reason}`);
      deliveries.push({ mailbox, recipient: recipient.address, files: plan.kind === "message" ? [plan.file] : plan.files });
    }
    let delivered = 0;
    for (const delivery of deliveries) {
      try {
        await mailboxes.receive(delivery.mailbox, delivery.files);
        delivered += delivery.files.length;
        console.log(`[inbound-email] ${delivery.files.length} document(s) from <${message.from ?? ""}> for parser ${delivery.mailbox.parserId}`);
      } catch (error) {
        // One reply covers every recipient. Once one parser has its documents, a failure reply would make the
        // sender retry and duplicate them, so a later failure is logged and the message accepted.
        if (delivered > 0) {
          console.error(`[inbound-email] delivery to <${delivery.recipient}> failed`, error);
          continue;
        }
        // The upload's own refusals (a file the parser cannot read) are permanent; anything else may pass.
        if (error instanceof AppError && error.code === "VALIDATION") throw smtpError(554, `5.6.1 <${delivery.recipient}>: ${error.message}`);
        throw error;
      }
    }
    return `2.6.0 Accepted: ${delivered} document(s) queued`;
  }

  const server = new SMTPServer({
    banner: "Quarry inbound e-mail",
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    maxClients: 100,
    maxRecipients: 50,
    closeTimeout: 10_000,
    onRcptTo(address, session, callback) {
      onRcptTo(address, session).then(() => callback(), (error: unknown) => callback(asSmtpError(error)));
    },
    onData(stream, session, callback) {
      collect(stream)
        .then((raw) => {
          if (stream.sizeExceeded) throw smtpError(552, `5.3.4 Message larger than ${MAX_MESSAGE_BYTES} bytes`);
          return onData(raw, session);
        })
        .then((reply) => callback(null, reply), (error: unknown) => callback(asSmtpError(error)));
    },
  });
  server.on("error", (error) => console.error("[inbound-email]", error));

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once("error", onError);
    server.listen(options.port, options.host, () => {
      server.server.off("error", onError);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Our refusals pass through; anything unexpected (the database down, a parse failure) is a temporary 451. */
function asSmtpError(error: unknown): Error {
  if (error instanceof Error && typeof (error as { responseCode?: unknown }).responseCode === "number") return error;
  console.error("[inbound-email]", error);
  return smtpError(451, "4.3.0 Could not take the message now; try again later");
}
