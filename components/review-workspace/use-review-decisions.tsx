"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import {
  approveAndLoadNextAction,
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
import { handContextTo } from "./handed-contexts";
import { cachedParserContext, rememberParserContext } from "./parser-context-cache";
import { markReviewPhase } from "./phase-marks";
import { decisionAnswered, decisionSent, documentsBeingDecided } from "./review/decisions-in-flight";
import { forgetDecision, lastUndoableDecision, rememberDecision } from "./review/last-decision";
import { forgetRefusal, refusalOf, rememberRefusal, type Refusal } from "./review/refused-approvals";
import { UndoButton } from "./review/undo-button";
import { documentHref, type QueueNeighbour, type WorkspaceDocument } from "./workspace-document";

export type DecisionDialog = "reject" | "reset" | "override" | null;
export type DecisionNote = { reason?: string; overrideReason?: string };

/**
 * Approve, reject, reset and reassign. Corrections still being saved are saved first, so a decision is never
 * taken on data the server has not got. Approve is refused, with the list of problems, while the parser's checks
 * fail (checked here first, then by the API); reject asks why, reset asks to confirm. After approve or reject the
 * next document in my queue opens, and the toast offers to undo the decision for a few seconds.
 *
 * An approval the checks here let through does not keep the reviewer waiting: when the next document is known, it
 * opens while the API takes the decision (the API refuses in rare cases only: the data or the rules changed
 * elsewhere, the stage moved on). If the API does refuse, the workspace goes back to the document with the reason.
 */
