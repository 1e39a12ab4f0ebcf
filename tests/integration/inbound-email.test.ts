import net from "node:net";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { call, quarry } from "../support/http";
import { keysPerTest, makeParser, type ParserBody } from "../support/parsers";

/** Real mail over SMTP to the server's inbound listener, as a mail server on the internet would send it. */

type EmailParser = ParserBody & { emailAddress: string };
type ListedDocument = { id: string; name: string; source: string; contentType: string; status: string };
type SmtpFailure = Error & { responseCode?: number; response?: string };

const INVOICE = ["ACME Supplies Ltd", "Invoice Number: INV-MAIL-7", "Invoice Date: 2024-03-15", "Total: 310.00 EUR"];
const FIELDS = [{ name: "invoiceNumber", type: "text", description: "Invoice number" }];

// A key per test: polling for documents must not spend another test's rate-limit budget.
const keys = keysPerTest();

function transport() {
  // No TLS: the listener offers no STARTTLS (it has no certificate), as a test MX on loopback.
  return nodemailer.createTransport({ host: "127.0.0.1", port: quarry().smtpPort, secure: false, ignoreTLS: true });
}

async function send(message: Mail.Options) {
  return transport().sendMail({ from: "ap@supplier.test", subject: "Invoice", text: "Please find our invoice.", ...message });
}

/** The refusal nodemailer got, so a test can read the server's exact reply. */
async function refusal(message: Mail.Options): Promise<SmtpFailure> {
  try {
    await send(message);
  } catch (error) {
    return error as SmtpFailure;
  }
  throw new Error("the server accepted mail it should have refused");
}

async function emailParser(body: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): Promise<EmailParser> {
  const created = await makeParser(keys.acme(), { fields: FIELDS, ...body });
  if (Object.keys(settings).length > 0) {
    const patched = await call(`/api/v1/parsers/${created.id}`, { key: keys.acme(), method: "PATCH", body: settings });
    expect(patched.status).toBe(200);
  }
  const read = await call<EmailParser>(`/api/v1/parsers/${created.id}`, { key: keys.acme() });
  expect(read.body.emailAddress).toMatch(/^[a-z0-9-]+@inbound\.localhost$/);
  return read.body;
}

