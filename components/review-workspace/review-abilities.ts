import type { DocumentFull } from "@/lib/contracts/documents";

/**
 * What the signed-in person may do with this document right now, and why not when they may not. The API
 * decides for real (DESIGN §1.5 and the decision operations in lib/contracts/reviews.ts); this only keeps the
 * buttons honest so nobody clicks into a refusal they could have been told about. Pure and unit-tested.
 */
export type Viewer = { userId: string; role: string | null; permissions: readonly string[] };

export type Ability = { allowed: true } | { allowed: false; reason: string };

export type ReviewAbilities = {
  decide: Ability;
  /** Approving although the parser's checks fail (with a reason): team admins who may decide. */
  override: boolean;
  reset: Ability;
  reassign: Ability;
  edit: Ability;
};

const IN_FLIGHT = new Set(["uploading", "queued", "processing"]);

const allowed: Ability = { allowed: true };
const refused = (reason: string): Ability => ({ allowed: false, reason });

export function isInReview(document: Pick<DocumentFull, "review">): boolean {
  return document.review.status === "pending" || document.review.status === "in_progress";
}

export function reviewAbilities(document: Pick<DocumentFull, "status" | "review">, viewer: Viewer): ReviewAbilities {
  const canWriteReviews = viewer.permissions.includes("reviews.write");
  const inReview = isInReview(document);
  const assignee = document.review.assignee;
  const finished = document.status === "approved" || document.status === "rejected";
  const assignedSomewhere = document.review.stages.some((stage) => stage.assignee?.id === viewer.userId);

  let decide: Ability = allowed;
  if (!canWriteReviews) decide = refused("Your role cannot approve or reject documents.");
  else if (!inReview) decide = refused(finished ? `This document is already ${document.status}.` : "This document is not waiting for a review.");
  else if (!assignee) decide = refused("Nobody is assigned to this stage yet. Assign a reviewer first.");
  else if (assignee.id !== viewer.userId) decide = refused(`This stage is assigned to ${assignee.name || assignee.email}; only they can decide it.`);

  let reset: Ability = allowed;
  if (!canWriteReviews) reset = refused("Your role cannot reset reviews.");
  else if (!finished) reset = refused("Only an approved or rejected document can be reset.");
  else if (viewer.role !== "admin" && !assignedSomewhere) reset = refused("Only an admin or a reviewer of one of its stages can reset it.");

  let reassign: Ability = allowed;
  if (!canWriteReviews) reassign = refused("Your role cannot assign reviewers.");
  else if (!inReview) reassign = refused("Only a document in review can be reassigned.");

  // As the data-update route decides: documents.write corrects any time; reviews.write alone corrects a
  // document in review, and a reviewer only one assigned to them.
  let edit: Ability = allowed;
  if (IN_FLIGHT.has(document.status)) edit = refused("The document is still being processed.");
  else if (viewer.permissions.includes("documents.write")) edit = allowed;
  else if (!canWriteReviews) edit = refused("Your role can read this data but not change it.");
  else if (!inReview) edit = refused("Data can be corrected here only while the document is in review.");
  else if (viewer.role === "reviewer" && assignee?.id !== viewer.userId) edit = refused("Only the reviewer this stage is assigned to can correct its data.");

  return { decide, override: decide.allowed && viewer.role === "admin", reset, reassign, edit };
}
