"use client";

import { useCallback, useRef, useState } from "react";
import type { Field } from "@/lib/contracts/fields";
import { DEFAULT_CONFIDENCE_THRESHOLDS } from "@/lib/contracts/parser-settings";
import { DEFAULT_REVIEW_KEYMAP, type ReviewKeymap } from "@/lib/contracts/preferences";
import { DataForm } from "./data/data-form";
import type { ValueEvents } from "./data/value-events";
import { DocumentDetails } from "./document-details";
import { DocumentViewer } from "./document-viewer";
import type { ConfidenceThresholds, ValueMeta } from "./field-values";
import type { ScrollRequest } from "./geometry";
import { KeymapSettingsDialog } from "./keyboard/keymap-settings-dialog";
import { keymapSavedInThisTab, rememberSavedKeymap } from "./keyboard/saved-keymap";
import { ShortcutsDialog } from "./keyboard/shortcuts-dialog";
import { useReviewShortcuts } from "./keyboard/use-review-shortcuts";
import { focusNextNeedingAttention } from "./focus-attention";
import { ReviewPanel } from "./review/review-panel";
import { reviewAbilities, type Viewer } from "./review-abilities";
import { useDocumentData } from "./use-document-data";
import { useQueueNavigation } from "./use-queue-navigation";
import { useReviewDecisions } from "./use-review-decisions";
import { pathKey, type ValuePath } from "./value-paths";
import { WorkspaceHeader } from "./workspace-header";
import { NO_NEIGHBOURS, type WorkspaceDocument } from "./workspace-document";
import { useWorkspaceContext } from "./use-workspace-context";

export type ReviewWorkspaceProps = {
  parserId: string;
  initialDocument: WorkspaceDocument;
  fields: Field[];
  viewer: Viewer;
  /** The parser's confidence thresholds (settings.confidenceScores), defaults when absent. */
  thresholds?: ConfidenceThresholds;
};

/**
 * The review workspace: the document on the left, its review and extracted data on the right. Pointing at a
 * value shows where it came from on the page; the focused value is the one a click or a drag on the page fills.
 */
