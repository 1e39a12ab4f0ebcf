"use client";

import type { CheckProblem } from "@/lib/contracts/review-checks";

/**
 * An approval the workspace did not wait for (it moved on to the next document at once) and the API then refused:
 * the workspace goes back to the document and shows why. Held here, by document id, for the workspace that mounts
 * there; read when it mounts and forgotten once shown.
 */
export type Refusal = { problems: CheckProblem[]; error: string | null };

const refusals = new Map<string, Refusal>();

export function rememberRefusal(documentId: string, refusal: Refusal): void {
  refusals.set(documentId, refusal);
}

export function refusalOf(documentId: string): Refusal | null {
  return refusals.get(documentId) ?? null;
}

export function forgetRefusal(documentId: string): void {
  refusals.delete(documentId);
}
