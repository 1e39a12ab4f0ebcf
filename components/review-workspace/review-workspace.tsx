"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { Button } from "@/components/ui";
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
import { focusEntryPoint, focusFirstValue, focusNextNeedingAttention } from "./focus-attention";
import { reviewAfterCorrection } from "./review/after-correction";
import { ReviewPanel } from "./review/review-panel";
import { reviewAbilities, type Viewer } from "./review-abilities";
import { definitionOf, useDocumentData } from "./use-document-data";
import { useQueueNavigation } from "./use-queue-navigation";
import { useReviewDecisions } from "./use-review-decisions";
import { inputId, pathKey, type ValuePath } from "./value-paths";
import type { ViewerCommands } from "./pick/viewer-commands";
import { useRowPick } from "./pick/use-row-pick";
import { useTableKeys } from "./data/use-table-keys";
import { WorkspaceHeader } from "./workspace-header";
import { useSplit } from "./layout/use-split";
import { useWideTables } from "./layout/use-wide-tables";
import { runApprovalChecks } from "@/lib/contracts/review-checks-run";
import type { ReviewChecks } from "@/lib/contracts/review-checks";
import { NO_NEIGHBOURS, type WorkspaceDocument } from "./workspace-document";
import { markReviewPhase } from "./phase-marks";
import { useWorkspaceContext } from "./use-workspace-context";

