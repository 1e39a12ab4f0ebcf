"use client";

import { useState } from "react";
import { Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui";
import { LIST_COLUMNS_MAX } from "@/lib/contracts/preferences";

/**
 * Which extracted fields show as columns in this parser's document list and in the review queue. Remembered for
 * the person (a preference on the server), so it follows them between browsers.
 */
export function ListColumnsDialog({ fieldNames, columns, onSave }: { fieldNames: string[]; columns: string[]; onSave: (fields: string[]) => Promise<string | null> }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(columns);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const full = chosen.length >= LIST_COLUMNS_MAX;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) setChosen(columns);
        setError(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Columns{columns.length > 0 ? ` (${columns.length})` : ""}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Columns from the extracted data</DialogTitle>
          <DialogDescription>
            Shown in this parser&apos;s document list and in your review queue, in this order. Up to {LIST_COLUMNS_MAX}.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex max-h-72 flex-col gap-1.5 overflow-y-auto">
          <legend className="sr-only">Fields shown as columns</legend>
          {fieldNames.map((name) => {
            const checked = chosen.includes(name);
            return (
              <Checkbox
                key={name}
                label={name}
                checked={checked}
                disabled={!checked && full}
                onChange={() => setChosen(checked ? chosen.filter((field) => field !== name) : [...chosen, name])}
              />
            );
          })}
        </fieldset>
        <p aria-live="polite" className="text-sm font-medium text-danger empty:hidden">
          {error}
        </p>
        <DialogFooter>
          <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            loading={pending}
            onClick={async () => {
              setPending(true);
              const failed = await onSave(chosen);
              setPending(false);
              if (failed) setError(failed);
              else setOpen(false);
            }}
          >
            Save columns
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
