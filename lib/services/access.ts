import "server-only";
import { and, eq, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { documents, reviewStages } from "@/lib/db/schema";
import type { ServiceContext } from "./context";

/**
 * What of its team a caller may see. Admins and members see all of it. A reviewer (DESIGN §1.2: "documents of
 * parsers they review") sees the parsers where they hold a live review stage, with all their documents, plus any
 * document currently assigned to them (an admin may hand a document of another parser to a reviewer) and that
 * document's parser, so the review workspace can show its fields. Everything else answers 404, exactly like
 * another team's resource, so a reviewer cannot even learn which ids exist. Every read path of parsers and
 * documents goes through these conditions: `getParserInTeam` and `getDocumentInParser` for one, the conditions
 * below for lists, counts, search and exports.
 */
export type Access = Pick<ServiceContext, "teamId" | "role" | "actor">;

/** The user whose review work bounds what the caller sees, or null when the caller sees the whole team. */
export function scopedReviewer(access: Access): string | null {
  return access.role === "reviewer" ? access.actor.userId : null;
}

/**
 * A reviewer's user id: the value itself, or a placeholder bound when a prepared statement runs (parsers/list.ts
 * prepares its query once per variant and binds the reviewer on every request).
 */
export type ReviewerId = string | Placeholder;

/** Parsers where the user holds a live review stage (stage ids are per parser; the parser's team is checked by the caller). */
function stageParsers(userId: ReviewerId): SQL {
  return sql`select ${reviewStages.parserId} from ${reviewStages} where ${reviewStages.reviewerId} = ${userId} and ${reviewStages.deletedAt} is null`;
}

/** Parsers with a live document assigned to the user now (indexed: documents_assignee_idx). */
function assignedParsers(userId: ReviewerId): SQL {
  return sql`select ${documents.parserId} from ${documents} where ${documents.assigneeId} = ${userId} and ${documents.deletedAt} is null`;
}

/**
 * A condition on a parser id column (`parsers.id`, `usage_daily.parser_id`, …) that holds for the parsers the
 * caller may see; undefined (no condition) for a caller who sees the whole team.
 */
export function visibleParsers(access: Access, column: AnyPgColumn): SQL | undefined {
  const userId = scopedReviewer(access);
  return userId ? reviewerParsers(userId, column) : undefined;
}

/** visibleParsers for a reviewer. */
export function reviewerParsers(userId: ReviewerId, column: AnyPgColumn): SQL {
  return sql`(${column} in (${stageParsers(userId)}) or ${column} in (${assignedParsers(userId)}))`;
}

/**
 * A condition on `documents` that holds for the documents the caller may see; undefined for a caller who sees the
 * whole team. In a parser seen only through an assignment, that is the assigned documents alone.
 */
export function visibleDocuments(access: Access): SQL | undefined {
  const userId = scopedReviewer(access);
  return userId ? reviewerDocuments(userId) : undefined;
}

/** visibleDocuments for a reviewer. */
export function reviewerDocuments(userId: ReviewerId): SQL {
  return or(sql`${documents.parserId} in (${stageParsers(userId)})`, eq(documents.assigneeId, userId))!;
}

/** Live documents of the team that the caller may see: the base of every cross-parser document query. */
export function teamDocuments(access: Access): SQL {
  return teamDocumentsOf(access.teamId, scopedReviewer(access));
}

/** teamDocuments by ids, which may be placeholders of a prepared statement (parsers/list.ts); no reviewer: every document. */
export function teamDocumentsOf(teamId: string | Placeholder, reviewerId: ReviewerId | null): SQL {
  return and(eq(documents.teamId, teamId), isNull(documents.deletedAt), reviewerId === null ? undefined : reviewerDocuments(reviewerId))!;
}
