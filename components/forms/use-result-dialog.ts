"use client";

import { useState } from "react";

/**
 * State for a dialog that submits a form and then shows what came back (a new key, an invitation link): the
 * result and any form error are dropped when it closes, so a secret shown once is gone with the dialog.
 */
export function useResultDialog<T>(onClose: () => void) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<T | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setResult(null);
      setFormError(null);
      onClose();
    }
  }
  return { open, onOpenChange, result, setResult, formError, setFormError };
}
