import type { DocumentQuery } from "@/components/documents/documents-table";
import type { ExportFormat, ExportRequestInput } from "@/lib/contracts/exports";

export type Scope = "selected" | "filters";

/**
 * The export request for what the dialog chose. "Current filters" is the list's own query without its page, so
 * the file holds every page the list would show; "selected" is those ids in the list's order.
 */
export function exportBody(input: { format: ExportFormat; includeSources: boolean; scope: Scope; query: DocumentQuery; selectedIds: readonly string[] }): ExportRequestInput {
  const base = { format: input.format, includeSources: input.includeSources, sort: input.query.sort };
  if (input.scope === "selected") return { ...base, documentIds: [...input.selectedIds] };
  const { page: _page, ...filters } = input.query;
  const present = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
  return { ...base, ...present };
}
