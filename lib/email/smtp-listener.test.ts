import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import type { MailFile } from "./choose-documents";
import { startSmtpListener, type InboundListener, type Mailbox } from "./smtp-listener";

/** The listener against an in-memory directory: the SMTP conversation without a database. */

const EML = "message/rfc822";
const mailboxes: Record<string, Mailbox> = {
  reads: { parserId: "p-reads", slug: "reads", emailParsing: DEFAULT_PARSER_SETTINGS.emailParsing, acceptedTypes: ["application/pdf", EML] },
  pdfs: { parserId: "p-pdfs", slug: "pdfs", emailParsing: DEFAULT_PARSER_SETTINGS.emailParsing, acceptedTypes: ["application/pdf"] },
  picky: {
    parserId: "p-picky",
    slug: "picky",
    emailParsing: { ...DEFAULT_PARSER_SETTINGS.emailParsing, senderFilter: { mode: "deny", rules: [{ type: "domain", value: "spam.test" }] } },
    acceptedTypes: [EML],
  },
};

let received: { parserId: string; files: MailFile[] }[] = [];
let failNext: Error | null = null;
let listener: InboundListener;

beforeAll(async () => {
  listener = await startSmtpListener({
    port: 0,
    host: "127.0.0.1",
    domain: "in.test",
    mailboxes: {
      find: async (slug) => mailboxes[slug] ?? null,
      receive: async (mailbox, files) => {
        if (failNext) throw failNext;
        received.push({ parserId: mailbox.parserId, files });
      },
    },
  });
});
afterAll(() => listener.close());
beforeEach(() => {
  received = [];
  failNext = null;
});

function send(to: string | string[], extra: Record<string, unknown> = {}) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ from: "ap@supplier.test", to, subject: "Hello", text: "Body", ...extra });
}

describe("smtp listener", () => {
  it("delivers once per parser, however many of its addresses are named", async () => {
    const info = await send(["reads@in.test", "READS+x@in.test", "picky@in.test"]);
    expect(info.accepted).toHaveLength(3);
    expect(received.map((delivery) => delivery.parserId)).toEqual(["p-reads", "p-picky"]);
    expect(received[0]!.files[0]).toMatchObject({ name: "Hello.eml", declaredType: EML });
  });

  it("one refused recipient refuses the message for all, and nothing is delivered", async () => {
    await expect(send(["reads@in.test", "pdfs@in.test"])).rejects.toMatchObject({ responseCode: 554 });
    expect(received).toEqual([]);
  });

  it("lets a nodemailer client deliver to the good recipients when others are unknown", async () => {
    const info = await send(["reads@in.test", "ghost@in.test"]);
    expect(info.rejected).toEqual(["ghost@in.test"]);
    expect(received.map((delivery) => delivery.parserId)).toEqual(["p-reads"]);
  });

  it("takes a message with long trace headers before From: as the e-mail it is", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64");
    const trace = Array.from({ length: 60 }, (_, i) => `X-Trace-${i}: ${"t".repeat(90)}`).join("\r\n");
    const raw = [
      trace,
      "From: <ap@supplier.test>",
      "To: <reads@in.test>",
      "Subject: Long headers",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Body",
      "--b",
      'Content-Type: application/pdf; name="a.pdf"',
      'Content-Disposition: attachment; filename="a.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      pdf,
      "--b--",
      "",
    ].join("\r\n");
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ envelope: { from: "ap@supplier.test", to: ["reads@in.test"] }, raw });
    expect(received.map((delivery) => delivery.files.map((file) => file.name))).toEqual([["Long headers.eml"]]);
  });

  it("turns an unexpected failure into a temporary 451, so the sender retries", async () => {
    failNext = new Error("database down");
    await expect(send("reads@in.test")).rejects.toMatchObject({ responseCode: 451, response: "451 4.3.0 Could not take the message now; try again later" });
  });

  it("refuses a denied sender domain at RCPT", async () => {
    await expect(send("picky@in.test", { from: "x@spam.test" })).rejects.toMatchObject({ responseCode: 550, response: "550 5.7.1 <x@spam.test>: sender not accepted by <picky@in.test>" });
  });
});
