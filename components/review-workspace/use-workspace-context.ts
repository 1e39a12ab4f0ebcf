"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { loadWorkspaceContextAction } from "@/components/review-workspace/actions";
import type { WorkspaceContext, WorkspaceDocument } from "./workspace-document";

/** If the first page never shows (a broken file), the context still comes, a moment later. */
const FALLBACK_DELAY_MS = 1_500;

/**
 * The rest of the workspace (neighbours in my queue, reviewers, my shortcuts, and the document as it is now),
 * loaded once the first page is on screen: before, these requests would only compete with it for the server.
 * `load` is called on the first page; a timer calls it anyway in case that never happens.
 */
export function useWorkspaceContext(options: {
  parserId: string;
  documentId: string;
  /** Counts changes made in the workspace: a fresh document asked for before one of them is older than it. */
  changeCount: RefObject<number>;
  onFreshDocument: (document: WorkspaceDocument) => void;
}) {
  const { parserId, documentId, changeCount } = options;
  const [context, setContext] = useState<Omit<WorkspaceContext, "document"> | null>(null);
  const requested = useRef(false);
  const onFresh = useRef(options.onFreshDocument);
  useEffect(() => {
    onFresh.current = options.onFreshDocument;
  });

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    const changesBefore = changeCount.current;
    void loadWorkspaceContextAction(parserId, documentId).then((result) => {
      if (!result.ok) return;
      const { document, ...rest } = result.data;
      setContext(rest);
      if (changeCount.current === changesBefore) onFresh.current(document);
    });
  }, [changeCount, documentId, parserId]);

  useEffect(() => {
    const timer = setTimeout(load, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [load]);

  return { context, load };
}
