"use client";

import { useState, type KeyboardEvent } from "react";
import { saveReviewKeymapAction } from "@/components/review-workspace/actions";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";
import { DEFAULT_REVIEW_KEYMAP, REVIEW_ACTION_LABELS, REVIEW_ACTIONS, type ReviewAction, type ReviewKeymap } from "@/lib/contracts/preferences";
import { isModifierCombo, keymapConflicts, mergeKeymap, shortcutFromEvent } from "./keymap";
import { ShortcutKeys } from "./shortcut-keys";

/**
 * Remapping the review shortcuts: press "Change", then the new key (Escape cancels). Clashes are shown as they
 * happen and block saving; the keymap is saved to the reviewer's preferences, so it follows them everywhere.
 */
export function KeymapSettingsDialog({ open, onOpenChange, keymap, onSaved }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  keymap: ReviewKeymap;
  onSaved: (keymap: ReviewKeymap) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted per opening, so every opening starts from the saved keymap. */}
      {open ? <KeymapEditor keymap={keymap} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function KeymapEditor({ keymap, onSaved, onClose }: { keymap: ReviewKeymap; onSaved: (keymap: ReviewKeymap) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<ReviewKeymap>(keymap);
  const [capturing, setCapturing] = useState<ReviewAction | null>(null);
  const [saving, setSaving] = useState<"save" | "reset" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const conflicts = keymapConflicts(draft);
  const hasConflicts = Object.keys(conflicts).length > 0;
  const changed = REVIEW_ACTIONS.some((action) => draft[action] !== keymap[action]);

  function capture(action: ReviewAction, event: KeyboardEvent<HTMLButtonElement>) {
    if (capturing !== action) return;
    // Tab still moves focus, so nobody gets trapped in the capture.
    if (event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey) {
      setCapturing(null);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const shortcut = shortcutFromEvent(event.nativeEvent);
    if (!shortcut) return; // a modifier on its own: wait for the key
    setDraft((current) => ({ ...current, [action]: shortcut }));
    setCapturing(null);
  }

  async function save(keymapToSave: ReviewKeymap | null) {
    setSaving(keymapToSave ? "save" : "reset");
    setError(null);
    const result = await saveReviewKeymapAction(keymapToSave);
    setSaving(null);
    if (!result.ok) {
      setError(result.error.issues?.[0]?.message ?? result.error.message);
      return;
    }
    onSaved(mergeKeymap(result.data));
    onClose();
  }

  return (
    <DialogContent
      size="lg"
      onEscapeKeyDown={(event) => {
        // Escape while waiting for a key cancels the capture instead of closing the dialog.
        if (capturing) {
          event.preventDefault();
          setCapturing(null);
        }
      }}
    >
      <DialogHeader>
        <DialogTitle>Review shortcuts</DialogTitle>
        <DialogDescription>Choose Change, then press the new key or combination. Escape cancels.</DialogDescription>
      </DialogHeader>
      <ul aria-label="Shortcuts" className="flex flex-col">
        {REVIEW_ACTIONS.map((action) => {
          const clash = conflicts[action];
          const noteId = `shortcut-note-${action}`;
          const plain = !isModifierCombo(draft[action]);
          return (
            <li key={action} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line py-2 first:border-t-0">
              <span className="min-w-0 flex-1 text-sm">{REVIEW_ACTION_LABELS[action]}</span>
              <ShortcutKeys shortcut={draft[action]} />
              <Button
                variant="secondary"
                size="sm"
                className="w-28"
                aria-label={capturing === action ? `Press the new key for ${REVIEW_ACTION_LABELS[action]}` : `Change the key for ${REVIEW_ACTION_LABELS[action]}`}
                aria-describedby={clash || plain ? noteId : undefined}
                onClick={() => setCapturing((current) => (current === action ? null : action))}
                onKeyDown={(event) => capture(action, event)}
                onBlur={() => setCapturing((current) => (current === action ? null : current))}
              >
                {capturing === action ? "Press a key…" : "Change"}
              </Button>
              {clash ? (
                <p id={noteId} className="w-full text-xs font-medium text-danger">
                  Also used by “{REVIEW_ACTION_LABELS[clash]}”. Choose another key.
                </p>
              ) : plain && action !== "showShortcuts" ? (
                <p id={noteId} className="w-full text-xs text-muted">
                  Without Ctrl, Alt or Meta this key does nothing while you type in a field.
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p role="alert" className="text-sm font-medium text-danger empty:hidden">
        {error}
      </p>
      <DialogFooter className="sm:justify-between">
        <Button
          variant="ghost"
          onClick={() => save(null)}
          loading={saving === "reset"}
          disabled={saving !== null || REVIEW_ACTIONS.every((action) => keymap[action] === DEFAULT_REVIEW_KEYMAP[action] && draft[action] === keymap[action])}
        >
          Restore defaults
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onClose} disabled={saving !== null}>
            Cancel
          </Button>
          <Button onClick={() => save(draft)} loading={saving === "save"} disabled={hasConflicts || !changed || saving !== null}>
            Save shortcuts
          </Button>
        </div>
      </DialogFooter>
    </DialogContent>
  );
}
