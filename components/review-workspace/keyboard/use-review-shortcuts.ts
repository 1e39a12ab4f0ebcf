"use client";

import { useEffect, useRef } from "react";
import type { ReviewAction, ReviewKeymap } from "@/lib/contracts/preferences";
import { actionForShortcut, isModifierCombo, shortcutFromEvent } from "./keymap";

/** A handler may decline (return false) so the key does what it would have done anyway. */
export type ShortcutHandlers = Partial<Record<ReviewAction, () => boolean | void>>;

function isTyping(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}

/**
 * The workspace's shortcuts, from the reviewer's keymap. While someone types in a field only shortcuts with
 * Ctrl, Alt or Meta fire (a plain `?` or `j` is text there), and the undo shortcut leaves an unsaved draft to
 * the browser's own undo. Keys pressed inside a dialog belong to the dialog.
 */
export function useReviewShortcuts(keymap: ReviewKeymap, handlers: ShortcutHandlers, enabled: boolean): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest("[role='dialog'], [role='alertdialog']")) return;
      const shortcut = shortcutFromEvent(event);
      const action = shortcut ? actionForShortcut(keymap, shortcut) : null;
      if (!shortcut || !action) return;
      const typing = isTyping(event.target);
      if (typing && !isModifierCombo(shortcut)) return;
      if (action === "undo" && typing && event.target.dataset.dirty === "true") return;
      const handler = latest.current[action];
      if (!handler) return;
      // Holding a key down must not approve a whole queue.
      if (event.repeat && action !== "nextLowConfidence") {
        event.preventDefault();
        return;
      }
      if (handler() === false) return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled, keymap]);
}
