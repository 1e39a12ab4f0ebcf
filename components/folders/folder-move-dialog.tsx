"use client";

import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Select } from "@/components/ui";
import type { FolderActionResult } from "./folder-actions";

/** "Move to…": the keyboard way to do what drag and drop does. */
export function FolderMoveDialog({
  open,
  onOpenChange,
  folderName,
  targets,
  onMove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folderName: string;
  targets: { id: string | null; label: string }[];
  onMove: (parentId: string | null) => Promise<FolderActionResult>;
}) {
  const [target, setTarget] = useState<string>(targets[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await onMove(target === "" ? null : target);
    setBusy(false);
    if (result.ok) onOpenChange(false);
    else setError(result.message);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Move “{folderName}”</DialogTitle>
            <DialogDescription>Its subfolders and documents move with it.</DialogDescription>
          </DialogHeader>
          {targets.length === 0 ? (
            <p className="text-muted">There is nowhere else to move this folder.</p>
          ) : (
            <FormField label="Move to" htmlFor="folder-move-target" error={error ?? undefined}>
              <Select value={target} onChange={(event) => setTarget(event.target.value)}>
                {targets.map((option) => (
                  <option key={option.id ?? "root"} value={option.id ?? ""}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={targets.length === 0}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
