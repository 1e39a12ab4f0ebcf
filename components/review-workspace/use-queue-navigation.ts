"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { documentFileUrlAction } from "@/app/(console)/parsers/[parserId]/documents/[documentId]/actions";
import { prefetchDocumentFile } from "./file-cache";
import { viewerKind } from "./file-source";
import { documentHref, type QueueNeighbour } from "./workspace-document";

/**
 * Moving through my queue. The neighbours' pages are prefetched with the route (the header's links prefetch
 * them in full), and the next document's file is fetched once this document's first page is on screen, so the
 * switch needs neither the server nor the network.
 */
export function useQueueNavigation(neighbours: { previous: QueueNeighbour | null; next: QueueNeighbour | null }) {
  const router = useRouter();
  const { previous, next } = neighbours;

  useEffect(() => {
    if (next) router.prefetch(documentHref(next));
    if (previous) router.prefetch(documentHref(previous));
  }, [next, previous, router]);

  const prefetchNextFile = useCallback(async () => {
    if (!next) return;
    const result = await documentFileUrlAction(next.parserId, next.documentId).catch(() => null);
    if (result?.ok && result.data.url && viewerKind(result.data.contentType) !== "text") prefetchDocumentFile(next.documentId, result.data.url);
  }, [next]);

  const open = useCallback((neighbour: QueueNeighbour | null) => {
    if (!neighbour) return false;
    router.push(documentHref(neighbour));
    return true;
  }, [router]);

  return { goNext: () => open(next), goPrevious: () => open(previous), open, prefetchNextFile };
}
