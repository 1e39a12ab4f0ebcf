import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ParserAccuracy } from "@/lib/contracts/learning";
import { auditLog, documents } from "@/lib/db/schema";
import { assertPermission, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree, toFieldInputs } from "../fields/tree";
import { getParserInTeam } from "../parsers/internal";
import { senderNameField } from "./internal";
import { netChangedFields, type DataCorrection } from "./net-changes";

/** The most recent approved documents read for the figures; older ones no longer say much about the parser. */
const WINDOW = 2000;
/** A field or sender needs attention when reviewers changed it on more than this share of its documents. */
const ATTENTION = 0.1;
const MIN_DOCUMENTS = 3;

/**
 * GET /parsers/{parserId}/accuracy: how often reviewers had to change the parser's values, from approved documents
 * and the audit of their corrections (`document.data.update`): per field, the share approved unchanged; the
 * straight-through rate (documents approved with no change at all); both by week of approval; and the fields and
 * senders that need attention.
 */
export async function getParserAccuracy(ctx: ServiceContext, parserId: string): Promise<ParserAccuracy> {
  assertPermission(ctx, "documents.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  const fields = toFieldInputs(buildFieldTree(await loadFieldRows(ctx.db, parser.id)));
  const approved = await ctx.db
    .select({ id: documents.id, data: documents.data, updatedAt: documents.updatedAt })
    .from(documents)
    .where(and(eq(documents.parserId, parser.id), eq(documents.teamId, ctx.teamId), isNull(documents.deletedAt), eq(documents.status, "approved")))
    .orderBy(desc(documents.updatedAt))
    .limit(WINDOW);
  const ids = approved.map((row) => row.id);
  const audits = ids.length
    ? await ctx.db
        .select({ resourceId: auditLog.resourceId, action: auditLog.action, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
        .from(auditLog)
        .where(and(eq(auditLog.teamId, ctx.teamId), eq(auditLog.resourceType, "document"), inArray(auditLog.action, ["document.data.update", "review.approve"]), inArray(auditLog.resourceId, ids)))
    : [];
  const corrections = new Map<string, DataCorrection[]>();
  const approvedAt = new Map<string, Date>();
  for (const audit of audits) {
    if (audit.action === "review.approve") {
      const previous = approvedAt.get(audit.resourceId);
      if (!previous || audit.createdAt > previous) approvedAt.set(audit.resourceId, audit.createdAt);
      continue;
    }
    corrections.set(audit.resourceId, [...(corrections.get(audit.resourceId) ?? []), audit]);
  }
  // A field counts as changed when its approved value differs from the extracted one (net-changes.ts): a value
  // retyped to the same text, or changed and put back, is no correction.
  const changed = new Map(approved.map((document) => [document.id, netChangedFields(corrections.get(document.id) ?? [], document.data)]));
  const sender = senderNameField(fields);
  const weeks = new Map<string, { documents: number; straightThrough: number; changedValues: number }>();
  const senders = new Map<string, { documents: number; changed: number }>();
  let straightThrough = 0;
  for (const document of approved) {
    const changes = changed.get(document.id)?.size ?? 0;
    if (changes === 0) straightThrough += 1;
    const week = mondayOf(approvedAt.get(document.id) ?? document.updatedAt);
    const entry = weeks.get(week) ?? { documents: 0, straightThrough: 0, changedValues: 0 };
    entry.documents += 1;
    entry.straightThrough += changes === 0 ? 1 : 0;
    entry.changedValues += changes;
    weeks.set(week, entry);
    const name = sender && typeof document.data[sender] === "string" ? (document.data[sender] as string).trim() : "";
    if (name) {
      const bySender = senders.get(name) ?? { documents: 0, changed: 0 };
      bySender.documents += 1;
      bySender.changed += changes > 0 ? 1 : 0;
      senders.set(name, bySender);
    }
  }
  const perField = fields.map((field) => {
    const changedCount = approved.filter((document) => changed.get(document.id)?.has(field.name)).length;
    return { name: field.name, documents: approved.length, changed: changedCount, accuracy: approved.length ? round(1 - changedCount / approved.length) : null };
  });
  return {
    documents: approved.length,
    straightThrough,
    straightThroughRate: approved.length ? round(straightThrough / approved.length) : null,
    fields: perField,
    weeks: [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, entry]) => ({ week, ...entry, straightThroughRate: round(entry.straightThrough / entry.documents) })),
    attention: {
      fields: perField.filter((field) => field.documents >= MIN_DOCUMENTS && field.changed / field.documents > ATTENTION).map((field) => field.name),
      senders: [...senders.entries()]
        .filter(([, entry]) => entry.documents >= MIN_DOCUMENTS && entry.changed / entry.documents > ATTENTION)
        .sort((a, b) => b[1].changed / b[1].documents - a[1].changed / a[1].documents)
        .slice(0, 20)
        .map(([name, entry]) => ({ sender: name, ...entry })),
    },
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The Monday (UTC) of a date's ISO week, yyyy-mm-dd. */
function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day)).toISOString().slice(0, 10);
}
