"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Checkbox, EmptyState, ErrorState, Spinner, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import { ListValueText } from "@/components/review-queue/list-value-cells";
import { documentOperations, type SearchDocuments, type SearchHit } from "@/lib/contracts/documents";
import { browserApi } from "@/lib/console/browser-api";
import { formatRelative } from "@/lib/utils/format-date";
import { DocumentStatusBadge, IN_FLIGHT } from "./document-status-badge";
import { MatchSnippetText } from "./match-snippet-text";

export type DocumentQuery = Pick<SearchDocuments, "q" | "status" | "sort" | "page" | "assigneeId" | "reviewStageId" | "createdFrom" | "createdTo"> & { folderId?: string };

export const documentKeys = {
  search: (parserId: string, query: DocumentQuery, columns: readonly string[] = []) => ["documents", parserId, query, columns] as const,
};

/**
 * The parser's documents for the current filters, searched over names and extracted values, with the chosen
 * fields' values as columns and, for a search, what matched. While any row is still on its way (uploading,
 * queued, processing) it polls every two seconds; when nothing is, it stops. Under 768 px the less needed columns
 * fold away (status and values stay with the name).
 */
export function DocumentsTable({
  parserId,
  query,
  columns = [],
  selected,
  onSelectedChange,
  onPage,
}: {
  parserId: string;
  query: DocumentQuery;
  columns?: readonly string[];
  selected: ReadonlySet<string>;
  onSelectedChange: (ids: Set<string>) => void;
  onPage: (page: number) => void;
}) {
  const result = useQuery({
    queryKey: documentKeys.search(parserId, query, columns),
    queryFn: async () =>
      (await browserApi()).call(documentOperations.search, {
        params: { parserId },
        body: { ...query, limit: 50, ...(columns.length > 0 ? { fields: [...columns] } : {}), ...(query.q ? { snippets: true } : {}) },
      }),
    refetchInterval: (current) => (current.state.data?.data.some((row) => IN_FLIGHT.includes(row.status)) ? 2_000 : false),
  });

  if (result.isPending) {
    return (
      <p className="flex items-center gap-2 py-8 text-muted">
        <Spinner label={null} /> Loading documents…
      </p>
    );
  }
  if (result.isError) return <ErrorState title="Documents could not be loaded" message={result.error.message} onRetry={() => void result.refetch()} />;
  const { data: rows, pagination } = result.data;
  if (rows.length === 0) {
    const filtered = Boolean(query.q || query.status || query.assigneeId || query.reviewStageId || query.createdFrom || query.createdTo);
    return <EmptyState title={filtered || query.folderId ? "No document matches" : "No documents yet"} description={filtered ? "Change the search or the filters." : "Drop files above to upload them."} />;
  }

  const allSelected = rows.every((row) => selected.has(row.id));
  const toggle = (row: SearchHit) => {
    const next = new Set(selected);
    if (next.has(row.id)) next.delete(row.id);
    else next.add(row.id);
    onSelectedChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <Table>
        <TableCaption srOnly>Documents</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <Checkbox aria-label="Select all documents on this page" checked={allSelected} onChange={() => onSelectedChange(allSelected ? new Set() : new Set(rows.map((row) => row.id)))} />
            </TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Status</TableHead>
            {columns.map((field) => (
              <TableHead key={field} className="hidden md:table-cell">
                {field}
              </TableHead>
            ))}
            <TableHead className="hidden lg:table-cell">Pages</TableHead>
            <TableHead className="hidden lg:table-cell">External ID</TableHead>
            <TableHead className="hidden sm:table-cell">Added</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} aria-selected={selected.has(row.id)}>
              <TableCell>
                <Checkbox aria-label={`Select ${row.name}`} checked={selected.has(row.id)} onChange={() => toggle(row)} />
              </TableCell>
              <TableCell>
                <Link href={`/parsers/${parserId}/documents/${row.id}`} className="font-medium break-all text-accent hover:underline">
                  {row.name}
                </Link>
                {row.match ? <MatchSnippetText match={row.match} /> : null}
                {row.values && row.values.length > 0 ? (
                  <span className="mt-0.5 block text-xs text-muted md:hidden">
                    {row.values.map((item) => `${item.field}: ${item.value ?? "–"}`).join(" · ")}
                  </span>
                ) : null}
              </TableCell>
              <TableCell>
                <DocumentStatusBadge status={row.status} />
              </TableCell>
              {columns.map((field) => (
                <TableCell key={field} className="hidden md:table-cell">
                  <ListValueText value={row.values?.find((item) => item.field === field)?.value} />
                </TableCell>
              ))}
              <TableCell className="hidden lg:table-cell">{row.pageCount || "–"}</TableCell>
              <TableCell className="hidden text-muted lg:table-cell">{row.externalId ?? "–"}</TableCell>
              <TableCell className="hidden text-muted sm:table-cell">{formatRelative(row.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-end gap-2 text-muted">
          <button type="button" className="hover:text-ink disabled:opacity-40" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
            Previous
          </button>
          <span>
            Page {pagination.page} of {pagination.pageCount} · {pagination.total} documents
          </span>
          <button type="button" className="hover:text-ink disabled:opacity-40" disabled={pagination.page >= pagination.pageCount} onClick={() => onPage(pagination.page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
