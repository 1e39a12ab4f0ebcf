"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi, consoleCaller } from "@/lib/console/api/console";
import { documentOperations, type DocumentFull, type Review } from "@/lib/contracts/documents";
import { pageWordOperations, type PageWords } from "@/lib/contracts/page-words";
import { preferenceOperations, type ReviewKeymap } from "@/lib/contracts/preferences";
import { reviewCheckOperations } from "@/lib/contracts/review-checks";
import { reviewOperations } from "@/lib/contracts/reviews";
import { mergeKeymap } from "@/components/review-workspace/keyboard/keymap";
import { separateFilesOrigin } from "@/lib/env";
import { viewerKind } from "@/components/review-workspace/file-source";
import {
  toWorkspaceDocument as toWorkspaceDocumentFrom,
  type LoadedContext,
  type Neighbours,
  type ParserContext,
  type QueueNeighbour,
  type WorkspaceContext,
  type WorkspaceDocument,
} from "@/components/review-workspace/workspace-document";
import type { ApiClient } from "@/lib/console/api/client";

/**
 * The review workspace's writes, each one REST call as the signed-in user. Decisions act as that user: the
 * reviewer id comes from the session, never from the browser.
 */
type Decision = "approve" | "reject" | "reset";

function toWorkspaceDocument(document: DocumentFull): WorkspaceDocument {
  return toWorkspaceDocumentFrom(document, separateFilesOrigin());
}

/**
 * Approve and reject name the stage the reviewer was looking at: if the document has moved on since (a double
 * press, a second tab), the API answers 409 instead of deciding the next stage with the same intent.
 */
export async function decideReviewAction(
  parserId: string,
  documentId: string,
  decision: Decision,
  stageId: string | null,
  note: { reason?: string; overrideReason?: string } = {},
): Promise<ActionResult<WorkspaceDocument>> {
  return runAction(async () => {
    const { api, userId } = await consoleCaller();
    const input = { params: { parserId, documentId }, body: { reviewerId: userId } };
    const stage = stageId ? { stageId } : {};
    let document: DocumentFull;
    if (decision === "reset") document = await api.call(reviewOperations.reset, input);
    else if (decision === "approve") document = await api.call(reviewOperations.approve, { ...input, query: { ...stage, ...(note.overrideReason ? { overrideReason: note.overrideReason } : {}) } });
    else document = await api.call(reviewOperations.reject, { ...input, query: { ...stage, ...(note.reason ? { reason: note.reason } : {}) } });
    return toWorkspaceDocument(document);
  });
}

/**
 * Approve or reject, and the next document waiting for me, in one round trip: server actions run one at a time,
 * so asking for the next one separately would add a whole request to every decision.
 */
export async function decideAndFindNextAction(
  parserId: string,
  documentId: string,
  decision: Exclude<Decision, "reset">,
  stageId: string | null,
  note: { reason?: string; overrideReason?: string } = {},
): Promise<ActionResult<{ document: WorkspaceDocument; next: QueueNeighbour | null }>> {
  // The queue is read beside the decision, not after it: the decided document is left out of it either way.
  const [decided, next] = await Promise.all([decideReviewAction(parserId, documentId, decision, stageId, note), nextQueuedDocumentAction(documentId)]);
  if (!decided.ok) return decided;
  return { ok: true, data: { document: decided.data, next: next.ok ? next.data : null } };
}

/**
 * Approves, and loads the next document's workspace context beside the decision (the approved document left out of
 * its queue): the workspace opens the next document while this runs, and that navigation takes this action out of
 * the router's queue, so the next workspace needs no action of its own before the reviewer's first save. A context
 * that fails to load is null (the next workspace then asks for it itself); a refused approval is the answer's error.
 */
export async function approveAndLoadNextAction(
  parserId: string,
  documentId: string,
  stageId: string | null,
  next: { parserId: string; documentId: string; beingDecided: string[]; parserContextKnown: boolean },
): Promise<ActionResult<{ document: WorkspaceDocument; nextContext: LoadedContext | null }>> {
  const [decided, nextContext] = await Promise.all([
    decideReviewAction(parserId, documentId, "approve", stageId),
    loadWorkspaceContextAction(next.parserId, next.documentId, next.beingDecided, next.parserContextKnown),
  ]);
  if (!decided.ok) return decided;
  return { ok: true, data: { document: decided.data, nextContext: nextContext.ok ? nextContext.data : null } };
}

/** Takes back my last decision on a document (offered for a few seconds from the decision's toast). */
export async function undoDecisionAction(parserId: string, documentId: string): Promise<ActionResult<WorkspaceDocument>> {
  return runAction(async () => {
    const { api, userId } = await consoleCaller();
    return toWorkspaceDocument(await api.call(reviewOperations.undo, { params: { parserId, documentId }, body: { reviewerId: userId } }));
  });
}

export async function assignReviewerAction(parserId: string, documentId: string, reviewerId: string): Promise<ActionResult<WorkspaceDocument>> {
  return runAction(async () => {
    const document = await (await consoleApi()).call(reviewOperations.assign, { params: { parserId, documentId }, body: { reviewerId } });
    return toWorkspaceDocument(document);
  });
}

/**
 * Saves corrected values (only the fields given). Answers with the metadata the server now holds and the
 * document's status. The review a correction leaves is known without asking (its current stage goes in progress:
 * reviewAfterCorrection), so `review` is null unless the status is not the one the workspace shows (`shownStatus`):
 * then the document changed elsewhere, and its review is read. One API call per save instead of two.
 */
