"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { loadWorkspaceDocumentAction } from "@/components/review-workspace/actions";
import { prefetchDocumentFile } from "./file-cache";
import { viewerKind } from "./file-source";
import { documentHref, type Neighbours, type QueueNeighbour } from "./workspace-document";

/**
 * Moving through my queue. The neighbours are known once the first page is on screen (see useWorkspaceContext);
 * then their pages are prefetched in full by the header's links and the next document's file is fetched, so
 * the switch needs neither the server nor the network.
 */
export function useQueueNavigation(neighbours: Neighbours) {
  const router = useRouter();
  const { previous, next } = neighbours;

  useEffect(() => {
    if (!next) return;
    void loadWorkspaceDocumentAction(next.parserId, next.documentId).then((result) => {
      if (result.ok && result.data.fileUrl && viewerKind(result.data.contentType) !== "text") prefetchDocumentFile(next.documentId, result.data.fileUrl);
    });
  }, [next]);

  const open = useCallback(
    (neighbour: QueueNeighbour | null) => {
      if (!neighbour) return false;
      router.push(documentHref(neighbour));
      return true;
    },
    [router],
  );

  return { goNext: () => open(next), goPrevious: () => open(previous), open };
}
