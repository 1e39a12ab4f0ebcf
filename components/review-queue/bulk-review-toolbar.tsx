"use client";

import { useState } from "react";
import { Button, ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Select, Textarea } from "@/components/ui";
import { DECISION_NOTE_MAX } from "@/lib/contracts/reviews";
import type { BulkReview } from "@/lib/contracts/review-bulk";

export type Person = { id: string; name: string; email: string };
type Decide = (request: Omit<BulkReview, "documents">) => Promise<string | null>;
/** The chosen documents the parser's checks would refuse, by name with why; a string when that could not be read. */
export type ApprovalFailures = { name: string; problems: string[] }[];
type PreviewApproval = () => Promise<ApprovalFailures | string>;

const documents = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/**
 * What can be done with the chosen queue documents: approve (confirmed first, naming the documents whose checks
 * fail; each is checked as when approved alone), reject (a reason is asked for), assign to a reviewer.
 */
export function BulkReviewToolbar({ count, reviewers, onDecide, onPreviewApproval }: { count: number; reviewers: Person[]; onDecide: Decide; onPreviewApproval: PreviewApproval }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState<ApprovalFailures | null>(null);

  async function confirmApproval() {
    setBusy(true);
    setError(null);
    const failures = await onPreviewApproval();
    setBusy(false);
    if (typeof failures === "string") setError(failures);
    else setApproving(failures);
  }

  async function run(request: Omit<BulkReview, "documents">) {
    setBusy(true);
    setError(null);
    const failed = await onDecide(request);
    setBusy(false);
    setError(failed);
    return failed;
  }

  return (
    <div role="toolbar" aria-label="Selected documents" className="flex flex-wrap items-center gap-2 rounded-lg bg-accent-soft px-3 py-2">
      <span className="font-medium">{count} selected</span>
      <Button size="sm" loading={busy} onClick={() => void confirmApproval()}>
        Approve selected…
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>
        Reject selected…
      </Button>
      {reviewers.length > 0 ? (
        <Select
          aria-label="Assign selected to"
          value=""
          disabled={busy}
          onChange={(event) => {
            if (event.target.value) void run({ action: "assign", reviewerId: event.target.value });
          }}
          wrapperClassName="w-52"
        >
          <option value="">Assign to…</option>
          {reviewers.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name || person.email}
            </option>
          ))}
        </Select>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={`Approve ${documents(count)}?`}
        description={
          approving && approving.length > 0
            ? `${approving.length === count ? (count === 1 ? "It fails" : "All of them fail") : `${approving.length} of them ${approving.length === 1 ? "fails" : "fail"}`} the parser's checks and will stay in the queue; ${approving.length === count ? "none" : documents(count - approving.length)} will be approved.`
            : "Each document's current stage is approved as if you approved it alone. You can undo it for a minute."
        }
        // When every one fails, the API is asked all the same (the data may have been fixed meanwhile); it answers why.
        confirmLabel={`Approve ${documents(approving && approving.length < count ? count - approving.length : count)}`}
        onConfirm={async () => {
          const failed = await run({ action: "approve" });
          if (failed) throw new Error(failed);
        }}
      >
        {approving && approving.length > 0 ? (
          <ul aria-label="Documents whose checks fail" className="flex max-h-48 list-disc flex-col gap-1 overflow-y-auto pl-5 text-sm">
            {approving.map((failure) => (
              <li key={failure.name}>
                <span className="font-medium">{failure.name}</span>: {failure.problems.join(" · ")}
              </li>
            ))}
          </ul>
        ) : null}
      </ConfirmDialog>
      <RejectDialog open={rejecting} count={count} onOpenChange={setRejecting} onReject={(reason) => run({ action: "reject", reason })} />
    </div>
  );
}

function RejectDialog({ open, count, onOpenChange, onReject }: { open: boolean; count: number; onOpenChange: (open: boolean) => void; onReject: (reason: string) => Promise<string | null> }) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent size="sm">
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setMissing(true);
              return;
            }
            setPending(true);
            const failed = await onReject(reason.trim());
            setPending(false);
            if (!failed) {
              setReason("");
              onOpenChange(false);
            }
          }}
          className="flex flex-col gap-3"
        >
          <DialogHeader>
            <DialogTitle>Reject {documents(count)}?</DialogTitle>
            <DialogDescription>The reason is kept on each document&apos;s review, in the audit and in the webhook.</DialogDescription>
          </DialogHeader>
          <FormField label="Reason" htmlFor="bulk-reject-reason" error={missing ? "Say why these documents are rejected" : undefined} required>
            <Textarea
              id="bulk-reject-reason"
              rows={3}
              maxLength={DECISION_NOTE_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={pending}>
              Reject {documents(count)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
