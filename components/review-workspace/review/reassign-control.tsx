"use client";

import { useId, useState } from "react";
import { Button, Select } from "@/components/ui";
import type { Person } from "./review-actions";

/** Hands the current stage to another reviewer. */
export function ReassignControl({ reviewers, assigneeId, busy, onAssign }: {
  reviewers: Person[];
  assigneeId: string | null;
  busy: boolean;
  onAssign: (reviewerId: string) => void;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState(assigneeId ?? "");
  return (
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
      <Button variant="secondary" onClick={() => onAssign(chosen)} disabled={!chosen || chosen === assigneeId || busy} loading={busy}>
        Reassign
      </Button>
    </div>
  );
}
