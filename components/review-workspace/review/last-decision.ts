import { UNDO_WINDOW_SECONDS } from "@/lib/contracts/reviews";

/**
 * The last approve or reject taken in this tab, for the undo shortcut: the decision's toast may be gone and the
 * workspace already on the next document (a new workspace mounts there), so it is kept here, outside any one
 * workspace, for as long as the API lets a decision be undone.
 */
export type DecidedDocument = { parserId: string; documentId: string; name: string };

let last: (DecidedDocument & { at: number }) | null = null;

export function rememberDecision(decided: DecidedDocument, now = Date.now()): void {
  last = { ...decided, at: now };
}

/** The decision the undo shortcut would take back, or null when there is none still within the API's window. */
export function lastUndoableDecision(now = Date.now()): DecidedDocument | null {
  if (!last || now - last.at > UNDO_WINDOW_SECONDS * 1000) return null;
  return { parserId: last.parserId, documentId: last.documentId, name: last.name };
}

/** After an undo (from the toast or the shortcut): the same decision is not undone twice. */
export function forgetDecision(documentId: string): void {
  if (last?.documentId === documentId) last = null;
}
