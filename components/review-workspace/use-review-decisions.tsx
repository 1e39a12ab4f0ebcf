"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  assignReviewerAction,
  decideAndFindNextAction,
  decideReviewAction,
  nextQueuedDocumentAction,
  undoDecisionAction,
} from "@/components/review-workspace/actions";
import { announceQueueChanged } from "@/components/review-queue/queue-changed";
import { useToast } from "@/components/ui";
import type { CheckProblem } from "@/lib/contracts/review-checks";
import type { Decision } from "./review/review-actions";
import { UndoButton } from "./review/undo-button";
import { documentHref, type QueueNeighbour, type WorkspaceDocument } from "./workspace-document";

export type DecisionDialog = "reject" | "reset" | "override" | null;
export type DecisionNote = { reason?: string; overrideReason?: string };

/**
 * Approve, reject, reset and reassign. Corrections still being saved are saved first, so a decision is never
 * taken on data the server has not got. Approve is refused, with the list of problems, while the parser's checks
 * fail (checked here first, then by the API); reject asks why, reset asks to confirm. After approve or reject the
 * next document in my queue opens, and the toast offers to undo the decision for a few seconds.
 */
export function useReviewDecisions(options: {
  parserId: string;
  document: WorkspaceDocument;
  onDocument: (document: WorkspaceDocument) => void;
  flushSaves: () => Promise<boolean>;
  openDocument: (neighbour: QueueNeighbour) => void;
  /** The problems the parser's checks find in the data as it is now (empty: approvable). */
  checkNow: () => CheckProblem[];
}) {
  const { parserId, document, onDocument, flushSaves, openDocument, checkNow } = options;
  const { toast, dismiss } = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState<Decision | "assign" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<CheckProblem[]>([]);
  const [dialog, setDialog] = useState<DecisionDialog>(null);

  async function undo(decided: { parserId: string; documentId: string; name: string }) {
    const result = await undoDecisionAction(decided.parserId, decided.documentId);
    if (!result.ok) {
      toast({ title: "Could not undo", description: result.error.message, tone: "error" });
      return;
    }
    announceQueueChanged();
    toast({ title: "Decision undone", description: `${decided.name} waits for a decision again.`, tone: "success" });
    if (decided.documentId === document.id) onDocument(result.data);
    else router.push(documentHref(decided));
  }

  /** Runs a decision; throws the API's message (dialogs show it), or returns false when approval is blocked. */
  async function run(decision: Decision, note: DecisionNote = {}): Promise<boolean> {
    if (busy) return false;
    setBusy(decision);
    setError(null);
    if (!(await flushSaves())) {
      setBusy(null);
      throw new Error("Some corrections are not saved yet. Retry saving them before deciding.");
    }
    const stageId = document.review.currentStage?.id ?? null;
    // Approve and reject also learn where to go next, in the same round trip.
    const outcome =
      decision === "reset"
        ? await decideReviewAction(parserId, document.id, decision, stageId, note).then((answer) => (answer.ok ? { ok: true as const, data: { document: answer.data, next: null } } : answer))
        : await decideAndFindNextAction(parserId, document.id, decision, stageId, note);
    const result = outcome.ok ? { ok: true as const, data: outcome.data.document } : outcome;
    if (!result.ok) {
      setBusy(null);
      if (decision === "approve" && result.error.status === 409 && result.error.issues?.length) {
        setProblems(result.error.issues);
        return false;
      }
      throw new Error(result.error.message);
    }
    setProblems([]);
    onDocument(result.data);
    announceQueueChanged();
    if (decision === "reset") {
      setBusy(null);
      toast({ title: "Review reset", description: "The document is back at its first stage.", tone: "success" });
      return true;
    }
    const decided = { parserId, documentId: document.id, name: document.name };
    const title = decision === "approve" ? (result.data.status === "approved" ? "Approved" : "Stage approved") : "Rejected";
    setBusy(null);
    const opening = outcome.ok ? outcome.data.next : null;
    let id = "";
    id = toast({
      title,
      description: (
        <span className="flex items-center justify-between gap-2">
          <span>{opening ? `Opening ${opening.name}.` : "Your review queue is empty."}</span>
          <UndoButton
            onUndo={() => {
              dismiss(id);
              void undo(decided);
            }}
          />
        </span>
      ),
      tone: "success",
    });
    if (opening) openDocument(opening);
    return true;
  }

  /** For keys and buttons: errors go under the buttons instead of into a dialog. */
  async function decide(decision: Decision, note: DecisionNote = {}) {
    try {
      await run(decision, note);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong. Try again.");
    }
  }

  /** Approve, unless the checks already know it would be refused: then the list, at once. */
  function approve() {
    if (busy) return;
    const found = checkNow();
    if (found.length > 0) {
      setProblems(found);
      setError(null);
      return;
    }
    void decide("approve");
  }

  /** Opens the next document waiting for me; says so when there is none. */
  async function openNextInQueue() {
    const next = await nextQueuedDocumentAction(document.id);
    if (next.ok && next.data) openDocument(next.data);
    else toast({ title: "Your review queue is empty", tone: "info" });
  }

  async function assign(reviewerId: string) {
    if (busy) return;
    setBusy("assign");
    setError(null);
    const result = await assignReviewerAction(parserId, document.id, reviewerId);
    setBusy(null);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onDocument(result.data);
    announceQueueChanged();
    toast({ title: "Reviewer assigned", description: result.data.review.assignee ? `${result.data.review.assignee.name || result.data.review.assignee.email} now reviews this stage.` : undefined, tone: "success" });
  }

  return { busy, error, problems, dialog, setDialog, decide, run, approve, assign, openNextInQueue, clearProblems: () => setProblems([]) };
}

export type ReviewDecisions = ReturnType<typeof useReviewDecisions>;
