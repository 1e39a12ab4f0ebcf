"use client";

import type { FormEventHandler, ReactNode } from "react";
import { Button, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";
import { FormError } from "./form-error";

export type FormDialogPanelProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The submit button's text: say what happens ("Create parser", "Send invitation"). */
  submitLabel: ReactNode;
  submitting: boolean;
  /** What no single field explains; `null` keeps the live region empty. */
  formError: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** Further footer buttons, before Cancel (e.g. "Preview on approved documents"). */
  secondaryActions?: ReactNode;
  children: ReactNode;
};

/**
 * The inside of every create/edit dialog: a form with the title and description that name the dialog, the
 * fields, the form-level error and Cancel/submit. Browser validation is off (`noValidate`): the schema's
 * messages show beside the fields instead of the browser's tooltips.
 */
export function FormDialogPanel({ title, description, submitLabel, submitting, formError, onSubmit, onCancel, secondaryActions, children }: FormDialogPanelProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
      </DialogHeader>
      {children}
      <FormError message={formError} />
      <DialogFooter>
        {secondaryActions}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
