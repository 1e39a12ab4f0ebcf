"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { bulkReviewAction, saveQueueColumnsAction } from "@/components/review-queue/actions";
import { ListColumnsDialog } from "@/components/documents/list-columns-dialog";
import { bulkApprovalPreviewAction } from "@/components/review-queue/approval-preview";
import { undoDecisionAction } from "@/components/review-workspace/actions";
import { Button, Checkbox, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { BulkReview, BulkReviewResult } from "@/lib/contracts/review-bulk";
import type { ReviewQueueItem } from "@/lib/contracts/reviews";
import { bulkSummary, failureReason } from "./bulk-review";
import { BulkReviewToolbar, type ApprovalFailures, type Person } from "./bulk-review-toolbar";
import { ListValuesInline, ListValueText } from "./list-value-cells";
import { announceQueueChanged } from "./queue-changed";
import { stageProgress } from "./queue-view";
import { WaitingTime } from "./waiting-time";

type Outcome = { action: BulkReview["action"]; result: BulkReviewResult; names: Map<string, string> };

/**
 * The waiting documents, oldest first as the API orders them, with the values chosen as columns for their parser
 * (own columns when every row is of one parser). Rows can be chosen and decided together; what could not be done
 * is listed with why, and the queue (and the navigation's count) are read again.
 */
export function QueueTable({ items, reviewers, columnChoice = null }: {
  items: ReviewQueueItem[];
  reviewers: Person[];
  /** When the page's documents are all of one parser: its fields, for the Columns control (as on the document list). */
  columnChoice?: { parserId: string; fieldNames: string[] } | null;
}) {
  const router = useRouter();
  const { toast, dismiss } = useToast();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fieldColumns = sharedColumns(items);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.documentId));

  const toggle = (documentId: string) => {
    const next = new Set(selected);
    if (next.has(documentId)) next.delete(documentId);
    else next.add(documentId);
    setSelected(next);
  };

  async function decide(request: Omit<BulkReview, "documents">): Promise<string | null> {
    const chosen = items.filter((item) => selected.has(item.documentId));
    const result = await bulkReviewAction({ ...request, documents: chosen.map((item) => ({ documentId: item.documentId, stageId: item.stage.id })) });
    if (!result.ok) return result.error.message;
    setOutcome({ action: request.action, result: result.data, names: new Map(chosen.map((item) => [item.documentId, item.name])) });
    setSelected(new Set(result.data.results.filter((entry) => !entry.ok).map((entry) => entry.documentId)));
    announceQueueChanged();
    router.refresh();
    const decided = chosen.filter((item) => result.data.results.some((entry) => entry.ok && entry.documentId === item.documentId));
    if (request.action !== "assign" && decided.length > 0) offerUndo(bulkSummary(request.action, result.data), decided);
    return null;
  }

  /** A bulk approve or reject can be taken back like a single decision: each document's own undo, in turn. */
  function offerUndo(summary: string, decided: ReviewQueueItem[]) {
    let id = "";
    id = toast({
      title: summary,
      description: (
        <span className="flex items-center justify-between gap-2">
          <span>You can undo it for a minute.</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={async () => {
              dismiss(id);
              const undone = await Promise.all(decided.map((item) => undoDecisionAction(item.parser.id, item.documentId)));
              const failed = undone.filter((answer) => !answer.ok).length;
              announceQueueChanged();
              router.refresh();
              toast(
                failed === 0
                  ? { title: "Decisions undone", description: `${decided.length === 1 ? "1 document waits" : `${decided.length} documents wait`} for a decision again.`, tone: "success" }
                  : { title: `${failed} could not be undone`, description: "They were decided too long ago or have moved on; reset their review instead.", tone: "error" },
              );
            }}
          >
            Undo decisions
          </Button>
        </span>
      ),
      tone: "success",
    });
  }

  async function previewApproval(): Promise<ApprovalFailures | string> {
    const chosen = items.filter((item) => selected.has(item.documentId));
    const result = await bulkApprovalPreviewAction(chosen.map((item) => ({ parserId: item.parser.id, documentId: item.documentId })));
    if (!result.ok) return result.error.message;
    return result.data.map((preview) => ({ name: chosen.find((item) => item.documentId === preview.documentId)?.name ?? "A document", problems: preview.problems }));
  }

  return (
    <div className="flex flex-col gap-2">
      {columnChoice && columnChoice.fieldNames.length > 0 ? (
        <div className="flex justify-end">
          <ListColumnsDialog
            fieldNames={columnChoice.fieldNames}
            columns={fieldColumns ?? []}
            onSave={async (fields) => {
              const result = await saveQueueColumnsAction(columnChoice.parserId, fields);
              if (!result.ok) return result.error.message;
              router.refresh();
              return null;
            }}
          />
        </div>
      ) : null}
      {selected.size > 0 ? <BulkReviewToolbar count={selected.size} reviewers={reviewers} onDecide={decide} onPreviewApproval={previewApproval} /> : null}
      <BulkOutcome outcome={outcome} onDismiss={() => setOutcome(null)} />
      <Table>
        <TableCaption srOnly>Documents waiting for review, the longest waiting first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <Checkbox aria-label="Select every document on this page" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.documentId)))} />
            </TableHead>
            <TableHead>Document</TableHead>
            {fieldColumns ? fieldColumns.map((field) => <TableHead key={field} className="hidden md:table-cell">{field}</TableHead>) : <TableHead className="hidden md:table-cell">Values</TableHead>}
            <TableHead className="hidden lg:table-cell">Parser</TableHead>
            <TableHead className="hidden md:table-cell">Stage</TableHead>
            <TableHead className="hidden lg:table-cell">Assignee</TableHead>
            <TableHead>Waiting</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.documentId} aria-selected={selected.has(item.documentId)}>
              <TableCell>
                <Checkbox aria-label={`Select ${item.name}`} checked={selected.has(item.documentId)} onChange={() => toggle(item.documentId)} />
              </TableCell>
              <TableCell>
                <Link href={`/parsers/${item.parser.id}/documents/${item.documentId}`} className="font-medium break-all text-accent hover:underline">
                  {item.name}
                </Link>
                {/* Under 768 px the other columns fold into the row's second line. */}
                <span className="mt-0.5 block text-xs text-muted md:hidden">
                  {item.parser.name} · {stageProgress(item.stage)}
                </span>
                {item.values.length > 0 ? (
                  <span className="mt-0.5 block text-xs md:hidden">
                    <ListValuesInline values={item.values} />
                  </span>
                ) : null}
              </TableCell>
              {fieldColumns ? (
                fieldColumns.map((field) => (
                  <TableCell key={field} className="hidden md:table-cell">
                    <ListValueText value={item.values.find((value) => value.field === field)?.value} />
                  </TableCell>
                ))
              ) : (
                <TableCell className="hidden md:table-cell">
                  <ListValuesInline values={item.values} />
                </TableCell>
              )}
              <TableCell className="hidden lg:table-cell">{item.parser.name}</TableCell>
              <TableCell className="hidden md:table-cell">{stageProgress(item.stage)}</TableCell>
              <TableCell className="hidden whitespace-nowrap lg:table-cell">{item.assignee ? item.assignee.name || item.assignee.email : <span className="text-muted">Unassigned</span>}</TableCell>
              <TableCell className="whitespace-nowrap">
                <WaitingTime seconds={item.waitingSeconds} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** When every row is of one parser, its chosen fields get columns of their own; otherwise null (one "Values" column). */
function sharedColumns(items: ReviewQueueItem[]): string[] | null {
  const [first] = items;
  if (!first || items.some((item) => item.parser.id !== first.parser.id)) return null;
  return first.values.length > 0 ? first.values.map((value) => value.field) : null;
}

function BulkOutcome({ outcome, onDismiss }: { outcome: Outcome | null; onDismiss: () => void }) {
  const failures = outcome?.result.results.filter((entry) => !entry.ok) ?? [];
  return (
    <div role="status" aria-live="polite" aria-label="Outcome">
      {outcome ? (
        <div className="rounded-lg border border-line bg-surface p-3 text-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">{bulkSummary(outcome.action, outcome.result)}</p>
            <button type="button" className="text-muted hover:text-ink" onClick={onDismiss}>
              Dismiss
            </button>
          </div>
          {failures.length > 0 ? (
            <>
              <p className="mt-1 text-muted">These stay in the queue, still selected:</p>
              <ul className="mt-1 list-disc pl-5">
                {failures.map((entry) => (
                  <li key={entry.documentId}>
                    <span className="font-medium">{outcome.names.get(entry.documentId) ?? "A document"}</span>: {failureReason(entry)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
