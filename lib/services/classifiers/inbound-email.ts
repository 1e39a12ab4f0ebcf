import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { UploadResultItem } from "@/lib/contracts/documents";
import { DEFAULT_PARSER_SETTINGS, type ParserSettings } from "@/lib/contracts/parser-settings";
import type { Db } from "@/lib/db/client";
import { classifiers } from "@/lib/db/schema";
import type { ExtractionQueue } from "../documents/queue-extraction";
import type { IncomingFile } from "../intake";
import { systemContext } from "../system-context";
import { uploadToClassifier } from "./upload";

/**
 * A classifier that takes mail, in the shape the SMTP listener knows (`parserId` is the id mail is delivered to).
 * A classifier has no e-mail settings of its own: every sender is accepted, and each attachment of a type it
 * accepts becomes a classifier document (the body is not a document: there is nothing to route in it).
 */
export type ClassifierMailbox = {
  classifierId: string;
  parserId: string;
  teamId: string;
  slug: string;
  emailParsing: ParserSettings["emailParsing"];
  acceptedTypes: string[];
};

const CLASSIFIER_EMAIL_PARSING: ParserSettings["emailParsing"] = { ...DEFAULT_PARSER_SETTINGS.emailParsing, parseEmailBody: false, mergeEmailAttachments: false };

export async function findClassifierMailbox(db: Db, slug: string): Promise<ClassifierMailbox | null> {
  const [row] = await db
    .select({ id: classifiers.id, teamId: classifiers.teamId, slug: classifiers.slug, acceptedFileTypes: classifiers.acceptedFileTypes })
    .from(classifiers)
    .where(and(sql`lower(${classifiers.slug}) = ${slug.toLowerCase()}`, eq(classifiers.isActive, true), isNull(classifiers.deletedAt)))
    .orderBy(asc(classifiers.createdAt))
    .limit(1);
  if (!row) return null;
  return { classifierId: row.id, parserId: row.id, teamId: row.teamId, slug: row.slug, emailParsing: CLASSIFIER_EMAIL_PARSING, acceptedTypes: row.acceptedFileTypes };
}

/** The attachments a message brought, as classifier documents with `source: "email"`, through the ordinary upload. */
export async function receiveClassifierEmail(db: Db, { queue, mailbox, files }: { queue: ExtractionQueue; mailbox: ClassifierMailbox; files: IncomingFile[] }): Promise<UploadResultItem[]> {
  return uploadToClassifier(await systemContext(db, mailbox.teamId), { queue, classifierId: mailbox.classifierId, incoming: files, source: "email" });
}