export async function saveDocumentDataAction(
  parserId: string,
  documentId: string,
  data: Record<string, unknown>,
  shownStatus: DocumentFull["status"],
): Promise<ActionResult<{ fieldMetadata: Record<string, unknown>; status: DocumentFull["status"]; review: Review | null }>> {
  return runAction(async () => {
    const api = await consoleApi();
    const view = await api.call(documentOperations.updateData, { params: { parserId }, body: { documentId, data } });
    if (view.metadata.status === shownStatus) return { fieldMetadata: view.metadata.field_metadata, status: view.metadata.status, review: null };
    const document = await api.call(documentOperations.get, { params: { parserId, documentId } });
    return { fieldMetadata: view.metadata.field_metadata, status: document.status, review: document.review };
  });
}

/** The first document waiting for me that is not this one: where the workspace goes after a decision. */
export async function nextQueuedDocumentAction(currentDocumentId: string): Promise<ActionResult<QueueNeighbour | null>> {
  return runAction(async () => {
    const queue = await (await consoleApi()).call(reviewOperations.queue, { query: { assignee: "me", limit: 20 } });
    const next = queue.data.find((item) => item.documentId !== currentDocumentId);
    return next ? { parserId: next.parser.id, documentId: next.documentId, name: next.name } : null;
  });
}

/**
 * Where this document sits in my review queue: the documents before and after it. A document that is not in
 * my queue (opened from the list) has the queue's first document as its next one. Documents being decided (an
 * approval sent, not answered yet) are left out: the queue may be read before the API has taken them out.
 */
async function loadNeighbours(api: ApiClient, documentId: string, beingDecided: ReadonlySet<string>): Promise<Neighbours> {
  const queue = await api.call(reviewOperations.queue, { query: { assignee: "me", limit: 100 } }).catch(() => null);
  const listed = (queue?.data ?? []).map((item) => ({ parserId: item.parser.id, documentId: item.documentId, name: item.name }));
  const items = listed.filter((item) => item.documentId === documentId || !beingDecided.has(item.documentId));
  const total = (queue?.pagination.total ?? listed.length) - (listed.length - items.length);
  const index = items.findIndex((item) => item.documentId === documentId);
  if (index === -1) return { previous: null, next: items[0] ?? null, position: null };
  return { previous: items[index - 1] ?? null, next: items[index + 1] ?? null, position: { index: index + 1, total } };
}

/** The next document's file link, for fetching it ahead of time (none for documents shown as text). */
async function nextFileOf(api: ApiClient, next: QueueNeighbour | null): Promise<WorkspaceContext["nextFile"]> {
  if (!next) return null;
  const document = await api.call(documentOperations.get, { params: { parserId: next.parserId, documentId: next.documentId } }).then(toWorkspaceDocument, () => null);
  const kind = document ? viewerKind(document.contentType) : "text";
  if (!document?.fileUrl || kind === "text") return null;
  return { documentId: document.id, fileUrl: document.fileUrl, kind };
}

/**
 * What the workspace loads once its first page is on screen: the document as it is now (the page may have come
 * from the router's prefetch cache), my neighbours in the queue and the next one's file link, and, unless the
 * workspace already has them for this parser (`parserContextKnown`: moving through the queue), the parser's
 * reviewers, its checks and my shortcuts. One action: server actions run one at a time, and a second one for the
 * next file would hold up a correction the reviewer saves meanwhile.
 */
export async function loadWorkspaceContextAction(
  parserId: string,
  documentId: string,
  beingDecided: string[] = [],
  parserContextKnown = false,
): Promise<ActionResult<LoadedContext>> {
  return runAction(async () => {
    const api = await consoleApi();
    // Only a filter on my own queue: ids from the browser select nothing else.
    const leftOut = new Set((Array.isArray(beingDecided) ? beingDecided : []).filter((id): id is string => typeof id === "string").slice(0, 20));
    const neighboursLoaded = loadNeighbours(api, documentId, leftOut);
    const [document, neighbours, nextFile, parser] = await Promise.all([
      api.call(documentOperations.get, { params: { parserId, documentId } }).then(toWorkspaceDocument),
      neighboursLoaded,
      neighboursLoaded.then((loaded) => nextFileOf(api, loaded.next)),
      parserContextKnown === true ? null : loadParserContext(api, parserId),
    ]);
    return { document, neighbours, nextFile, parser };
  });
}

/** The parser's reviewers, its checks and my shortcuts (each falls back on nothing rather than failing the rest). */
async function loadParserContext(api: ApiClient, parserId: string): Promise<ParserContext> {
  const [reviewers, keymap, checks] = await Promise.all([
    api.call(reviewOperations.reviewers, { params: { parserId } }).then((list) => list.data, () => []),
    api.call(preferenceOperations.get, {}).then((preferences) => mergeKeymap(preferences.reviewKeymap), () => mergeKeymap(null)),
    api.call(reviewCheckOperations.get, { params: { parserId } }).catch(() => ({ validationRules: [], rejectReasons: [] })),
  ]);
  return { reviewers, keymap, checks };
}

/** Saves my shortcuts; null restores every default. Answers with the keymap as stored. */
export async function saveReviewKeymapAction(keymap: ReviewKeymap | null): Promise<ActionResult<ReviewKeymap>> {
  return runAction(async () => {
    const preferences = await (await consoleApi()).call(preferenceOperations.update, { body: { reviewKeymap: keymap } });
    return preferences.reviewKeymap;
  });
}

/** The words the engine read on the document's pages, with their boxes: what picking off images and scans reads. */
export async function loadDocumentWordsAction(parserId: string, documentId: string): Promise<ActionResult<PageWords>> {
  return runAction(async () => (await consoleApi()).call(pageWordOperations.get, { params: { parserId, documentId } }));
}
