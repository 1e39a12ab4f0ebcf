"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, EmptyState, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { ParserPreview, PreviewChange, PreviewValue } from "@/lib/contracts/parser-preview";
import { previewChangeAction } from "./actions";

export const parserPreviewKeys = {
  preview: (parserId: string, change: PreviewChange) => ["parsers", parserId, "preview", change] as const,
};

const VERDICTS: Record<PreviewValue["verdict"], { label: string; tone: "success" | "danger" | "warning" | "neutral" }> = {
  fixed: { label: "Fixed", tone: "success" },
  broken: { label: "Would break", tone: "danger" },
  still_wrong: { label: "Still wrong", tone: "warning" },
  new: { label: "New field", tone: "neutral" },
};

const show = (value: PreviewValue["approved"]) => (value === null || value === "" ? "—" : String(value));

/**
 * "Preview on approved documents": runs the pending change when opened and shows, value by value, where it would
 * read the approved documents differently from what reviewers approved. Nothing was saved by the preview. The
 * reading is keyed by the change itself; it is never retried or refetched behind the reviewer's back (it re-reads
 * up to 50 documents), and closing the dialog drops it, so opening it again reads the documents as they are then.
 */
export function ChangePreviewDialog({ parserId, change, onClose }: { parserId: string; change: PreviewChange; onClose: () => void }) {
  const preview = useQuery({
    queryKey: parserPreviewKeys.preview(parserId, change),
    queryFn: async () => {
      const result = await previewChangeAction(parserId, change);
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Preview on approved documents</DialogTitle>
          <DialogDescription>The parser reads its most recently approved documents again with your unsaved change. Nothing is saved.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto" aria-live="polite" aria-busy={preview.isPending}>
          {preview.isPending ? (
            <p className="flex items-center gap-2 py-6 text-muted">
              <Spinner size="sm" label="Reading" /> Reading the approved documents again (up to 90 seconds)…
            </p>
          ) : preview.isError ? (
            <p role="alert" className="py-4 font-medium text-danger">
              {preview.error.message || "The preview could not run."}
            </p>
          ) : (
            <PreviewResult preview={preview.data} />
          )}
        </div>
        <DialogFooter>
          {preview.isError ? (
            <Button variant="ghost" className="mr-auto" loading={preview.isFetching} onClick={() => void preview.refetch()}>
              Try again
            </Button>
          ) : null}
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
