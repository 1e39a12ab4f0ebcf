"use client";

import { useState } from "react";
import { assignReviewerAction, decideReviewAction, nextQueuedDocumentAction } from "@/app/(console)/parsers/[parserId]/documents/[documentId]/actions";
import { useToast } from "@/components/ui";
import type { Decision } from "./review/review-actions";
import type { QueueNeighbour, WorkspaceDocument } from "./workspace-document";

/**
 * Approve, reject, reset and reassign. Corrections still being saved are saved first, so a decision is never
 * taken on data the server has not got. After approve or reject the next document in my queue opens; with an
 * empty queue the reviewer stays and is told so.
 */
export function useReviewDecisions(options: {
  parserId: string;
  document: WorkspaceDocument;
  onDocument: (document: WorkspaceDocument) => void;
  flushSaves: () => Promise<boolean>;
  openDocument: (neighbour: QueueNeighbour) => void;
}) {
  const { parserId, document, onDocument, flushSaves, openDocument } = options;
  const { toast } = useToast();
  const [busy, setBusy] = useState<Decision | "assign" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: Decision) {
    if (busy) return;
    setBusy(decision);
    setError(null);
    if (!(await flushSaves())) {
      setBusy(null);
      setError("Some corrections are not saved yet. Retry saving them before deciding.");
      return;
    }
    const result = await decideReviewAction(parserId, document.id, decision, document.review.currentStage?.id ?? null);
    if (!result.ok) {
      setBusy(null);
      setError(result.error.message);
      return;
    }
    onDocument(result.data);
    if (decision === "reset") {
      setBusy(null);
      toast({ title: "Review reset", description: "The document is back at its first stage.", tone: "success" });
      return;
    }
    const next = await nextQueuedDocumentAction(document.id);
    setBusy(null);
    const title = decision === "approve" ? (result.data.status === "approved" ? "Approved" : "Stage approved") : "Rejected";
    if (next.ok && next.data) {
      toast({ title, description: `Opening ${next.data.name}.`, tone: "success" });
      openDocument(next.data);
    } else {
      toast({ title, description: "Your review queue is empty.", tone: "success" });
    }
  }

  /** Opens the first other document waiting for me; says so when there is none. */
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
    toast({ title: "Reviewer assigned", description: result.data.review.assignee ? `${result.data.review.assignee.name || result.data.review.assignee.email} now reviews this stage.` : undefined, tone: "success" });
  }

  return { busy, error, decide, assign, openNextInQueue };
}