const NO_CHECKS: ReviewChecks = { validationRules: [], rejectReasons: [] };

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
  useEffect(() => markReviewPhase("workspace-mounted", initialDocument.id), [initialDocument.id]);
  // Focus placed by the workspace on opening a document scrolls without zooming: the page opens whole.
  const enteringDocument = useRef(false);
  // Where that first focus went, until the parser's checks are known (they may mark an earlier value).
  const entryFocus = useRef<Element | null>(null);
  // The keyboard starts where the work is: the first value that needs attention, else the first value. Not on a
  // touch screen (the on-screen keyboard would cover the page), and never away from something already focused.
  useEffect(() => {
    if (!window.matchMedia("(min-width: 768px) and (pointer: fine)").matches) return;
    const active = globalThis.document.activeElement;
    if (active && active !== globalThis.document.body) return;
    enteringDocument.current = true;
    focusEntryPoint(dataPaneRef.current);
    enteringDocument.current = false;
    entryFocus.current = globalThis.document.activeElement;
  }, [initialDocument.id]);

  const data = useDocumentData({
    parserId,
    documentId: document.id,
    fields,
    initialData: initialDocument.data,
    initialMetadata: initialDocument.fieldMetadata,
    thresholds,
    shownStatus: () => document.status,
    onSaved: ({ status, review }) => setDocument((current) => ({ ...current, status, review: review ?? reviewAfterCorrection(current.review) })),
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

  const navigation = useQueueNavigation(neighbours, workspaceContext.context?.nextFile ?? null);
  const checks = workspaceContext.context?.checks ?? NO_CHECKS;
  const { values } = data;
  // Until the parser's checks have arrived, the API is the one to ask (an empty local list would be incomplete).
  const checksKnown = workspaceContext.context !== null;
  const checkNow = useCallback(() => (checksKnown ? runApprovalChecks(fields, checks.validationRules, values) : []), [checksKnown, fields, checks.validationRules, values]);
  const decisions = useReviewDecisions({
    parserId,
    document,
    onDocument: setDocument,
    flushSaves: data.flush,
    openDocument: navigation.open,
    checkNow,
    nextWithoutWaiting: checksKnown ? neighbours.next : null,
  });

  // The focused value leads: the pointer resting on the data panel must not pull the highlight away from it.
  const highlight = (focused?.meta ?? hovered)?.source ?? null;
  const splitRef = useRef<HTMLDivElement>(null);
  const split = useSplit(splitRef);
  const [wideTables, setWideTables] = useWideTables();
  // A nested table's cell is edited in its own grid: text picked off the page cannot be its value.
  const pickTarget = abilities.edit.allowed && focused && definitionOf(fields, focused.path)?.type !== "table" ? focused.path : null;
  const pickLabel = pickTarget ? (pickTarget.row === undefined ? pickTarget.field : `${pickTarget.column}, row ${pickTarget.row + 1} of ${pickTarget.field}`) : null;

  // Pointing at a value (focus, or the pointer entering it) scrolls the page to its source; leaving it does not.
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  const onFocusValue = useCallback((path: ValuePath, meta: ValueMeta) => {
    setFocused({ path, meta });
    if (meta.source) setScrollRequest({ source: meta.source, zoom: !enteringDocument.current });
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
  const onPickRow = useRowPick({ fields, data, target: pickTarget });
  // After picking with the keyboard, the reviewer carries on from the value they filled.
  const onKeyboardPickDone = useCallback(() => {
    if (pickTarget) globalThis.document.getElementById(inputId(pickTarget))?.focus();
  }, [pickTarget]);
  const viewerCommands = useRef<ViewerCommands | null>(null);
  const tableKeys = useTableKeys({ fields, data, focused: focused?.path ?? null, enabled: abilities.edit.allowed });

  useReviewShortcuts(
    keymap,
    {
      approve: () => (abilities.decide.allowed ? decisions.approve() : false),
      reject: () => (abilities.decide.allowed ? decisions.setDialog("reject") : false),
      // Before the queue is known (the first second or so), the next document is asked for on the spot.
      nextDocument: () => (workspaceContext.context ? navigation.goNext() : void decisions.openNextInQueue()),
      previousDocument: navigation.goPrevious,
      // With nothing doubtful left, the key still goes somewhere useful: the first value.
      nextLowConfidence: () => focusNextNeedingAttention(dataPaneRef.current) || focusFirstValue(dataPaneRef.current),
      undo: data.undo,
      undoDecision: decisions.undoLast,
      showShortcuts: () => setDialog("shortcuts"),
      pickFromPage: () => viewerCommands.current?.pickFromPage() ?? false,
      zoomIn: () => viewerCommands.current?.zoomIn() ?? false,
      zoomOut: () => viewerCommands.current?.zoomOut() ?? false,
      nextPage: () => viewerCommands.current?.nextPage() ?? false,
      previousPage: () => viewerCommands.current?.previousPage() ?? false,
      addRow: tableKeys.addRow,
      removeRow: tableKeys.removeRow,
      resetReview: () => (abilities.reset.allowed ? decisions.setDialog("reset") : false),
    },
    dialog === null && decisions.dialog === null,
  );

  // Every value that blocks an approval is marked on itself while the document waits for a decision: the checks
  // as they stand now once the parser's rules are known here (the same function the API runs, so a fixed value
  // turns back at once), else what the API answered to the last attempt.
  // A reviewer who has pressed a key or the pointer since the document opened has started work where they are: the
  // checks arriving after that must not move the keyboard (a click on the page would fill the value moved to).
  useEffect(() => {
    const started = () => {
      entryFocus.current = null;
    };
    const options = { capture: true, once: true } as const;
    window.addEventListener("pointerdown", started, options);
    window.addEventListener("keydown", started, options);
    return () => {
      window.removeEventListener("pointerdown", started, options);
      window.removeEventListener("keydown", started, options);
    };
  }, [initialDocument.id]);
  const inReview = document.status === "in_review";
  const problems = useMemo(() => {
    const byPath = new Map<string, string>();
    const current = checksKnown ? (inReview ? checkNow() : []) : decisions.problems;
    for (const problem of current) if (!byPath.has(problem.path)) byPath.set(problem.path, problem.message);
    return byPath;
  }, [checksKnown, decisions.problems, inReview, checkNow]);
  // The checks arrive after the document (with the parser's context): a value they block, say a required one left
  // empty, may need attention before the one focused on opening. Move there, unless the reviewer has moved since.
  useEffect(() => {
    if (!checksKnown || entryFocus.current === null) return;
    const stillThere = globalThis.document.activeElement === entryFocus.current;
    entryFocus.current = null;
    if (!stillThere) return;
    enteringDocument.current = true;
    focusEntryPoint(dataPaneRef.current);
    enteringDocument.current = false;
  }, [checksKnown, problems]);

  const hasTables = fields.some((field) => field.type === "table");
  const dataForm = (tables: "inline" | "none" | "only", wide = false) => (
    <DataForm
      fields={fields}
      data={data}
      readOnly={!abilities.edit.allowed}
      readOnlyReason={abilities.edit.allowed ? null : abilities.edit.reason}
      pickTargetKey={pickTarget ? pathKey(pickTarget) : null}
      events={events}
      problems={problems}
      tables={tables}
      wideTables={wide}
    />
  );

  return (
    <section id="review-workspace" aria-labelledby="document-title" className="flex min-h-0 flex-1 flex-col bg-surface md:overflow-hidden">
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
      <ReviewPanel review={document.review} abilities={abilities} keymap={keymap} decisions={decisions} reviewers={reviewers} rejectReasons={checks.rejectReasons} />
      {/* Side by side from 768 px (each pane scrolls on its own, the divider moves); on a phone the data comes
          first and the page after it, one tap away ("Show the page" in the review bar). */}
      <div ref={splitRef} className="flex min-h-0 flex-1 flex-col md:flex-row">
        <section id="document-pane" aria-label="Document" className="order-2 h-[75vh] min-w-0 scroll-mt-14 border-t border-line md:order-none md:h-auto md:flex-1 md:border-t-0">
          <DocumentViewer
            parserId={parserId}
            document={document}
            highlight={highlight}
            scrollRequest={scrollRequest}
            pickLabel={pickLabel}
            onPick={onPick}
            onPickRow={onPickRow}
            onStopPicking={() => setFocused(null)}
            onKeyboardPickDone={onKeyboardPickDone}
            commandsRef={viewerCommands}
            onFirstPagePainted={onFirstPagePainted}
          />
        </section>
        <div {...split.separatorProps} className="hidden w-1.5 shrink-0 cursor-col-resize border-x border-line bg-subtle hover:bg-accent-soft focus-visible:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent md:block" />
        <div
          ref={dataPaneRef}
          style={{ "--data-width": `${split.percent}%` } as CSSProperties}
          className="@container order-1 flex shrink-0 flex-col md:order-none md:w-(--data-width) md:overflow-hidden"
        >
          {/* The values scroll on their own; a document's line items keep the pane's lower part (at most half), so
              their first rows are on screen without scrolling. */}
          <div className="flex flex-col md:min-h-0 md:flex-1 md:overflow-y-auto">
            <section aria-labelledby="data-heading" className="flex flex-col gap-2 p-2">
              <div className="flex items-center justify-between gap-2 px-1">
                <h2 id="data-heading" className="text-sm font-semibold">
                  Extracted data
                </h2>
                {hasTables ? (
                  <Button variant="ghost" size="sm" aria-pressed={wideTables} onClick={() => setWideTables(!wideTables)}>
                    Wide tables
                  </Button>
                ) : null}
              </div>
              {document.error ? <p className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">{document.error}</p> : null}
              {dataForm("none")}
            </section>
            <DocumentDetails document={document} />
          </div>
          {hasTables && !wideTables ? (
            <section aria-label="Line items" className="shrink-0 border-t border-line py-2 md:max-h-[50%] md:overflow-y-auto">
              {dataForm("only")}
            </section>
          ) : null}
        </div>
      </div>
      {wideTables && hasTables ? (
        <section aria-label="Line items, full width" className="max-h-[40%] shrink-0 overflow-auto border-t border-line p-2">
          {dataForm("only", true)}
        </section>
      ) : null}
      <ShortcutsDialog open={dialog === "shortcuts"} onOpenChange={(open) => setDialog(open ? "shortcuts" : null)} keymap={keymap} onCustomise={() => setDialog("settings")} />
      <KeymapSettingsDialog open={dialog === "settings"} onOpenChange={(open) => setDialog(open ? "settings" : null)} keymap={keymap} onSaved={onKeymapSaved} />
    </section>
  );
}
