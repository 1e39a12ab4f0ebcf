import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import { forbidden, invalidState } from "@/lib/services/errors";
import type { ServiceContext } from "../context";
import type { DocumentRecord } from "../documents/to-document";
import { canReview, findMember, type Member } from "./internal";
import type { ReviewRow } from "./flow";

/**
 * Who may act in a decision (spec, Authentication 6): `reviewerId` must be a member of the caller's team who may
 * review, and a caller who is a reviewer themselves (signed in, or a key whose creator is a reviewer) may only
 * act as themselves. An admin's key may act for any reviewer, which is how integrations record decisions.
 */
export async function actingReviewer(tx: DbOrTx, { ctx, reviewerId }: { ctx: ServiceContext; reviewerId: string }): Promise<Member> {
  const member = await findMember(tx, { teamId: ctx.teamId, userId: reviewerId });
  if (!member) throw forbidden(`reviewerId ${reviewerId} is not a member of this team`);
  if (ctx.role === "reviewer" && reviewerId !== ctx.actor.userId) {
    throw forbidden("A reviewer can only act as themselves: reviewerId must be your own user id");
  }
  if (!canReview(member.role)) throw forbidden(`${member.name} is a ${member.role} and cannot review documents`);
  return member;
}

/** The row of the stage the document waits at, or a 409 when the document is not in review. */
export function currentRow(document: DocumentRecord, rows: readonly ReviewRow[]): ReviewRow {
  if (document.status !== "in_review") throw invalidState(`The document is not in review (its status is ${document.status})`);
  const row = rows.find((candidate) => candidate.stageId === document.currentStageId && (candidate.status === "pending" || candidate.status === "in_progress"));
  if (!row) throw invalidState("The document has no review stage waiting for a decision");
  return row;
}
