"use client";

import { useState, type FormEvent } from "react";
import type { DocumentQuery } from "@/components/documents/documents-table";
import { Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui";
import type { ExportFormat } from "@/lib/contracts/exports";
import { downloadExport, formatBytes } from "./download-export";
import { exportBody, type Scope } from "./export-body";

/** Spreadsheets first: most people export to open the data in one. */
const FORMATS: Record<ExportFormat, { label: string; hint: string }> = {
  xlsx: { label: "Excel (XLSX)", hint: "A sheet of documents and one per table, with typed cells" },
  csv: { label: "CSV", hint: "One row per document, plus one per table line item" },
  json: { label: "JSON", hint: "Documents with their metadata and data" },
  xml: { label: "XML", hint: "The same as JSON, as XML" },
};

/**
 * Export from the documents list: a format, the selected documents or everything the current filters match (all
 * pages, not just the one shown), and optionally where each value came from. The file downloads when it is ready.
 */
export function ExportDialog({ parserId, query, selectedIds, onDone }: { parserId: string; query: DocumentQuery; selectedIds: readonly string[]; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>("xlsx");
  const [scope, setScope] = useState<Scope>("filters");
  const [includeSources, setIncludeSources] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const effectiveScope: Scope = selectedIds.length === 0 ? "filters" : scope;

  function openChange(next: boolean) {
    if (progress !== null) return; // keep it open while the download runs
    if (next) {
      setScope(selectedIds.length > 0 ? "selected" : "filters");
      setError(null);
    }
    setOpen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setProgress(0);
    try {
      const body = exportBody({ format, includeSources, scope: effectiveScope, query, selectedIds });
      const file = await downloadExport(parserId, body, ({ bytes }) => setProgress(bytes));
      setOpen(false);
      onDone(`${file.fileName} (${formatBytes(file.bytes)})`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The export failed");
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          Export
        </Button>
      </DialogTrigger>
      <DialogContent size="md">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Export data</DialogTitle>
            <DialogDescription>Download the extracted data of this parser&apos;s documents.</DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Format</legend>
            {(Object.keys(FORMATS) as ExportFormat[]).map((value) => (
              <label key={value} className="flex items-start gap-2">
                <input type="radio" name="export-format" value={value} checked={format === value} onChange={() => setFormat(value)} className="mt-0.5" />
                <span>
                  {FORMATS[value].label} <span className="text-muted">— {FORMATS[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Documents</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="export-scope" checked={effectiveScope === "selected"} disabled={selectedIds.length === 0} onChange={() => setScope("selected")} />
              <span className={selectedIds.length === 0 ? "text-muted" : undefined}>
                Selected documents ({selectedIds.length})
              </span>
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="export-scope" checked={effectiveScope === "filters"} onChange={() => setScope("filters")} />
              All documents matching the current folder, search and filters
            </label>
          </fieldset>
          <Checkbox
            label="Include sources"
            description="For every value also its confidence, page and position on the page"
            checked={includeSources}
            onChange={(event) => setIncludeSources(event.target.checked)}
          />
          {error ? (
            <p role="alert" className="text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            {progress !== null ? (
              <span role="status" className="mr-auto self-center text-muted">
                {progress > 0 ? `Downloading… ${formatBytes(progress)}` : "Preparing the export…"}
              </span>
            ) : null}
            <Button variant="secondary" disabled={progress !== null} onClick={() => openChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={progress !== null}>
              Export
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