async function documentsOf(parserId: string): Promise<ListedDocument[]> {
  const response = await call<{ data: ListedDocument[] }>(`/api/v1/parsers/${parserId}/documents`, { key: keys.acme() });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function waitForDocuments(parserId: string, count: number): Promise<ListedDocument[]> {
  let found: ListedDocument[] = [];
  await expect
    .poll(
      async () => {
        found = await documentsOf(parserId);
        return found.length;
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(count);
  return found;
}

async function waitUntilDone(parserId: string, documentId: string): Promise<string> {
  let status = "";
  await expect
    .poll(
      async () => {
        status = (await documentsOf(parserId)).find((document) => document.id === documentId)?.status ?? "";
        return status;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toMatch(/^(processed|failed|skipped)$/);
  return status;
}

describe("inbound e-mail", () => {
  it("the message itself becomes a document (.eml) that the engine extracts", async () => {
    const parser = await emailParser({ acceptedFileTypes: ["application/pdf", "message/rfc822"] });
    const info = await send({ to: parser.emailAddress, subject: "Invoice INV-MAIL-7", text: INVOICE.join("\n") });
    expect(info.response).toMatch(/^250 .*1 document\(s\) queued/);

    const [document] = await waitForDocuments(parser.id, 1);
    expect(document).toMatchObject({ name: "Invoice INV-MAIL-7.eml", source: "email", contentType: "message/rfc822" });
    expect(await waitUntilDone(parser.id, document!.id)).toBe("processed");
    const data = await call<{ data: Record<string, unknown> }>(`/api/v1/process/${parser.id}/files/data?documentId=${document!.id}`, { key: keys.acme() });
    expect(data.body.data.invoiceNumber).toBe("INV-MAIL-7");
  });

  it("a PDF attachment becomes a document when the parser does not read e-mail itself", async () => {
    const parser = await emailParser(); // PDF and images only, so not the .eml
    const pdf = await textPdf(INVOICE);
    await send({ to: parser.emailAddress, attachments: [{ filename: "invoice.pdf", content: Buffer.from(pdf), contentType: "application/octet-stream" }] });

    const [document] = await waitForDocuments(parser.id, 1);
    expect(document).toMatchObject({ name: "invoice.pdf", source: "email", contentType: "application/pdf" });
    expect(await waitUntilDone(parser.id, document!.id)).toBe("processed");
  });

  it("with parseEmailBody off, each listed attachment is its own document and the others are left out", async () => {
    const parser = await emailParser(
      { acceptedFileTypes: ["application/pdf", "message/rfc822", "text/plain"] },
      { emailParsing: { parseEmailBody: false, mergeEmailAttachments: false, includeEmailSubjectBody: false, attachmentFileTypes: [".pdf"], senderFilter: { mode: "disabled", rules: [] } } },
    );
    const pdf = Buffer.from(await textPdf(INVOICE));
    await send({
      to: parser.emailAddress,
      attachments: [
        { filename: "one.pdf", content: pdf },
        { filename: "two.pdf", content: pdf },
        { filename: "notes.txt", content: "not a listed type" },
      ],
    });
    const documents = await waitForDocuments(parser.id, 2);
    expect(documents.map((document) => document.name).sort()).toEqual(["one.pdf", "two.pdf"]);
    expect(documents.every((document) => document.source === "email")).toBe(true);
  });

  it("refuses unknown recipients, other domains and archived parsers at RCPT with 550 5.1.1", async () => {
    const unknown = await refusal({ to: "no-such-parser-000000@inbound.localhost" });
    expect(unknown.responseCode).toBe(550);
    expect(unknown.response).toBe("550 5.1.1 <no-such-parser-000000@inbound.localhost>: no such mailbox");

    const parser = await emailParser();
    const slug = parser.emailAddress.split("@")[0]!;
    const elsewhere = await refusal({ to: `${slug}@example.com` });
    expect(elsewhere.response).toBe(`550 5.1.1 <${slug}@example.com>: no such mailbox`);

    expect((await call(`/api/v1/parsers/${parser.id}`, { key: keys.acme(), method: "PATCH", body: { isActive: false } })).status).toBe(200);
    const archived = await refusal({ to: parser.emailAddress });
    expect(archived.response).toBe(`550 5.1.1 <${parser.emailAddress}>: no such mailbox`);
    expect(await documentsOf(parser.id)).toEqual([]);
  });

  it("refuses a filtered sender: the envelope sender at RCPT, the header sender after DATA", async () => {
    const parser = await emailParser(
      {},
      { emailParsing: { parseEmailBody: true, mergeEmailAttachments: false, includeEmailSubjectBody: true, attachmentFileTypes: [], senderFilter: { mode: "allow", rules: [{ type: "domain", value: "supplier.test" }] } } },
    );
    const pdf = Buffer.from(await textPdf(INVOICE));
    const attachments = [{ filename: "invoice.pdf", content: pdf }];

    const atRcpt = await refusal({ from: "someone@elsewhere.test", to: parser.emailAddress, attachments });
    expect(atRcpt.responseCode).toBe(550);
    expect(atRcpt.response).toBe(`550 5.7.1 <someone@elsewhere.test>: sender not accepted by <${parser.emailAddress}>`);

    // The envelope passes, but the From: header (what the engine judges) does not: refused once the data is in.
    const afterData = await refusal({ from: "someone@elsewhere.test", envelope: { from: "ap@supplier.test", to: parser.emailAddress }, to: parser.emailAddress, attachments });
    expect(afterData.responseCode).toBe(550);
    expect(afterData.response).toBe(`550 5.7.1 <someone@elsewhere.test>: sender not accepted by <${parser.emailAddress}>`);

    await send({ from: "ap@supplier.test", to: parser.emailAddress, attachments });
    expect((await waitForDocuments(parser.id, 1))[0]).toMatchObject({ name: "invoice.pdf", source: "email" });
  });

  it("refuses mail with nothing the parser reads, with 554 5.6.1", async () => {
    const parser = await emailParser(); // no .eml, and the message has no attachment
    const failure = await refusal({ to: parser.emailAddress });
    expect(failure.responseCode).toBe(554);
    expect(failure.response).toBe(`554 5.6.1 <${parser.emailAddress}>: no attachment of a type this parser reads (application/pdf, image/png, image/jpeg, image/tiff, image/webp)`);
  });

  it("advertises SIZE 25 MB and refuses a larger message with 552", async () => {
    const parser = await emailParser();
    const announced = await smtpDialogue(["EHLO test.example", "MAIL FROM:<ap@supplier.test> SIZE=30000000", "QUIT"]);
    expect(announced[1]).toMatch(/^250[- ]SIZE 26214400$/m);
    expect(announced[2]).toBe("552 Error: message exceeds fixed maximum message size 26214400");

    // A client that does not announce the size is stopped at the end of DATA, and nothing is kept.
    const line = `${"A".repeat(998)}\r\n`;
    const body = `From: <ap@supplier.test>\r\nTo: <${parser.emailAddress}>\r\nSubject: big\r\n\r\n${line.repeat(Math.ceil((26 * 1024 * 1024) / line.length))}.`;
    const sent = await smtpDialogue(["EHLO test.example", "MAIL FROM:<ap@supplier.test>", `RCPT TO:<${parser.emailAddress}>`, "DATA", body, "QUIT"]);
    expect(sent[3]).toMatch(/^250 /);
    expect(sent[5]).toBe("552 Error: message exceeds fixed maximum message size 26214400");
    expect(await documentsOf(parser.id)).toEqual([]);
  });
});

/** Speaks SMTP line by line, for what nodemailer will not send (an oversized SIZE), collecting each reply. */
async function smtpDialogue(commands: string[]): Promise<string[]> {
  const socket = net.connect(quarry().smtpPort, "127.0.0.1");
  const replies: string[] = [];
  let buffer = "";
  let waiting: ((reply: string) => void) | null = null;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    // A reply is complete at a line whose code is followed by a space rather than a dash.
    const match = /(?:^|\r\n)\d{3} [^\r\n]*\r\n/.exec(buffer);
    if (match && waiting) {
      const end = match.index + match[0].length;
      const reply = buffer.slice(0, end);
      buffer = buffer.slice(end);
      const resolve = waiting;
      waiting = null;
      resolve(reply.replace(/\r\n/g, "\n").trim());
    }
  });
  const next = () => new Promise<string>((resolve) => (waiting = resolve));
  replies.push(await next()); // the greeting
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    replies.push(await next());
  }
  socket.destroy();
  return replies;
}
