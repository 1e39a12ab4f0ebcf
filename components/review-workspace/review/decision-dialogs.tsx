"use client";

import { useId, useState } from "react";
import { ConfirmDialog, Textarea } from "@/components/ui";
import { DECISION_NOTE_MAX } from "@/lib/contracts/reviews";
import type { DecisionDialog, DecisionNote } from "../use-review-decisions";

/** A reject reason: the reason picked from the parser's list and/or the reviewer's own words. */
export function composeRejectReason(picked: string, details: string): string {
  const own = details.trim();
  if (picked && own) return `${picked}: ${own}`.slice(0, DECISION_NOTE_MAX);
  return (picked || own).slice(0, DECISION_NOTE_MAX);
}

function RejectReasonPicker({ reasons, picked, onPick, details, onDetails }: {
  reasons: string[];
  picked: string;
  onPick: (reason: string) => void;
  details: string;
  onDetails: (text: string) => void;
}) {
  const detailsId = useId();
  return (
    <div className="flex flex-col gap-3">
      {reasons.length > 0 ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">Reason</legend>
          {reasons.map((reason) => (
            <label key={reason} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="reject-reason" value={reason} checked={picked === reason} onChange={() => onPick(reason)} className="accent-accent" />
              {reason}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={detailsId} className="text-sm font-medium">
          {reasons.length > 0 ? "Details (optional)" : "Reason"}
        </label>
        <Textarea id={detailsId} rows={2} maxLength={DECISION_NOTE_MAX} value={details} onChange={(event) => onDetails(event.target.value)} />
      </div>
    </div>
  );
}

/**
 * The dialogs in front of a decision: reject asks why (the parser's reasons, or free text), reset asks to
 * confirm, and an admin's approval despite failed checks asks for the reason that goes into the audit.
 */
export function DecisionDialogs({ dialog, onClose, rejectReasons, problemCount, run }: {
  dialog: DecisionDialog;
  onClose: () => void;
  rejectReasons: string[];
  problemCount: number;
  run: (decision: "approve" | "reject" | "reset", note?: DecisionNote) => Promise<boolean>;
}) {
  const [picked, setPicked] = useState("");
  const [details, setDetails] = useState("");
  const [override, setOverride] = useState("");
  const overrideId = useId();
  const close = (open: boolean) => {
    if (open) return;
    setPicked("");
    setDetails("");
    setOverride("");
    onClose();
  };
  return (
    <>
      <ConfirmDialog
        open={dialog === "reject"}
        onOpenChange={close}
        title="Reject this document?"
        description="The reason is kept with the review and sent to webhooks."
        confirmLabel="Reject document"
        tone="destructive"
        onConfirm={async () => {
          const reason = composeRejectReason(picked, details);
          if (!reason) throw new Error("Choose a reason or write one.");
          await run("reject", { reason });
        }}
      >
        <RejectReasonPicker reasons={rejectReasons} picked={picked} onPick={setPicked} details={details} onDetails={setDetails} />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "reset"}
        onOpenChange={close}
        title="Reset this review?"
        description="The decisions taken so far are cleared and the document starts again at its first stage."
        confirmLabel="Reset review"
        tone="destructive"
        onConfirm={async () => {
          await run("reset");
        }}
      />
      <ConfirmDialog
        open={dialog === "override"}
        onOpenChange={close}
        title="Approve despite the problems?"
        description={`${problemCount === 1 ? "1 check fails" : `${problemCount} checks fail`}. As an admin you may approve anyway; your reason is recorded in the audit log.`}
        confirmLabel="Approve anyway"
        onConfirm={async () => {
          const reason = override.trim();
          if (!reason) throw new Error("Write why this document may be approved as it is.");
          await run("approve", { overrideReason: reason });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={overrideId} className="text-sm font-medium">
            Reason for approving
          </label>
          <Textarea id={overrideId} rows={2} maxLength={DECISION_NOTE_MAX} value={override} onChange={(event) => setOverride(event.target.value)} />
        </div>
      </ConfirmDialog>
    </>
  );
}
