import { simpleParser } from "mailparser";
import { detectContentType } from "@/lib/files/detect-content-type";
import type { MailAttachment } from "./choose-documents";

export type ReadMessage = { raw: Uint8Array; rawType: string | null; subject?: string; from: string | null; attachments: MailAttachment[] };

/**
 * Parses a received message: its header sender (what the sender filter and the extraction engine judge), its
 * subject and its attachments, each typed by its bytes as the upload will type it.
 */
export async function readMessage(raw: Uint8Array): Promise<ReadMessage> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  const attachments = await Promise.all(
    mail.attachments.map(async (attachment, index): Promise<MailAttachment> => {
      const bytes = new Uint8Array(attachment.content);
      const fileName = attachment.filename?.trim() || `attachment-${index + 1}`;
      const detectedType = bytes.byteLength === 0 ? null : await detectContentType(bytes, { declared: attachment.contentType, fileName });
      return { fileName, detectedType, inline: attachment.contentDisposition === "inline" || attachment.related === true, bytes };
    }),
  );
  // The upload types the .eml by its bytes too; knowing here whether it will pass lets the plan fall back.
  const rawType = await detectContentType(raw, { declared: "message/rfc822", fileName: "message.eml" });
  return { raw, rawType, subject: mail.subject, from: mail.from?.value[0]?.address?.toLowerCase() || null, attachments };
}
