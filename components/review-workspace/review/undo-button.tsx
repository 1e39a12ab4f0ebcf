"use client";

import { Button } from "@/components/ui";

/** The toast's way back from a decision just taken. */
export function UndoButton({ onUndo }: { onUndo: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onUndo}>
      Undo decision
    </Button>
  );
}
