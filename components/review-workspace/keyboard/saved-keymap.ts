"use client";

import type { ReviewKeymap } from "@/lib/contracts/preferences";

/**
 * The keymap this tab saved last. Pages prefetched before the save carry the keymap of their prefetch; a saved
 * keymap is newer than any of them, so workspaces opened afterwards prefer it.
 */
let savedInThisTab: ReviewKeymap | null = null;

export function rememberSavedKeymap(keymap: ReviewKeymap): void {
  savedInThisTab = keymap;
}

export function keymapSavedInThisTab(): ReviewKeymap | null {
  return savedInThisTab;
}
