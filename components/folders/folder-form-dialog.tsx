"use client";

import { useState, type FormEvent } from "react";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { Dialog, DialogContent, FormField, Input } from "@/components/ui";
import { cn } from "@/lib/utils/cn";
import type { FolderActionResult } from "./folder-actions";
import { FOLDER_COLORS } from "./folder-colors";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  initialName?: string;
  initialColor?: string | null;
  onSubmit: (values: { name: string; color: string | null }) => Promise<FolderActionResult>;
};

/** Create or rename a folder: a name and an optional colour. */
export function FolderFormDialog({ open, onOpenChange, title, description, submitLabel, initialName = "", initialColor = null, onSubmit }: Props) {
  const [name, setName] = useState(initialName);
  const [color, setColor] = useState<string | null>(initialColor);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Name is required");
    setBusy(true);
    const result = await onSubmit({ name: trimmed, color });
    setBusy(false);
    if (result.ok) onOpenChange(false);
    else setError(result.message);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <FormDialogPanel
          title={title}
          description={description}
          submitLabel={submitLabel}
          submitting={busy}
          formError={null}
          onSubmit={submit}
          onCancel={() => onOpenChange(false)}
        >
            <FormField label="Folder name" htmlFor="folder-name" error={error ?? undefined}>
              <Input autoFocus value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <fieldset>
              <legend className="mb-1.5 font-medium">Colour</legend>
              <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Colour">
                {[{ value: null, name: "None" }, ...FOLDER_COLORS].map((option) => (
                  <button
                    key={option.name}
                    type="button"
                    role="radio"
                    aria-checked={color === option.value}
                    aria-label={option.name}
                    title={option.name}
                    onClick={() => setColor(option.value)}
                    className={cn(
                      "size-6 rounded-full border border-line-strong",
                      color === option.value && "ring-2 ring-accent ring-offset-2",
                      option.value === null && "bg-surface bg-[linear-gradient(135deg,transparent_45%,var(--color-danger)_45%,var(--color-danger)_55%,transparent_55%)]",
                    )}
                    style={option.value ? { backgroundColor: option.value } : undefined}
                  />
                ))}
              </div>
            </fieldset>
        </FormDialogPanel>
      </DialogContent>
    </Dialog>
  );
}
