"use client";

import type { ReactNode } from "react";
import { ConfirmDialog, useToast } from "@/components/ui";
import type { ActionResult } from "@/lib/console/action-result";

type SuccessToast = { title: string; description?: string };

export type ConfirmActionDialogProps<Target, Data> = {
  /** What the action is about; the dialog is open while this is set. */
  target: Target | null;
  onClose: () => void;
  title: (target: Target) => string;
  description: (target: Target) => ReactNode;
  confirmLabel: string;
  tone?: "default" | "destructive";
  action: (target: Target) => Promise<ActionResult<Data>>;
  /** The toast once it worked; it may read the action's answer (e.g. counts of what went with it). */
  success: (target: Target, data: Data) => SuccessToast;
};

/**
 * A row action that asks first — revoke a key or a connection, delete a webhook, remove a member: the dialog, the
 * server action, its error shown in the dialog (the dialog stays open) and the success toast, in one place.
 */
export function ConfirmActionDialog<Target, Data>({ target, onClose, title, description, confirmLabel, tone = "destructive", action, success }: ConfirmActionDialogProps<Target, Data>) {
  const { toast } = useToast();
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target === null ? "" : title(target)}
      description={target === null ? "" : description(target)}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={async () => {
        if (target === null) return;
        const result = await action(target);
        if (!result.ok) throw new Error(result.error.message);
        toast({ ...success(target, result.data), tone: "success" });
        onClose();
      }}
    />
  );
}