export function useReviewDecisions(options: {
  parserId: string;
  document: WorkspaceDocument;
  onDocument: (document: WorkspaceDocument) => void;
  flushSaves: () => Promise<boolean>;
  openDocument: (neighbour: QueueNeighbour) => void;
  /** The problems the parser's checks find in the data as it is now (empty: approvable). */
  checkNow: () => CheckProblem[];
  /**
   * Where an approval goes next without waiting for the API: the next document in my queue, once the queue and
   * the parser's checks are known here (null: wait for the API's answer, which names the next document).
   */
  nextWithoutWaiting: QueueNeighbour | null;
}) {
  const { parserId, document, onDocument, flushSaves, openDocument, checkNow, nextWithoutWaiting } = options;
  const { toast, dismiss } = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState<Decision | "assign" | null>(null);
  // An approval the API refused after the workspace had moved on comes back with the reason (see approveAndMoveOn).
  const [error, setError] = useState<string | null>(() => refusalOf(document.id)?.error ?? null);
  const [problems, setProblems] = useState<CheckProblem[]>(() => refusalOf(document.id)?.problems ?? []);
  const [dialog, setDialog] = useState<DecisionDialog>(null);
  const documentId = document.id;
  useEffect(() => forgetRefusal(documentId), [documentId]);
  // A toast's undo may run after the workspace moved on to another document: then it goes back to the decided one.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function undo(decided: { parserId: string; documentId: string; name: string }) {
    forgetDecision(decided.documentId);
    const result = await undoDecisionAction(decided.parserId, decided.documentId);
    if (!result.ok) {
      toast({ title: "Could not undo", description: result.error.message, tone: "error" });
      return;
    }
    announceQueueChanged();
    toast({ title: "Decision undone", description: `${decided.name} waits for a decision again.`, tone: "success" });
    if (mounted.current && decided.documentId === document.id) onDocument(result.data);
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
    markReviewPhase("decision-sent", document.id);
    if (decision === "approve" && !note.overrideReason && nextWithoutWaiting && nextWithoutWaiting.documentId !== document.id) {
      return approveAndMoveOn(stageId, nextWithoutWaiting);
    }
    // Approve and reject also learn where to go next, in the same round trip.
    const outcome =
      decision === "reset"
        ? await decideReviewAction(parserId, document.id, decision, stageId, note).then((answer) => (answer.ok ? { ok: true as const, data: { document: answer.data, next: null } } : answer))
        : await decideAndFindNextAction(parserId, document.id, decision, stageId, note);
    markReviewPhase("decision-answered", document.id);
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
    const title = decision === "approve" ? (result.data.status === "approved" ? "Approved" : "Stage approved") : "Rejected";
    setBusy(null);
    const opening = outcome.ok ? outcome.data.next : null;
    toastDecided(title, opening ? `Opening ${opening.name}.` : "Your review queue is empty.");
    if (opening) openDocument(opening);
    return true;
  }

  /** The decision's toast, with its undo for a few seconds; the undo shortcut works for as long as the API allows. */
  function toastDecided(title: string, message: string) {
    const decided = { parserId, documentId: document.id, name: document.name };
    rememberDecision(decided);
    let id = "";
    id = toast({
      title,
      description: (
        <span className="flex items-center justify-between gap-2">
          <span>{message}</span>
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
  }

  /**
   * Approves and opens the next document at once, without waiting for the answer (the checks here passed, the
   * corrections are saved). The request goes first: the navigation then takes the router's queue without holding
   * it up. Refused after all: back to the document, with the API's problems or message.
   */
  async function approveAndMoveOn(stageId: string | null, next: QueueNeighbour): Promise<boolean> {
    const decided = { parserId, documentId: document.id, name: document.name };
    decisionSent(decided.documentId);
    const knownParserContext = cachedParserContext(next.parserId);
    const beingDecided = documentsBeingDecided();
    const answer = approveAndLoadNextAction(parserId, decided.documentId, stageId, {
      parserId: next.parserId,
      documentId: next.documentId,
      beingDecided,
      parserContextKnown: knownParserContext !== null,
    });
    // The next workspace takes its context from this answer instead of asking (see handed-contexts).
    const nextContext = answer.then((outcome) => (outcome.ok ? outcome.data.nextContext : null)).catch(() => null);
    handContextTo(
      next.documentId,
      nextContext.then((loaded) => {
        if (loaded?.parser) rememberParserContext(next.parserId, loaded.parser);
        return loaded ? { ...loaded, parser: loaded.parser ?? knownParserContext } : null;
      }),
    );
    openDocument(next);
    const result = await answer
      .then((outcome) => (outcome.ok ? { ok: true as const, data: outcome.data.document } : outcome))
      .catch(() => ({ ok: false as const, error: { message: "Could not reach the server. The document was not approved.", status: 0, issues: undefined } }));
    decisionAnswered(decided.documentId);
    markReviewPhase("decision-answered", decided.documentId);
    setBusy(null);
    if (!result.ok) {
      const refusal: Refusal = result.error.status === 409 && result.error.issues?.length ? { problems: result.error.issues, error: null } : { problems: [], error: result.error.message };
      // The workspace that shows the document next reads it; if this one is still on screen (the next document had
      // not opened yet), it shows it itself.
      rememberRefusal(decided.documentId, refusal);
      if (mounted.current) {
        setProblems(refusal.problems);
        setError(refusal.error);
      }
      toast({ title: `${decided.name} was not approved`, description: refusal.error ?? "Some checks fail: it is open again with the list.", tone: "error" });
      router.push(documentHref(decided));
      return false;
    }
    if (mounted.current) onDocument(result.data);
    // The next document's place in my queue, read beside the decision, says how many wait now: when the queue it
    // was read from left out only this document, and this one has left review (a next stage may be mine again).
    const exactCount = beingDecided.length === 1 && result.data.status !== "in_review";
    announceQueueChanged(exactCount ? (await nextContext)?.neighbours.position?.total : undefined);
    toastDecided(result.data.status === "approved" ? "Approved" : "Stage approved", decided.name);
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

  /** The undo shortcut: takes back the last approve or reject of this tab; false (the key does nothing) when none. */
  function undoLast(): boolean {
    const decided = lastUndoableDecision();
    if (!decided || busy) return false;
    void undo(decided);
    return true;
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

  return { busy, error, problems, dialog, setDialog, decide, run, approve, assign, undoLast, openNextInQueue, clearProblems: () => setProblems([]) };
}

export type ReviewDecisions = ReturnType<typeof useReviewDecisions>;
