import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { preload } from "react-dom";
import { ReviewWorkspace } from "@/components/review-workspace/review-workspace";
import { toWorkspaceDocument, type QueueNeighbour } from "@/components/review-workspace/workspace-document";
import { viewerKind } from "@/components/review-workspace/file-source";
import { mergeKeymap } from "@/components/review-workspace/keyboard/keymap";
import { ApiError, type ApiClient } from "@/lib/api-client/client";
import { consoleApi } from "@/lib/api-client/console";
import { documentOperations, type DocumentFull } from "@/lib/contracts/documents";
import { fieldOperations } from "@/lib/contracts/fields";
import { preferenceOperations } from "@/lib/contracts/preferences";
import { reviewOperations } from "@/lib/contracts/reviews";
import { getMe } from "@/lib/console/me";

export const metadata: Metadata = { title: "Review" };

type Params = { parserId: string; documentId: string };

async function loadDocument(api: ApiClient, params: Params): Promise<DocumentFull> {
  try {
    return await api.call(documentOperations.get, { params });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * Where this document sits in my review queue: the documents before and after it. A document that is not in
 * my queue (opened from the list) has the queue's first document as its next one.
 */
async function loadNeighbours(api: ApiClient, documentId: string): Promise<{ previous: QueueNeighbour | null; next: QueueNeighbour | null }> {
  const queue = await api.call(reviewOperations.queue, { query: { assignee: "me", limit: 100 } }).catch(() => null);
  const items = (queue?.data ?? []).map((item) => ({ parserId: item.parser.id, documentId: item.documentId, name: item.name }));
  const index = items.findIndex((item) => item.documentId === documentId);
  if (index === -1) return { previous: null, next: items[0] ?? null };
  return { previous: items[index - 1] ?? null, next: items[index + 1] ?? null };
}

/** The review workspace: the document beside its extracted data, the review's stages and decisions. */
export default async function DocumentReviewPage({ params }: { params: Promise<Params> }) {
  const { parserId, documentId } = await params;
  const api = await consoleApi();
  // Only what the first screen needs is awaited: the document, its fields and who I am. The queue, the
  // reviewers and my shortcuts stream in after the HTML (the page is on the critical path of the first page).
  const [document, fields, me] = await Promise.all([
    loadDocument(api, { parserId, documentId }),
    api.call(fieldOperations.list, { params: { parserId } }).then((list) => list.data),
    getMe(),
  ]);
  const reviewers = api.call(reviewOperations.reviewers, { params: { parserId } }).then((list) => list.data, () => []);
  const keymap = api.call(preferenceOperations.get, {}).then((preferences) => mergeKeymap(preferences.reviewKeymap), () => mergeKeymap(null));
  const neighbours = loadNeighbours(api, documentId);
  const workspaceDocument = toWorkspaceDocument(document);
  // Start the file download with the HTML, before the viewer's code has even loaded.
  if (workspaceDocument.fileUrl && viewerKind(document.contentType) !== "text") {
    preload(workspaceDocument.fileUrl, { as: "fetch", crossOrigin: "anonymous" });
  }
  return (
    <ReviewWorkspace
      key={document.id}
      parserId={parserId}
      initialDocument={workspaceDocument}
      fields={fields}
      viewer={{ userId: me.user.id, role: me.role, permissions: me.permissions }}
      keymapPromise={keymap}
      reviewersPromise={reviewers}
      neighboursPromise={neighbours}
    />
  );
}
