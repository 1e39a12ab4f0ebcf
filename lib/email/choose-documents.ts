import type { ParserSettings } from "@/lib/contracts/parser-settings";

export type EmailParsing = ParserSettings["emailParsing"];

/** An attachment as the listener read it: `detectedType` comes from its bytes, null when Quarry cannot read it. */
export type MailAttachment = { fileName: string; detectedType: string | null; inline: boolean; bytes: Uint8Array };

export type MailFile = { name: string; bytes: Uint8Array; declaredType?: string };

export type DocumentPlan =
  | { kind: "message"; file: MailFile }
  | { kind: "attachments"; files: MailFile[] }
  | { kind: "nothing"; reason: string };

export const EML_TYPE = "message/rfc822";

/**
 * Whether an attachment is one `attachmentFileTypes` names: a MIME type (`application/pdf`), a family
 * (`image/*`) or an extension (`.pdf` or `pdf`), as the extraction engine reads the list. The type is the one
 * found in the bytes, never the one the sender declared (mail clients often say application/octet-stream).
 */
export function attachmentTypeListed(attachment: Pick<MailAttachment, "fileName" | "detectedType">, listed: readonly string[]): boolean {
  const type = attachment.detectedType?.toLowerCase() ?? "";
  const dot = attachment.fileName.lastIndexOf(".");
  const extension = dot >= 0 ? attachment.fileName.slice(dot).toLowerCase() : "";
  return listed.some((entry) => {
    const value = entry.trim().toLowerCase();
    if (value.endsWith("/*")) return type !== "" && type.startsWith(value.slice(0, -1));
    if (value.includes("/")) return value === type;
    return extension !== "" && (value === extension || `.${value}` === extension);
  });
}

/**
 * The attachments that become documents: not inline images (signature logos, pictures in the body), of a type
 * the parser accepts (else the upload would refuse the whole message), and listed in `attachmentFileTypes`
 * unless that list is empty, which means every type the parser accepts.
 */
export function chooseAttachments(attachments: readonly MailAttachment[], settings: Pick<EmailParsing, "attachmentFileTypes">, acceptedTypes: readonly string[]): MailAttachment[] {
  const accepted = new Set(acceptedTypes);
  return attachments.filter(
    (attachment) =>
      !(attachment.inline && attachment.detectedType?.startsWith("image/")) &&
      attachment.detectedType !== null &&
      accepted.has(attachment.detectedType) &&
      (settings.attachmentFileTypes.length === 0 || attachmentTypeListed(attachment, settings.attachmentFileTypes)),
  );
}

/** A file name for the message itself, from its subject: what people will look for in the document list. */
export function messageFileName(subject: string | undefined): string {
  const base = (subject ?? "")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150)
    .trim();
  return `${base || "E-mail"}.eml`;
}

/**
 * What one message becomes in one parser. The extraction engine reads an .eml itself: it takes the body when
 * `parseEmailBody` is on, puts the subject and sender on top when `includeEmailSubjectBody` is on, and merges the
 * attachments `attachmentFileTypes` lists when `mergeEmailAttachments` is on. So when the parser reads the body
 * or merges, the raw message is one document and the engine applies those settings. Otherwise each chosen
 * attachment is its own document, and the subject and body are not part of them.
 *
 * A parser that reads the body must also accept E-mail (EML) among its file types, because the upload checks
 * every file against them; one that does not falls back to its attachments rather than refusing the mail. So does
 * a message the upload would not recognise as e-mail by its bytes (`rawType`, see detectContentType): its
 * attachments are better than a bounce.
 */
export function planDocuments(
  message: { raw: Uint8Array; rawType: string | null; subject?: string; attachments: readonly MailAttachment[] },
  settings: EmailParsing,
  acceptedTypes: readonly string[],
): DocumentPlan {
  const readsMessage = settings.parseEmailBody || settings.mergeEmailAttachments;
  if (readsMessage && acceptedTypes.includes(EML_TYPE) && message.rawType === EML_TYPE) {
    return { kind: "message", file: { name: messageFileName(message.subject), bytes: message.raw, declaredType: EML_TYPE } };
  }
  const chosen = chooseAttachments(message.attachments, settings, acceptedTypes);
  if (chosen.length === 0) {
    const wanted = settings.attachmentFileTypes.length > 0 ? settings.attachmentFileTypes : acceptedTypes;
    return { kind: "nothing", reason: `no attachment of a type this parser reads (${wanted.join(", ") || "none"})` };
  }
  return { kind: "attachments", files: chosen.map((attachment) => ({ name: attachment.fileName, bytes: attachment.bytes, declaredType: attachment.detectedType ?? undefined })) };
}
