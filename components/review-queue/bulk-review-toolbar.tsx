"use client";

import { useState } from "react";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Select, Textarea } from "@/components/ui";
import { DECISION_NOTE_MAX } from "@/lib/contracts/reviews";
import type { BulkReview } from "@/lib/contracts/review-bulk";

export type Person = { id: string; name: string; email: string };
type Decide = (request: Omit<BulkReview, "documents">) => Promise<string | null>;

const documents = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/**
 * What can be done with the chosen queue documents: approve (each is checked as when approved alone), reject (a
 * reason is asked for), assign to a reviewer.
 */
export function BulkReviewToolbar({ count, reviewers, onDecide }: { count: number; reviewers: Person[]; onDecide: Decide }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

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
      <Button size="sm" loading={busy} onClick={() => void run({ action: "approve" })}>
        Approve selected
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
