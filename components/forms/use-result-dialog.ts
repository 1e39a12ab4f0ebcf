"use client";

import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import type { ValidationIssue } from "@/lib/services/errors";
import { applyServerErrors } from "./apply-server-errors";

/**
 * State for a dialog whose form creates or edits something: open, and the form-level error, dropped (with
 * whatever `onClose` resets) when it closes.
 */
export function useFormDialog(onClose: () => void) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setFormError(null);
      onClose();
    }
  }
  // What FormDialogPanel takes from the dialog's state, so each dialog passes only its own title, fields and submit.
  const panel = { formError, onCancel: () => onOpenChange(false) };
  return { open, onOpenChange, formError, setFormError, panel };
}

/**
 * State for a dialog that submits a form and then shows what came back (a new key, an invitation link): the
 * result and any form error are dropped when it closes, so a secret shown once is gone with the dialog.
 */
export function useResultDialog<T>(onClose: () => void) {
  const [result, setResult] = useState<T | null>(null);
  const dialog = useFormDialog(() => {
    setResult(null);
    onClose();
  });
  return { ...dialog, result, setResult };
}

/**
 * A refused submission, shown where it belongs: the API's per-field issues on their fields, and the message
 * in the form's error only when no field explains it.
 */
export function showActionError<T extends FieldValues>({
  setError,
  fields,
  error,
  setFormError,
}: {
  setError: UseFormSetError<T>;
  fields: readonly string[];
  error: { message: string; issues?: ValidationIssue[] };
  setFormError: (message: string) => void;
}): void {
  if (!applyServerErrors(setError, fields, error.issues)) setFormError(error.message);
}
