"use client";

import { Button } from "@/components/ui";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import { displayShortcut } from "../keyboard/keymap";
import type { ReviewAbilities } from "../review-abilities";

export type Decision = "approve" | "reject" | "reset";
export type Person = { id: string; name: string; email: string };

/** `aria-keyshortcuts` wants `Alt+A`-style names; ours are the same but with lower-case letters. */
function ariaShortcut(shortcut: string): string {
  return displayShortcut(shortcut)
    .map((part) => ({ "→": "ArrowRight", "←": "ArrowLeft", "↑": "ArrowUp", "↓": "ArrowDown", Esc: "Escape", Ctrl: "Control" })[part] ?? part)
    .join("+");
}

/**
 * Approve, reject and reset, enabled by what the signed-in person may do now. Reject and reset open a dialog
 * (a reason; a confirmation) before anything happens; approve goes at once unless the checks block it.
 */
export function ReviewActions({ abilities, keymap, busy, onApprove, onReject, onReset }: {
  abilities: ReviewAbilities;
  keymap: ReviewKeymap;
  busy: Decision | "assign" | null;
  onApprove: () => void;
  onReject: () => void;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" onClick={onApprove} disabled={!abilities.decide.allowed || busy !== null} loading={busy === "approve"} aria-keyshortcuts={ariaShortcut(keymap.approve)}>
            Approve
          </Button>
          <Button size="sm" variant="danger" onClick={onReject} disabled={!abilities.decide.allowed || busy !== null} loading={busy === "reject"} aria-keyshortcuts={ariaShortcut(keymap.reject)}>
            Reject
          </Button>
      <Button size="sm" variant="secondary" onClick={onReset} disabled={!abilities.reset.allowed || busy !== null} loading={busy === "reset"}>
        Reset review
      </Button>
    </div>
  );
}
