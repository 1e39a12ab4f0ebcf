"use client";

import type { CheckProblem } from "@/lib/contracts/review-checks";

/**
 * An approval the workspace did not wait for (it moved on to the next document at once) and the API then refused:
 * the workspace goes back to the document and shows why. Held here, by document id, for the workspace that mounts
 * there; read when it mounts and forgotten once shown.
 */
export type Refusal = { problems: CheckProblem[]; error: string | null };

/** Long enough for the way back; a refusal never shows on a later, unrelated visit to the document. */
const KEPT_MS = 15_000;
const refusals = new Map<string, Refusal & { at: number }>();

export function rememberRefusal(documentId: string, refusal: Refusal): void {
  refusals.set(documentId, { ...refusal, at: Date.now() });
}

export function refusalOf(documentId: string): Refusal | null {
  const kept = refusals.get(documentId);
  if (!kept || Date.now() - kept.at > KEPT_MS) return null;
  return { problems: kept.problems, error: kept.error };
}

export function forgetRefusal(documentId: string): void {
  refusals.delete(documentId);
}
