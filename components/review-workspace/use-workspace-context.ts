"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { loadWorkspaceContextAction } from "@/components/review-workspace/actions";
import { pageAskedAt } from "./pages-asked";
import { parserContextFor, rememberParserContext } from "./parser-context-cache";
import { neighboursIn, type QueueContext } from "./queue-neighbours";
import { documentsBeingDecided, documentsUndecidedAt } from "./review/decisions-in-flight";
import type { LoadedContext, WorkspaceContext, WorkspaceDocument } from "./workspace-document";

/** If the first page never shows (a broken file), the context still comes, a moment later. */
const FALLBACK_DELAY_MS = 1_500;
/**
 * How old the queue a page brought (`queued`) may be to stand for "now": the page's document is as old, and past
 * this the workspace asks for both again (the router may keep a prefetched page for minutes).
 */
const PAGE_CONTEXT_MAX_AGE_MS = 60_000;

/**
 * Whether a workspace in this tab has had its first page on screen. Past that, a document is reached from another
 * (the router's prefetch, the file cache, pdf.js already running), its first page needs little from the server,
 * and its context is taken at once: server actions run one at a time, and a context still loading would hold
 * up the correction the reviewer saves right after the page shows.
 */
let firstPageSeenInTab = false;

export type LoadedWorkspaceContext = Omit<WorkspaceContext, "document"> & {
  /** When it was read (performance.now()), for the count of documents waiting after a decision. */
  readAt: number;
};

/**
 * The rest of the workspace (neighbours in my queue, reviewers, my shortcuts, and the document as it is now).
 * A document the workspace moved to itself takes it from what it already has: the queue its page brought (see the
 * review page) and the parser's part from the last document, so it sends no server action before the reviewer's
 * first save; it is taken once the first page is on screen. Otherwise it is asked for in one server action once the
 * first page is on screen (before, these requests would only compete with it for the server), or at once for a
 * document opened from another one in the same tab: `load` is called on the first page, and a timer calls it
 * anyway in case that never happens.
 */
export function useWorkspaceContext(options: {
  parserId: string;
  documentId: string;
  /** Counts changes made in the workspace: a fresh document asked for before one of them is older than it. */
  changeCount: RefObject<number>;
  onFreshDocument: (document: WorkspaceDocument) => void;
  /** The queue the page brought, when the router fetched it (see the review page). */
  queued: Promise<QueueContext | null> | null;
}) {
  const { parserId, documentId, changeCount, queued } = options;
  const [context, setContext] = useState<LoadedWorkspaceContext | null>(null);
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
    const apply = (loaded: LoadedContext | null) => {
      const parserContext = loaded?.parser ?? knownParserContext;
      if (!loaded || !parserContext) return;
      const { document, parser: _parser, ...rest } = loaded;
      setContext({ ...rest, ...parserContext, readAt: performance.now() });
      if (changeCount.current === changesBefore) onFresh.current(document);
    };
    const ask = () =>
      loadWorkspaceContextAction(parserId, documentId, documentsBeingDecided(), knownParserContext !== null).then((result) => {
        if (!result.ok) return null;
        if (result.data.parser) rememberParserContext(parserId, result.data.parser);
        return result.data;
      });
    const askedAt = pageAskedAt(documentId);
    if (!queued || !knownParserContext || askedAt === null || performance.now() - askedAt > PAGE_CONTEXT_MAX_AGE_MS) {
      void ask().then(apply);
      return;
    }
    void queued.then(
      (fromPage) => {
        if (!fromPage) return void ask().then(apply);
        // Read no earlier than the page was asked for: decisions answered after that may still be listed.
        const neighbours = neighboursIn(fromPage.queue, documentId, documentsUndecidedAt(askedAt));
        const nextFile = fromPage.nextFile && fromPage.nextFile.documentId === neighbours.next?.documentId ? fromPage.nextFile : null;
        setContext({ neighbours, nextFile, ...knownParserContext, readAt: askedAt });
      },
      () => void ask().then(apply),
    );
  }, [changeCount, documentId, parserId, queued]);

  useEffect(() => {
    // A page that brought my queue waits for its first page all the same: taking the context starts the next
    // page's prefetch and its file's download, which would compete with this first page for the CPU.
    if (firstPageSeenInTab && !queued) load();
    const timer = setTimeout(load, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [load, queued]);

  return { context, load };
}
