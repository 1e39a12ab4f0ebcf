import { describe, expect, it } from "vitest";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import { attachmentTypeListed, chooseAttachments, messageFileName, planDocuments, type EmailParsing, type MailAttachment } from "./choose-documents";
import { recipientSlug } from "./recipient";
import { senderAllowed } from "./sender-filter";

const DOMAIN = "inbound.localhost";
const PDF = "application/pdf";
const EML = "message/rfc822";

function attachment(fileName: string, detectedType: string | null, inline = false): MailAttachment {
  return { fileName, detectedType, inline, bytes: new Uint8Array([1, 2, 3]) };
}

function settings(overrides: Partial<EmailParsing> = {}): EmailParsing {
  return { ...DEFAULT_PARSER_SETTINGS.emailParsing, ...overrides };
}

describe("recipientSlug", () => {
  it("reads the slug of an address at the inbound domain", () => {
    expect(recipientSlug("invoices-3f9a1c@inbound.localhost", DOMAIN)).toBe("invoices-3f9a1c");
  });

  it("ignores case, angle brackets, a trailing root dot and a +tag", () => {
    expect(recipientSlug("<Invoices-3F9A1C+acme@Inbound.Localhost.>", DOMAIN)).toBe("invoices-3f9a1c");
  });

  it("refuses other domains, subdomains and malformed local parts", () => {
    expect(recipientSlug("invoices@example.com", DOMAIN)).toBeNull();
    expect(recipientSlug("invoices@x.inbound.localhost", DOMAIN)).toBeNull();
    expect(recipientSlug("@inbound.localhost", DOMAIN)).toBeNull();
    expect(recipientSlug("in voices@inbound.localhost", DOMAIN)).toBeNull();
    expect(recipientSlug("a..b@inbound.localhost", DOMAIN)).toBeNull();
    expect(recipientSlug("not-an-address", DOMAIN)).toBeNull();
  });
});

describe("senderAllowed", () => {
  const rules = [
    { type: "email" as const, value: "AP@Supplier.com" },
    { type: "domain" as const, value: "partner.org" },
  ];

  it("lets everyone in when disabled or without rules", () => {
    expect(senderAllowed("anyone@example.com", { mode: "disabled", rules })).toBe(true);
    expect(senderAllowed("anyone@example.com", { mode: "allow", rules: [] })).toBe(true);
  });

  it("allow: only matching addresses and domains, case-insensitively", () => {
    const filter = { mode: "allow" as const, rules };
    expect(senderAllowed("ap@supplier.com", filter)).toBe(true);
    expect(senderAllowed("Billing@PARTNER.org", filter)).toBe(true);
    expect(senderAllowed("sales@supplier.com", filter)).toBe(false);
    expect(senderAllowed("x@sub.partner.org", filter)).toBe(false);
    expect(senderAllowed("x@partner.org.evil.net", filter)).toBe(false);
    expect(senderAllowed(null, filter)).toBe(false);
  });

  it("deny: everyone but matching senders", () => {
    const filter = { mode: "deny" as const, rules };
    expect(senderAllowed("ap@supplier.com", filter)).toBe(false);
    expect(senderAllowed("x@partner.org", filter)).toBe(false);
    expect(senderAllowed("sales@supplier.com", filter)).toBe(true);
    expect(senderAllowed(null, filter)).toBe(true);
  });
});

describe("choosing attachments", () => {
  it("matches the list by MIME type, family or extension, using the type found in the bytes", () => {
    expect(attachmentTypeListed(attachment("a.pdf", PDF), [PDF])).toBe(true);
    expect(attachmentTypeListed(attachment("scan.PNG", "image/png"), ["image/*"])).toBe(true);
    expect(attachmentTypeListed(attachment("a.pdf", PDF), [".pdf"])).toBe(true);
    expect(attachmentTypeListed(attachment("a.pdf", PDF), ["pdf"])).toBe(true);
    expect(attachmentTypeListed(attachment("a.pdf", "image/png"), [PDF])).toBe(false);
    expect(attachmentTypeListed(attachment("noext", PDF), [".pdf"])).toBe(false);
  });

  it("an empty list takes every type the parser accepts; inline images and unreadable files never", () => {
    const all = [attachment("a.pdf", PDF), attachment("b.png", "image/png"), attachment("logo.png", "image/png", true), attachment("c.bin", null), attachment("d.txt", "text/plain")];
    expect(chooseAttachments(all, settings(), [PDF, "image/png"]).map((a) => a.fileName)).toEqual(["a.pdf", "b.png"]);
    expect(chooseAttachments(all, settings({ attachmentFileTypes: [PDF, "text/plain"] }), [PDF, "image/png"]).map((a) => a.fileName)).toEqual(["a.pdf"]);
  });
});

describe("planDocuments", () => {
  const message = { raw: new Uint8Array([70, 114, 111, 109]), rawType: EML, subject: "Invoice 42 / March", attachments: [attachment("a.pdf", PDF), attachment("b.pdf", PDF)] };

  it("the message is one document when the parser reads the body and accepts e-mail", () => {
    const plan = planDocuments(message, settings({ parseEmailBody: true }), [PDF, EML]);
    expect(plan).toMatchObject({ kind: "message", file: { name: "Invoice 42 March.eml", declaredType: EML } });
  });

  it("merging attachments also keeps the message whole, for the engine to merge", () => {
    expect(planDocuments(message, settings({ parseEmailBody: false, mergeEmailAttachments: true }), [PDF, EML]).kind).toBe("message");
  });

  it("otherwise each chosen attachment is a document", () => {
    const plan = planDocuments(message, settings({ parseEmailBody: false }), [PDF, EML]);
    expect(plan.kind === "attachments" && plan.files.map((file) => file.name)).toEqual(["a.pdf", "b.pdf"]);
  });

  it("a parser that does not accept e-mail gets the attachments even when it reads bodies", () => {
    expect(planDocuments(message, settings({ parseEmailBody: true }), [PDF]).kind).toBe("attachments");
  });

  it("a message the upload would not recognise as e-mail falls back to its attachments", () => {
    expect(planDocuments({ ...message, rawType: "text/plain" }, settings({ parseEmailBody: true }), [PDF, EML]).kind).toBe("attachments");
  });

  it("says why when nothing in the message is for the parser", () => {
    const plan = planDocuments({ ...message, attachments: [] }, settings({ parseEmailBody: false }), [PDF]);
    expect(plan).toEqual({ kind: "nothing", reason: "no attachment of a type this parser reads (application/pdf)" });
  });

  it("names the message after its subject", () => {
    expect(messageFileName(undefined)).toBe("E-mail.eml");
    expect(messageFileName('  Re: "Q3"\r\n report  ')).toBe("Re Q3 report.eml");
  });
});
