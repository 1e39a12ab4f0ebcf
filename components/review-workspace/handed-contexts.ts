"use client";

import type { LoadedContext } from "./workspace-document";

/**
 * Contexts loaded for a document before its workspace exists: an approval loads the next document's context in its
 * own action (which the navigation to that document takes out of the router's queue), so the next workspace asks
 * for nothing and a correction saved there right away waits behind no other action. Taken once, by the workspace of
 * that document; null when loading it failed (the workspace then asks itself).
 */
const handed = new Map<string, Promise<LoadedContext | null>>();

export function handContextTo(documentId: string, context: Promise<LoadedContext | null>): void {
  handed.set(documentId, context);
}

export function takeHandedContext(documentId: string): Promise<LoadedContext | null> | null {
  const context = handed.get(documentId) ?? null;
  handed.delete(documentId);
  return context;
}
