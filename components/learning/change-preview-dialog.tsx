"use client";

import { useEffect, useState } from "react";
import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, EmptyState, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { ParserPreview, PreviewValue } from "@/lib/contracts/parser-preview";

export type PreviewRun = () => Promise<{ ok: true; data: ParserPreview } | { ok: false; error: { message: string } }>;

const VERDICTS: Record<PreviewValue["verdict"], { label: string; tone: "success" | "danger" | "warning" | "neutral" }> = {
  fixed: { label: "Fixed", tone: "success" },
  broken: { label: "Would break", tone: "danger" },
  still_wrong: { label: "Still wrong", tone: "warning" },
  new: { label: "New field", tone: "neutral" },
};

const show = (value: PreviewValue["approved"]) => (value === null || value === "" ? "—" : String(value));

/**
 * "Preview on approved documents": runs the pending change once when opened and shows, value by value, where it
 * would read the approved documents differently from what reviewers approved. Closing it discards the result;
 * nothing was saved by the preview.
 */
export function ChangePreviewDialog({ run, onClose }: { run: PreviewRun; onClose: () => void }) {
  const [state, setState] = useState<{ status: "running" } | { status: "done"; preview: ParserPreview } | { status: "error"; message: string }>({ status: "running" });
  useEffect(() => {
    let live = true;
    run().then(
      (result) => live && setState(result.ok ? { status: "done", preview: result.data } : { status: "error", message: result.error.message }),
      () => live && setState({ status: "error", message: "The preview could not run. Try again." }),
    );
    return () => {
      live = false;
    };
    // Runs once per opening: the dialog is mounted for one pending change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Preview on approved documents</DialogTitle>
          <DialogDescription>The parser reads its most recently approved documents again with your unsaved change. Nothing is saved.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto" aria-live="polite" aria-busy={state.status === "running"}>
          {state.status === "running" ? (
            <p className="flex items-center gap-2 py-6 text-muted">
              <Spinner size="sm" label="Reading" /> Reading the approved documents again (up to 90 seconds)…
            </p>
          ) : state.status === "error" ? (
            <p role="alert" className="py-4 font-medium text-danger">
              {state.message}
            </p>
          ) : (
            <PreviewResult preview={state.preview} />
          )}
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewResult({ preview }: { preview: ParserPreview }) {
  const { summary } = preview;
  if (summary.requested === 0) return <EmptyState headingLevel={3} title="No approved documents yet" description="Approve documents of this parser to preview changes on them." />;
  const changed = preview.documents.filter((document) => document.values.length > 0);
  const skipped = summary.failed + summary.timedOut;
  return (
    <div className="flex flex-col gap-4">
      <p>
        Read {summary.compared} of {summary.requested} approved documents in {Math.round(summary.elapsedMs / 1000)} s: <strong>{summary.fixed} fixed</strong>,{" "}
        <strong>{summary.broken} would break</strong>, {summary.stillWrong} still wrong.
        {skipped > 0 ? ` ${skipped} could not be read (${summary.timedOut} ran out of time).` : ""}
      </p>
      <Table aria-label="Values read as approved, per field">
        <TableHeader>
          <TableRow>
            <TableHead>Field</TableHead>
            <TableHead>Right now</TableHead>
            <TableHead>With the change</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.fields.map((field) => (
            <TableRow key={field.name}>
              <TableCell className="font-medium">{field.name}</TableCell>
              <TableCell className="tabular-nums">{field.values > 0 ? `${field.rightBefore} / ${field.values}` : "—"}</TableCell>
              <TableCell className="tabular-nums">{field.values > 0 ? `${field.rightAfter} / ${field.values}` : "—"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {changed.length === 0 ? (
        <p className="text-muted">Every compared value reads exactly as approved, before and after the change.</p>
      ) : (
        changed.map((document) => (
          <section key={document.documentId} aria-label={document.name}>
            <h3 className="mb-1 font-medium">{document.name}</h3>
            <Table aria-label={`Values of ${document.name}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Value</TableHead>
                  <TableHead>Approved</TableHead>
                  <TableHead>Right now</TableHead>
                  <TableHead>With the change</TableHead>
                  <TableHead>
                    <span className="sr-only">Verdict</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {document.values.map((value) => (
                  <TableRow key={value.path}>
                    <TableCell className="font-mono text-xs">{value.path}</TableCell>
                    <TableCell>{show(value.approved)}</TableCell>
                    <TableCell>{show(value.before)}</TableCell>
                    <TableCell>{show(value.after)}</TableCell>
                    <TableCell>
                      <Badge tone={VERDICTS[value.verdict].tone}>{VERDICTS[value.verdict].label}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        ))
      )}
    </div>
  );
}
