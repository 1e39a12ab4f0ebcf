"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { loadWorkspaceDocumentAction } from "@/app/(console)/parsers/[parserId]/documents/[documentId]/actions";
import { prefetchDocumentFile } from "./file-cache";
import { viewerKind } from "./file-source";
import { documentHref, type QueueNeighbour } from "./workspace-document";

/**
 * Moving through my queue. Once this document's first page is on screen (`warmUp`), the neighbours' pages are
 * prefetched in full by the header's links and the next document's file is fetched, so the switch needs
 * neither the server nor the network. Not before: on the way to the first page they would only compete with it.
 */
export function useQueueNavigation(neighbours: { previous: QueueNeighbour | null; next: QueueNeighbour | null }) {
  const router = useRouter();
  const { previous, next } = neighbours;
  const [warm, setWarm] = useState(false);

  const warmUp = useCallback(async () => {
    setWarm(true);
    if (!next) return;
    const result = await loadWorkspaceDocumentAction(next.parserId, next.documentId).catch(() => null);
    if (result?.ok && result.data.fileUrl && viewerKind(result.data.contentType) !== "text") prefetchDocumentFile(next.documentId, result.data.fileUrl);
  }, [next]);

  const open = useCallback(
    (neighbour: QueueNeighbour | null) => {
      if (!neighbour) return false;
      router.push(documentHref(neighbour));
      return true;
    },
    [router],
  );

  return { warm, goNext: () => open(next), goPrevious: () => open(previous), open, warmUp };
}
