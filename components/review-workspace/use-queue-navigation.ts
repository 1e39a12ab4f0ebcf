"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { prefetchDocumentFile } from "./file-cache";
import { movingToDocument } from "./parser-context-cache";
import { markReviewPhase } from "./phase-marks";
import { openPdfAhead } from "./pdf/open-pdf-ahead";
import { documentHref, type Neighbours, type QueueNeighbour, type WorkspaceContext } from "./workspace-document";

/**
 * Moving through my queue. The neighbours are known once the first page is on screen (see useWorkspaceContext);
 * then their pages are prefetched in full by the header's links and the next document's file is fetched (a PDF
 * is opened by pdf.js too, its page 1 prepared), so the switch needs neither the server, the network nor pdf.js's
 * opening of the file.
 */
export function useQueueNavigation(neighbours: Neighbours, nextFile: WorkspaceContext["nextFile"]) {
  const router = useRouter();
  const { previous, next } = neighbours;

  useEffect(() => {
    if (!nextFile) return;
    prefetchDocumentFile(nextFile.documentId, nextFile.fileUrl);
    if (nextFile.kind === "pdf") openPdfAhead(nextFile.documentId, nextFile.fileUrl, { preparePage: true });
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
