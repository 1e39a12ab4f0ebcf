import { simpleParser, type AddressObject } from "mailparser";
import type { EmailParsingSettings, Page } from "../../types";
import { htmlToLayoutText } from "../layout-text";
import { textToPages } from "../plain-text";

export class SenderRejectedError extends Error {}

export type LoadedAttachment = { fileName: string; mimeType: string; bytes: Uint8Array };

export type LoadedEmail = {
  /** One page per message of the conversation, newest first (page 1 = the newest visible message). */
  messagePages: Page[];
  attachments: LoadedAttachment[];
  subject: string;
  from: string | null;
};

/** Where an earlier, quoted message starts inside a reply (English, German, French, Dutch, Outlook). */
const QUOTE_HEADER =
  /^(?:On .{4,200} wrote:|Am .{4,200} schrieb .{1,200}:|Le .{4,200} a écrit\s?:|Op .{4,200} schreef .{1,200}:|-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine|Oorspronkelijk bericht)\s*-{2,}|(?:From|Von|De|Van):\s.+)$/im;

/** Splits a conversation body into its messages, newest first, removing ">" quote marks of the older ones. */
export function splitConversation(body: string): string[] {
  const messages: string[] = [];
  let rest = body.replace(/\r\n?/g, "\n");
  for (let guard = 0; guard < 50; guard += 1) {
    const m = QUOTE_HEADER.exec(rest);
    if (!m || m.index === 0) break;
    messages.push(rest.slice(0, m.index).trim());
    rest = rest.slice(m.index).replace(/^>+ ?/gm, "");
    // Keep the header with the older message it introduces, then look for the next one after it.
    const headerEnd = m[0].length;
    const next = QUOTE_HEADER.exec(rest.slice(headerEnd));
    if (!next) break;
    messages.push(rest.slice(0, headerEnd + next.index).trim());
    rest = rest.slice(headerEnd + next.index);
  }
  messages.push(rest.trim());
  return messages.filter((m) => m !== "");
}

function senderAddress(from: AddressObject | undefined): string | null {
  return from?.value[0]?.address?.toLowerCase() ?? null;
}

/** Sender filter: "allow"-style modes keep only listed senders, "block"-style modes drop them, "disabled" keeps all. */
export function senderAllowed(sender: string | null, filter: EmailParsingSettings["senderFilter"]): boolean {
  if (!filter || filter.mode === "disabled" || filter.rules.length === 0) return true;
  const matches =
    sender !== null &&
    filter.rules.some((r) => (r.type === "email" ? sender === r.value.toLowerCase() : sender.endsWith(`@${r.value.toLowerCase().replace(/^@/, "")}`)));
  const blocking = /block|deny|exclude|skip/i.test(filter.mode);
  return blocking ? !matches : matches;
}

function typeAccepted(mimeType: string, fileName: string, accepted: string[] | undefined): boolean {
  if (!accepted || accepted.length === 0) return true;
  const ext = fileName.includes(".") ? fileName.slice(fileName.lastIndexOf(".")).toLowerCase() : "";
  return accepted.some((a) => {
    const t = a.toLowerCase();
    return t === mimeType.toLowerCase() || t === ext || t === ext.slice(1) || (t.endsWith("/*") && mimeType.startsWith(t.slice(0, -1)));
  });
}

/** Reads an .eml: subject, sender, the conversation as pages (newest first) and the attachments to extract. */
export async function loadEmail(bytes: Uint8Array, settings: EmailParsingSettings = {}): Promise<LoadedEmail> {
  const mail = await simpleParser(Buffer.from(bytes), { skipImageLinks: true, skipTextToHtml: true });
  const from = senderAddress(mail.from);
  if (!senderAllowed(from, settings.senderFilter)) throw new SenderRejectedError(`Sender ${from ?? "(unknown)"} is filtered out`);
  const subject = mail.subject ?? "";
  const body = mail.text && mail.text.trim() !== "" ? mail.text : typeof mail.html === "string" ? htmlToLayoutText(mail.html) : "";
  const messages = settings.parseEmailBody === false ? [] : splitConversation(body);
  if (settings.includeEmailSubjectBody !== false && subject !== "") {
    const header = [`Subject: ${subject}`, from ? `From: ${from}` : "", mail.date ? `Date: ${mail.date.toISOString().slice(0, 10)}` : ""].filter(Boolean).join("\n");
    messages[0] = messages.length > 0 ? `${header}\n\n${messages[0]}` : header;
  }
  const messagePages = messages.map((m, i) => ({ ...(textToPages(m)[0] ?? textToPages("")[0]!), number: i + 1 }));
  const attachments =
    settings.mergeEmailAttachments === false
      ? []
      : mail.attachments
          .filter((a) => a.contentDisposition !== "inline" || !a.contentType.startsWith("image/"))
          .filter((a) => typeAccepted(a.contentType, a.filename ?? "", settings.attachmentFileTypes))
          .map((a) => ({ fileName: a.filename ?? "attachment", mimeType: a.contentType, bytes: new Uint8Array(a.content) }));
  return { messagePages, attachments, subject, from };
}
