"use client";

import { useId, useState } from "react";
import { Button, Select } from "@/components/ui";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import { displayShortcut } from "../keyboard/keymap";
import type { Ability, ReviewAbilities } from "../review-abilities";

export type Decision = "approve" | "reject" | "reset";
export type Person = { id: string; name: string; email: string };

/** `aria-keyshortcuts` wants `Alt+A`-style names; ours are the same but with lower-case letters. */
function ariaShortcut(shortcut: string): string {
  return displayShortcut(shortcut)
    .map((part) => ({ "→": "ArrowRight", "←": "ArrowLeft", "↑": "ArrowUp", "↓": "ArrowDown", Esc: "Escape", Ctrl: "Control" })[part] ?? part)
    .join("+");
}

function reasonOf(ability: Ability): string | null {
  return ability.allowed ? null : ability.reason;
}

/**
 * Approve, reject, reset and reassign, enabled by what the signed-in person may do now; when a decision is not
 * theirs to make, the reason is written under the buttons (a disabled button alone explains nothing).
 */
export function ReviewActions({ abilities, finished, keymap, busy, reviewers, assigneeId, onDecide, onAssign }: {
  abilities: ReviewAbilities;
  /** The review ended (approved or rejected): reset is what is left to do. */
  finished: boolean;
  keymap: ReviewKeymap;
  busy: Decision | "assign" | null;
  reviewers: Person[];
  assigneeId: string | null;
  onDecide: (decision: Decision) => void;
  onAssign: (reviewerId: string) => void;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState(assigneeId ?? "");
  // Only the reason that matters now: why I cannot decide while it is in review, why I cannot reset once it ended.
  const note = finished ? reasonOf(abilities.reset) : reasonOf(abilities.decide);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => onDecide("approve")}
          disabled={!abilities.decide.allowed || busy !== null}
          loading={busy === "approve"}
          aria-keyshortcuts={ariaShortcut(keymap.approve)}
        >
          Approve
        </Button>
        <Button
          variant="danger"
          onClick={() => onDecide("reject")}
          disabled={!abilities.decide.allowed || busy !== null}
          loading={busy === "reject"}
          aria-keyshortcuts={ariaShortcut(keymap.reject)}
        >
          Reject
        </Button>
        <Button variant="secondary" onClick={() => onDecide("reset")} disabled={!abilities.reset.allowed || busy !== null} loading={busy === "reset"}>
          Reset review
        </Button>
      </div>
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      {abilities.reassign.allowed ? (
        <div className="flex items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={selectId} className="text-xs font-medium">
              Reviewer of this stage
            </label>
            <Select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)} placeholder="Choose a reviewer">
              {reviewers.map((reviewer) => (
                <option key={reviewer.id} value={reviewer.id}>
                  {reviewer.name || reviewer.email}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" onClick={() => onAssign(chosen)} disabled={!chosen || chosen === assigneeId || busy !== null} loading={busy === "assign"}>
            Reassign
          </Button>
        </div>
      ) : null}
    </div>
  );
}
