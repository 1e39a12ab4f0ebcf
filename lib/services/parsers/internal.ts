import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Parser } from "@/lib/contracts/parsers";
import type { DbOrTx } from "@/lib/db/client";
import { classifiers, documents, folders, parsers } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/services/errors";
import { scopedReviewer, visibleDocuments, visibleParsers, type Access } from "../access";

export type ParserRow = typeof parsers.$inferSelect;

/**
 * The team's document parser with this id, or a 404. Archived parsers count unless `activeOnly`: their fields,
 * folders and settings stay reachable so they can be inspected and restored. A classifier id of the same team
 * gets a message saying so, because a caller mixing the two up needs to know which endpoint to use; another
 * team's id (parser or classifier) is an ordinary not-found. A reviewer's access (access.ts) narrows "the team's":
 * a parser they do not review is not found either, so every path that starts here is scoped to it.
 */
export async function getParserInTeam(
  tx: DbOrTx,
  { access, parserId, ...options }: { access: Access; parserId: string } & { activeOnly?: boolean; forUpdate?: boolean },
): Promise<ParserRow> {
  const teamId = access.teamId;
  const query = tx
    .select()
    .from(parsers)
    .where(
      and(
        eq(parsers.id, parserId),
        eq(parsers.teamId, teamId),
        eq(parsers.type, "document"),
        isNull(parsers.deletedAt),
        visibleParsers(access, parsers.id),
      ),
    )
    .limit(1);
  // Locking the parser row serialises changes to its fields and folders (positions, sibling names, moves).
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (row && options.activeOnly && !row.isActive) {
    // Same team, so saying why leaks nothing, and it tells the caller how to reach or restore it.
    throw new AppError("NOT_FOUND", `Parser ${parserId} is archived: add ?includeArchived=true to read it, or PATCH isActive true to restore it`, {
      notFound: [{ type: "parserId", value: parserId }],
    });
  }
  if (row) return row;
  // Classifiers are none of a reviewer's business (no classifiers.read): for them it is a plain not-found.
  if (scopedReviewer(access)) throw notFound({ type: "parserId", value: parserId, label: "Parser" });
  const [classifier] = await tx
    .select({ id: classifiers.id })
    .from(classifiers)
    .where(and(eq(classifiers.id, parserId), eq(classifiers.teamId, teamId), isNull(classifiers.deletedAt)))
    .limit(1);
  if (classifier) {
    throw new AppError("NOT_FOUND", `${parserId} is a classifier, not a parser: use /api/v1/classifiers/${parserId}`, {
      notFound: [{ type: "parserId", value: parserId }],
    });
  }
  throw notFound({ type: "parserId", value: parserId, label: "Parser" });
}

/** The parser's live documents (those the caller may see) and folders. */
export async function parserCounts(tx: DbOrTx, { access, parserId }: { access: Access; parserId: string }): Promise<Parser["counts"]> {
  const [documentRow] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.parserId, parserId), isNull(documents.deletedAt), visibleDocuments(access)));
  const [folderRow] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(folders)
    .where(and(eq(folders.parserId, parserId), isNull(folders.deletedAt)));
  return { totalDocuments: documentRow?.count ?? 0, folders: folderRow?.count ?? 0 };
}

/** PostgreSQL's unique_violation, however the driver wraps it: a concurrent duplicate name becomes a 409, not a 500. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
