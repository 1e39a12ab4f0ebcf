import "server-only";
import type { ApiClient } from "@/lib/console/api/client";
import { documentOperations } from "@/lib/contracts/documents";
import { reviewOperations } from "@/lib/contracts/reviews";
import { separateFilesOrigin } from "@/lib/env";
import { viewerKind } from "./file-source";
import { neighboursIn, type QueueContext, type QueueSnapshot } from "./queue-neighbours";
import { toWorkspaceDocument, type QueueNeighbour, type WorkspaceContext } from "./workspace-document";

/** My review queue's first 100 documents (nothing when it cannot be read: the workspace works without it). */
export async function loadQueue(api: ApiClient): Promise<QueueSnapshot> {
  const queue = await api.call(reviewOperations.queue, { query: { assignee: "me", limit: 100 } }).catch(() => null);
  const items = (queue?.data ?? []).map((item) => ({ parserId: item.parser.id, documentId: item.documentId, name: item.name }));
  return { items, total: queue?.pagination.total ?? items.length };
}

/** The next document's file link, for fetching it ahead of time (none for documents shown as text). */
export async function nextFileOf(api: ApiClient, next: QueueNeighbour | null): Promise<WorkspaceContext["nextFile"]> {
  if (!next) return null;
  const document = await api.call(documentOperations.get, { params: { parserId: next.parserId, documentId: next.documentId } }).then(
    (found) => toWorkspaceDocument(found, separateFilesOrigin()),
    () => null,
  );
  if (!document?.fileUrl || viewerKind(document.contentType) === "text") return null;
  return { documentId: document.id, fileUrl: document.fileUrl };
}

/** My queue and the file of the document after this one (see QueueContext); null if it could not be loaded. */
export async function loadQueueContext(api: ApiClient, documentId: string): Promise<QueueContext | null> {
  try {
    const queue = await loadQueue(api);
    return { queue, nextFile: await nextFileOf(api, neighboursIn(queue, documentId, new Set()).next) };
  } catch {
    return null;
  }
}
