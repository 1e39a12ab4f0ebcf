"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { prefetchDocumentFile } from "./file-cache";
import { movingToDocument } from "./parser-context-cache";
import { markReviewPhase } from "./phase-marks";
import { documentHref, type Neighbours, type QueueNeighbour, type WorkspaceContext } from "./workspace-document";

/**
 * Moving through my queue. The neighbours are known once the first page is on screen (see useWorkspaceContext);
 * then their pages are prefetched in full by the header's links and the next document's file is fetched, so
 * the switch needs neither the server nor the network.
 */
export function useQueueNavigation(neighbours: Neighbours, nextFile: WorkspaceContext["nextFile"]) {
  const router = useRouter();
  const { previous, next } = neighbours;

  useEffect(() => {
    if (nextFile) prefetchDocumentFile(nextFile.documentId, nextFile.fileUrl);
  }, [nextFile]);

  const open = useCallback(
    (neighbour: QueueNeighbour | null) => {
      if (!neighbour) return false;
      markReviewPhase("navigating", neighbour.documentId);
      movingToDocument(neighbour.documentId);
      router.push(documentHref(neighbour));
      return true;
    },
    [router],
  );

  return { goNext: () => open(next), goPrevious: () => open(previous), open };
}