export function ReviewWorkspace({ parserId, initialDocument, fields, viewer, thresholds = DEFAULT_CONFIDENCE_THRESHOLDS }: ReviewWorkspaceProps) {
  const [document, setDocumentState] = useState(initialDocument);
  // Counts changes made here, so a refresh that was asked for before one of them cannot undo it.
  const changes = useRef(0);
  const setDocument = useCallback((update: WorkspaceDocument | ((current: WorkspaceDocument) => WorkspaceDocument)) => {
    changes.current += 1;
    setDocumentState(update);
  }, []);
  const [dialog, setDialog] = useState<"shortcuts" | "settings" | null>(null);
  const [focused, setFocused] = useState<{ path: ValuePath; meta: ValueMeta } | null>(null);
  const [hovered, setHovered] = useState<ValueMeta | null>(null);
  const dataPaneRef = useRef<HTMLDivElement>(null);

  const data = useDocumentData({
    parserId,
    documentId: document.id,
    fields,
    initialData: initialDocument.data,
    initialMetadata: initialDocument.fieldMetadata,
    thresholds,
    onSaved: ({ status, review }) => setDocument((current) => ({ ...current, status, review })),
  });
  const abilities = reviewAbilities(document, viewer);

  // Once the first page is up, the rest: the neighbours (then prefetched), reviewers, my shortcuts, and the
  // document as it is now (the page may have come from the router's prefetch cache, minutes old).
  const { replaceIfUntouched } = data;
  const onFreshDocument = useCallback(
    (fresh: WorkspaceDocument) => {
      setDocumentState((current) => ({ ...current, status: fresh.status, review: fresh.review }));
      replaceIfUntouched(fresh);
    },
    [replaceIfUntouched],
  );
  const workspaceContext = useWorkspaceContext({ parserId, documentId: initialDocument.id, changeCount: changes, onFreshDocument });
  const onFirstPagePainted = workspaceContext.load;
  const neighbours = workspaceContext.context?.neighbours ?? NO_NEIGHBOURS;
  const reviewers = workspaceContext.context?.reviewers ?? [];
  const [savedKeymap, setSavedKeymap] = useState(keymapSavedInThisTab);
  const keymap = savedKeymap ?? workspaceContext.context?.keymap ?? DEFAULT_REVIEW_KEYMAP;
  const onKeymapSaved = useCallback((saved: ReviewKeymap) => {
    rememberSavedKeymap(saved);
    setSavedKeymap(saved);
  }, []);

  const navigation = useQueueNavigation(neighbours);
  const decisions = useReviewDecisions({ parserId, document, onDocument: setDocument, flushSaves: data.flush, openDocument: navigation.open });

  const highlight = (hovered ?? focused?.meta)?.source ?? null;
  const pickTarget = abilities.edit.allowed ? focused?.path ?? null : null;
  const pickLabel = pickTarget ? (pickTarget.row === undefined ? pickTarget.field : `${pickTarget.column}, row ${pickTarget.row + 1} of ${pickTarget.field}`) : null;

  // Pointing at a value (focus, or the pointer entering it) scrolls the page to its source; leaving it does not.
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  const onFocusValue = useCallback((path: ValuePath, meta: ValueMeta) => {
    setFocused({ path, meta });
    if (meta.source) setScrollRequest({ source: meta.source });
  }, []);
  const onHoverValue = useCallback((meta: ValueMeta | null) => {
    setHovered(meta);
    if (meta?.source) setScrollRequest({ source: meta.source });
  }, []);
  const events: ValueEvents = { onFocusValue, onHoverValue };

  const { commitText } = data;
  const onPick = useCallback(
    (text: string) => {
      if (pickTarget) commitText(pickTarget, text);
    },
    [commitText, pickTarget],
  );

  useReviewShortcuts(
    keymap,
    {
      approve: () => (abilities.decide.allowed ? void decisions.decide("approve") : false),
      reject: () => (abilities.decide.allowed ? void decisions.decide("reject") : false),
      // Before the queue is known (the first second or so), the next document is asked for on the spot.
      nextDocument: () => (workspaceContext.context ? navigation.goNext() : void decisions.openNextInQueue()),
      previousDocument: navigation.goPrevious,
      nextLowConfidence: () => focusNextNeedingAttention(dataPaneRef.current),
      undo: data.undo,
      showShortcuts: () => setDialog("shortcuts"),
    },
    dialog === null,
  );

  return (
    <section
      id="review-workspace"
      aria-labelledby="document-title"
      className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface lg:h-[calc(100dvh-11.5rem)] lg:min-h-[36rem]"
    >
      <WorkspaceHeader
        parserId={parserId}
        document={document}
        neighbours={neighbours}
        prefetchNeighbours={workspaceContext.context !== null}
        keymap={keymap}
        saveStatus={data.saveStatus}
        canUndo={data.canUndo}
        onUndo={data.undo}
        onRetrySave={data.retry}
        onShowShortcuts={() => setDialog("shortcuts")}
        onEditShortcuts={() => setDialog("settings")}
      />
      {/* Side by side on wide screens (each pane scrolls on its own); stacked on narrow ones. */}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <section aria-label="Document" className="h-[70vh] min-w-0 border-b border-line lg:h-auto lg:flex-1 lg:border-r lg:border-b-0">
          <DocumentViewer parserId={parserId} document={document} highlight={highlight} scrollRequest={scrollRequest} pickLabel={pickLabel} onPick={onPick} onStopPicking={() => setFocused(null)} onFirstPagePainted={onFirstPagePainted} />
        </section>
        <div ref={dataPaneRef} className="flex shrink-0 flex-col lg:w-[26rem] lg:overflow-y-auto">
          <ReviewPanel
            review={document.review}
            abilities={abilities}
            keymap={keymap}
            busy={decisions.busy}
            error={decisions.error}
            reviewers={reviewers}
            onDecide={decisions.decide}
            onAssign={decisions.assign}
          />
          <section aria-labelledby="data-heading" className="flex flex-col gap-2 p-3">
            <h3 id="data-heading" className="text-sm font-semibold">
              Extracted data
            </h3>
            {document.error ? <p className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">{document.error}</p> : null}
            <DataForm
              fields={fields}
              data={data}
              readOnly={!abilities.edit.allowed}
              readOnlyReason={abilities.edit.allowed ? null : abilities.edit.reason}
              pickTargetKey={pickTarget ? pathKey(pickTarget) : null}
              events={events}
            />
          </section>
          <DocumentDetails document={document} />
        </div>
      </div>
      <ShortcutsDialog open={dialog === "shortcuts"} onOpenChange={(open) => setDialog(open ? "shortcuts" : null)} keymap={keymap} onCustomise={() => setDialog("settings")} />
      <KeymapSettingsDialog open={dialog === "settings"} onOpenChange={(open) => setDialog(open ? "settings" : null)} keymap={keymap} onSaved={onKeymapSaved} />
    </section>
  );
}
