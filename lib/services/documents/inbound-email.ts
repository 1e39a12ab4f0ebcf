import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { effectivePermissions } from "@/lib/contracts/permissions";
import type { UploadResultItem } from "@/lib/contracts/documents";
import type { ParserSettings } from "@/lib/contracts/parser-settings";
import type { Db } from "@/lib/db/client";
import { memberships, parsers, teams } from "@/lib/db/schema";
import type { ServiceContext } from "../context";
import type { ExtractionQueue } from "./queue-extraction";
import type { IncomingFile } from "../intake";
import { uploadDocuments } from "./upload";

/** A parser that takes mail: what the SMTP listener needs to accept or refuse a message for it. */
export type InboundMailbox = {
  parserId: string;
  teamId: string;
  slug: string;
  emailParsing: ParserSettings["emailParsing"];
  acceptedTypes: string[];
};

/**
 * The active, undeleted document parser whose slug this is, or null. Slugs carry a random suffix but no unique
 * index; should two ever collide, the oldest parser keeps the address, so mail never lands somewhere new.
 */
export async function findInboundMailbox(db: Db, slug: string): Promise<InboundMailbox | null> {
  const [row] = await db
    .select({ id: parsers.id, teamId: parsers.teamId, slug: parsers.slug, settings: parsers.settings })
    .from(parsers)
    .where(and(sql`lower(${parsers.slug}) = ${slug.toLowerCase()}`, eq(parsers.type, "document"), eq(parsers.isActive, true), isNull(parsers.deletedAt)))
    .orderBy(asc(parsers.createdAt), asc(parsers.id))
    .limit(1);
  if (!row) return null;
  return {
    parserId: row.id,
    teamId: row.teamId,
    slug: row.slug,
    emailParsing: row.settings.emailParsing,
    acceptedTypes: row.settings.acceptedFileTypes.map((type) => type.mimeType),
  };
}

/**
 * Acting for mail: uploads need a real user for the audit trail and the document rows, so the team's first
 * admin acts, with an admin's permissions, marked `via: "system"` so the audit log shows nobody clicked.
 * Null when the team has no admin left.
 */
async function inboundContext(db: Db, teamId: string): Promise<ServiceContext | null> {
  const [admin] = await db
    .select({ userId: memberships.userId, region: teams.region })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, "admin")))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId))
    .limit(1);
  if (!admin) return null;
  return {
    db,
    teamId,
    region: admin.region,
    actor: { userId: admin.userId, apiKeyId: null, via: "system" },
    role: "admin",
    permissions: effectivePermissions("admin"),
  };
}

/** Creates the documents a message brought, with `source: "email"`, through the ordinary upload path. */
export async function receiveEmailDocuments(db: Db, { queue, mailbox, files }: { queue: ExtractionQueue; mailbox: InboundMailbox; files: IncomingFile[] }): Promise<UploadResultItem[]> {
  const ctx = await inboundContext(db, mailbox.teamId);
  if (!ctx) throw new Error(`Team ${mailbox.teamId} has no admin to receive mail for parser ${mailbox.parserId}`);
  return uploadDocuments(ctx, { queue, parserId: mailbox.parserId, incoming: files, source: "email" });
}
