"use client";

import Link from "next/link";
import { DocumentStatusBadge } from "@/components/documents/document-status-badge";
import { Button, buttonClasses } from "@/components/ui";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import { displayShortcut } from "./keyboard/keymap";
import { SaveStatusIndicator } from "./save-status";
import type { SaveStatus } from "./use-document-data";
import { documentHref, type QueueNeighbour, type WorkspaceDocument } from "./workspace-document";

function keyHint(shortcut: string): string {
  return displayShortcut(shortcut).join("+");
}

function NeighbourLink({ neighbour, label, shortcut, prefetch }: { neighbour: QueueNeighbour | null; label: string; shortcut: string; prefetch: boolean }) {
  if (!neighbour) {
    return (
      <Button variant="secondary" size="sm" disabled>
        {label}
      </Button>
    );
  }
  return (
    // Prefetched in full (data included) once allowed, so the switch is instant.
    <Link href={documentHref(neighbour)} prefetch={prefetch} className={buttonClasses({ variant: "secondary", size: "sm" })} title={`${neighbour.name} (${keyHint(shortcut)})`}>
      {label}
    </Link>
  );
}

/** The document's name and state, the save state, undo, queue navigation and the keyboard help. */
export function WorkspaceHeader({ parserId, document, neighbours, prefetchNeighbours, keymap, saveStatus, canUndo, onUndo, onRetrySave, onShowShortcuts, onEditShortcuts }: {
  parserId: string;
  document: WorkspaceDocument;
  neighbours: { previous: QueueNeighbour | null; next: QueueNeighbour | null; position?: { index: number; total: number } | null };
  prefetchNeighbours: boolean;
  keymap: ReviewKeymap;
  saveStatus: SaveStatus;
  canUndo: boolean;
  onUndo: () => void;
  onRetrySave: () => void;
  onShowShortcuts: () => void;
  onEditShortcuts: () => void;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-3 py-2">
      <Link href={`/parsers/${parserId}/documents`} className="text-sm text-muted hover:text-ink">
        ← Documents
      </Link>
      <h1 id="document-title" className="max-w-md truncate text-base font-semibold" title={document.name}>
        {document.name}
      </h1>
      <span>
        <span className="sr-only">Status: </span>
        <DocumentStatusBadge status={document.status} />
      </span>
      <SaveStatusIndicator status={saveStatus} onRetry={onRetrySave} />
      <div className="ml-auto flex flex-wrap items-center gap-1.5">
        <Button variant="ghost" size="sm" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts={keymap.undo.replace(/^Ctrl/, "Control")}>
          Undo
        </Button>
        <nav aria-label="Review queue" className="flex items-center gap-1.5">
          {neighbours.position ? (
            <span className="px-1 text-sm tabular-nums text-muted">
              <span className="sr-only">Document </span>
              {neighbours.position.index} of {neighbours.position.total}
              <span className="sr-only"> in my queue</span>
            </span>
          ) : null}
          <NeighbourLink neighbour={neighbours.previous} label="Previous document" shortcut={keymap.previousDocument} prefetch={prefetchNeighbours} />
          <NeighbourLink neighbour={neighbours.next} label="Next document" shortcut={keymap.nextDocument} prefetch={prefetchNeighbours} />
        </nav>
        <Button variant="ghost" size="sm" onClick={onShowShortcuts} aria-label="Keyboard shortcuts">
          <span aria-hidden="true">?</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onEditShortcuts}>
          Shortcut settings
        </Button>
      </div>
    </header>
  );
}
