import "server-only";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Classifier } from "@/lib/contracts/classifiers";
import { DEFAULT_ACCEPTED_MIME_TYPES, KNOWN_MIME_TYPES } from "@/lib/contracts/file-types";
import type { DbOrTx } from "@/lib/db/client";
import { classifierDocuments, classifiers, parsers } from "@/lib/db/schema";
import { notFound, validationError, type ValidationIssue } from "@/lib/services/errors";

export type ClassifierRow = typeof classifiers.$inferSelect;
export type ClassifierDocumentRow = typeof classifierDocuments.$inferSelect;
export type TargetParser = { id: string; name: string; slug: string };

/** The team's live classifier with this id, or a 404 (another team's id is the same 404, so nothing leaks). */
export async function getClassifierInTeam(tx: DbOrTx, { teamId, classifierId, ...options }: { teamId: string; classifierId: string } & { forUpdate?: boolean }): Promise<ClassifierRow> {
  const query = tx
    .select()
    .from(classifiers)
    .where(and(eq(classifiers.id, classifierId), eq(classifiers.teamId, teamId), isNull(classifiers.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound({ type: "classifierId", value: classifierId, label: "Classifier" });
  return row;
}

export async function getClassifierDocumentInTeam(tx: DbOrTx, { teamId, classifierId, documentId }: { teamId: string; classifierId: string; documentId: string }): Promise<ClassifierDocumentRow> {
  await getClassifierInTeam(tx, { teamId, classifierId });
  const [row] = await tx
    .select()
    .from(classifierDocuments)
    .where(
      and(
        eq(classifierDocuments.id, documentId),
        eq(classifierDocuments.classifierId, classifierId),
        eq(classifierDocuments.teamId, teamId),
        isNull(classifierDocuments.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound({ type: "documentId", value: documentId, label: "Document" });
  return row;
}

/**
 * The team's active document parsers among these ids. Routing may only point at them: a classifier id, an
 * archived or deleted parser, or another team's parser would leave documents with nowhere to go.
 */
export async function activeTargetParsers(tx: DbOrTx, { teamId, ids }: { teamId: string; ids: readonly string[] }): Promise<Map<string, TargetParser>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: parsers.id, name: parsers.name, slug: parsers.slug })
    .from(parsers)
    .where(and(inArray(parsers.id, [...new Set(ids)]), eq(parsers.teamId, teamId), eq(parsers.type, "document"), eq(parsers.isActive, true), isNull(parsers.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Every MIME type some target of this routing group accepts, in a stable order: what a classifier created without
 * `acceptedFileTypes` accepts, since whatever it routes must be readable by the parser it lands in. Targets were
 * checked first (assertRoutingTargets); with none that accept anything, the parsers' own default.
 */
export async function typesTargetsAccept(
  tx: DbOrTx,
  { teamId, routing }: { teamId: string; routing: { rules: { targetParserId: string }[]; fallback: { action: string; targetParserId?: string } } },
): Promise<string[]> {
  const ids = routing.rules.map((rule) => rule.targetParserId);
  if (routing.fallback.action === "route" && routing.fallback.targetParserId) ids.push(routing.fallback.targetParserId);
  const rows = await tx
    .select({ settings: parsers.settings })
    .from(parsers)
    .where(and(inArray(parsers.id, [...new Set(ids)]), eq(parsers.teamId, teamId), isNull(parsers.deletedAt)));
  const union = new Set(rows.flatMap((row) => row.settings.acceptedFileTypes.map((type) => type.mimeType)));
  const ordered = KNOWN_MIME_TYPES.filter((type) => union.has(type));
  return ordered.length > 0 ? ordered : [...DEFAULT_ACCEPTED_MIME_TYPES];
}

/** Every target of a routing group (rules and a `route` fallback) must be an active document parser of the team: else a 400 naming each. */
export async function assertRoutingTargets(
  tx: DbOrTx,
  { teamId, routing }: { teamId: string; routing: { rules: { targetParserId: string }[]; fallback: { action: string; targetParserId?: string } } },
): Promise<void> {
  const wanted: { path: string; id: string }[] = routing.rules.map((rule, index) => ({ path: `routing.rules.${index}.targetParserId`, id: rule.targetParserId }));
  if (routing.fallback.action === "route" && routing.fallback.targetParserId) wanted.push({ path: "routing.fallback.targetParserId", id: routing.fallback.targetParserId });
  const found = await activeTargetParsers(tx, { teamId, ids: wanted.map((entry) => entry.id) });
  const issues: ValidationIssue[] = wanted
    .filter((entry) => !found.has(entry.id))
    .map((entry) => ({ path: entry.path, message: `${entry.id} is not an active document parser of this team` }));
  if (issues.length > 0) throw validationError(`Invalid routing: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`, issues);
}

const EMPTY_COUNTS: Classifier["counts"] = { totalDocuments: 0, routed: 0, skipped: 0, failed: 0 };

/** Counts by final state; an upload that was split counts through its parts, not itself. */
export async function classifierCounts(tx: DbOrTx, classifierIds: readonly string[]): Promise<Map<string, Classifier["counts"]>> {
  const counts = new Map<string, Classifier["counts"]>(classifierIds.map((id) => [id, { ...EMPTY_COUNTS }]));
  if (classifierIds.length === 0) return counts;
  const rows = await tx
    .select({ classifierId: classifierDocuments.classifierId, status: classifierDocuments.status, count: sql<number>`count(*)::int` })
    .from(classifierDocuments)
    .where(and(inArray(classifierDocuments.classifierId, [...classifierIds]), isNull(classifierDocuments.deletedAt), ne(classifierDocuments.status, "split")))
    .groupBy(classifierDocuments.classifierId, classifierDocuments.status);
  for (const row of rows) {
    const entry = counts.get(row.classifierId)!;
    entry.totalDocuments += row.count;
    if (row.status === "routed" || row.status === "skipped" || row.status === "failed") entry[row.status] += row.count;
  }
  return counts;
}
