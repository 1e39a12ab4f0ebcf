"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { loadWorkspaceContextAction } from "@/components/review-workspace/actions";
import { takeHandedContext } from "./handed-contexts";
import { parserContextFor, rememberParserContext } from "./parser-context-cache";
import { documentsBeingDecided } from "./review/decisions-in-flight";
import type { WorkspaceContext, WorkspaceDocument } from "./workspace-document";

/** If the first page never shows (a broken file), the context still comes, a moment later. */
const FALLBACK_DELAY_MS = 1_500;

/**
 * Whether a workspace in this tab has had its first page on screen. Past that, a document is reached from another
 * (the router's prefetch, the file cache, pdf.js already running), its first page needs little from the server,
 * and its context is asked for at once: server actions run one at a time, and a context still loading would hold
 * up the correction the reviewer saves right after the page shows.
 */
let firstPageSeenInTab = false;

/**
 * The rest of the workspace (neighbours in my queue, reviewers, my shortcuts, and the document as it is now),
 * loaded once the first page is on screen: before, these requests would only compete with it for the server.
 * `load` is called on the first page; a timer calls it anyway in case that never happens. Documents opened from
 * another one in the same tab load it at once (see firstPageSeenInTab).
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
    firstPageSeenInTab = true;
    if (requested.current) return;
    requested.current = true;
    const changesBefore = changeCount.current;
    const knownParserContext = parserContextFor(parserId, documentId);
    const ask = () =>
      loadWorkspaceContextAction(parserId, documentId, documentsBeingDecided(), knownParserContext !== null).then((result) => {
        if (!result.ok) return null;
        if (result.data.parser) rememberParserContext(parserId, result.data.parser);
        return result.data;
      });
    const handed = takeHandedContext(documentId);
    void (handed ? handed.then((loaded) => loaded ?? ask()) : ask()).then((loaded) => {
      const parserContext = loaded?.parser ?? knownParserContext;
      if (!loaded || !parserContext) return;
      const { document, parser: _parser, ...rest } = loaded;
      setContext({ ...rest, ...parserContext });
      if (changeCount.current === changesBefore) onFresh.current(document);
    });
  }, [changeCount, documentId, parserId]);

  useEffect(() => {
    if (firstPageSeenInTab) load();
    const timer = setTimeout(load, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [load]);

  return { context, load };
}
