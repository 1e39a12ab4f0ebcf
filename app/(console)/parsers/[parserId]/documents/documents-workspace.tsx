"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { STATUS_OPTIONS } from "@/components/documents/document-status-badge";
import { DocumentFilters, type FilterOption, type ReviewFilterValues } from "@/components/documents/document-filters";
import { DocumentsTable, type DocumentQuery } from "@/components/documents/documents-table";
import { ImportUrlsDialog } from "@/components/documents/import-urls-dialog";
import { ListColumnsDialog } from "@/components/documents/list-columns-dialog";
import { UploadDropzone } from "@/components/documents/upload-dropzone";
import { ExportDialog } from "@/components/exports/export-dialog";
import type { FolderActionResult, FolderTreeActions } from "@/components/folders/folder-actions";
import { FolderTree } from "@/components/folders/folder-tree";
import { Button, ConfirmDialog, Input, Select, useToast } from "@/components/ui";
import type { ActionResult } from "@/lib/console/action-result";
import type { Folder } from "@/lib/contracts/folders";
import { createFolderAction, deleteFolderAction, updateFolderAction } from "./actions";
import { deleteDocumentsAction, importUrlsAction, moveDocumentsAction, reprocessDocumentsAction, saveListColumnsAction } from "./document-actions";

function toTreeResult<T>(result: ActionResult<T>): FolderActionResult {
  return result.ok ? { ok: true } : { ok: false, message: result.error.message };
}

/** The folder tree beside the parser's documents. Search, filters, folder and page live in the URL. */
export function DocumentsWorkspace({
  parserId,
  folders,
  totalDocuments,
  query,
  filterOptions,
  filterValues,
  canManageFolders,
  canWriteDocuments,
  canExport = false,
  fieldNames,
  initialColumns,
}: {
  parserId: string;
  folders: Folder[];
  totalDocuments: number;
  query: DocumentQuery;
  filterOptions: { reviewers: FilterOption[]; stages: FilterOption[] };
  filterValues: ReviewFilterValues;
  canManageFolders: boolean;
  canWriteDocuments: boolean;
  canExport?: boolean;
  /** The parser's top-level fields, offered as list columns. */
  fieldNames: string[];
  /** The columns this person chose for this parser. */
  initialColumns: string[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState(query.q ?? "");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [columns, setColumns] = useState<string[]>(initialColumns);
  const current = folders.find((folder) => folder.id === query.folderId) ?? null;

  function setParams(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setSelected(new Set());
    router.replace(`${pathname}${next.size ? `?${next}` : ""}`);
  }

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["documents", parserId] });
    router.refresh();
  };

  const folderActions = useMemo<FolderTreeActions | null>(() => {
    if (!canManageFolders) return null;
    const after = async <T,>(pending: Promise<ActionResult<T>>) => {
      const result = toTreeResult(await pending);
      if (result.ok) router.refresh();
      return result;
    };
    return {
      create: (input) => after(createFolderAction(parserId, input)),
      rename: (id, name) => after(updateFolderAction(parserId, id, { name })),
      recolor: (id, color) => after(updateFolderAction(parserId, id, { color })),
      move: (id, parentId) => after(updateFolderAction(parserId, id, { parentId })),
      remove: (id, deleteDocuments) => after(deleteFolderAction(parserId, id, deleteDocuments)),
    };
  }, [canManageFolders, parserId, router]);

  async function bulk<T>(pending: Promise<ActionResult<T>>, success: string) {
    setBusy(true);
    const result = await pending;
    setBusy(false);
    if (result.ok) {
      toast({ title: success, tone: "success" });
      setSelected(new Set());
      refresh();
    } else toast({ title: "That did not work", description: result.error.message, tone: "error" });
  }

  const ids = [...selected];
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label="Folders" className="self-start rounded-lg border border-line bg-surface p-3">
        <FolderTree folders={folders} totalDocuments={totalDocuments} selectedId={query.folderId ?? null} onSelect={(id) => setParams({ folder: id })} actions={folderActions} />
      </aside>
      <section aria-labelledby="documents-heading" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="documents-heading" className="text-base font-semibold">
            {current ? current.pathLabel : "All documents"}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {fieldNames.length > 0 ? (
              <ListColumnsDialog
                fieldNames={fieldNames}
                columns={columns}
                onSave={async (fields) => {
                  const result = await saveListColumnsAction(parserId, fields);
                  if (!result.ok) return result.error.message;
                  setColumns(result.data);
                  return null;
                }}
              />
            ) : null}
            {canExport ? <ExportDialog parserId={parserId} query={query} selectedIds={ids} onDone={(file) => toast({ title: "Export downloaded", description: file, tone: "success" })} /> : null}
            {canWriteDocuments ? (
              <ImportUrlsDialog
                onImport={async (urls) => {
                  const result = await importUrlsAction(parserId, urls, query.folderId ?? null);
                  if (!result.ok) return { ok: false, message: result.error.message };
                  toast({ title: `${result.data} document${result.data === 1 ? "" : "s"} imported`, tone: "success" });
                  refresh();
                  return { ok: true };
                }}
              />
            ) : null}
          </div>
        </div>
        {canWriteDocuments ? <UploadDropzone parserId={parserId} folderId={query.folderId} onUploaded={refresh} /> : null}
        <form
          role="search"
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setParams({ q: search.trim() || null });
          }}
        >
          <Input type="search" aria-label="Search documents" placeholder="Search names and extracted values…" value={search} onChange={(event) => setSearch(event.target.value)} className="max-w-sm" />
          <Select aria-label="Status" value={query.status ?? ""} onChange={(event) => setParams({ status: event.target.value || null })} wrapperClassName="w-40">
            <option value="">Any status</option>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <Select aria-label="Sort" value={query.sort ?? "createdAt.desc"} onChange={(event) => setParams({ sort: event.target.value === "createdAt.desc" ? null : event.target.value })} wrapperClassName="w-44">
            <option value="createdAt.desc">Newest first</option>
            <option value="createdAt.asc">Oldest first</option>
            <option value="updatedAt.desc">Recently updated</option>
            <option value="name.asc">Name A–Z</option>
            <option value="name.desc">Name Z–A</option>
          </Select>
          <Button type="submit" size="sm" variant="secondary">
            Search
          </Button>
        </form>
        <DocumentFilters reviewers={filterOptions.reviewers} stages={filterOptions.stages} values={filterValues} onChange={setParams} />
        {canWriteDocuments && selected.size > 0 ? (
          <div role="toolbar" aria-label="Selected documents" className="flex flex-wrap items-center gap-2 rounded-lg bg-accent-soft px-3 py-2">
            <span className="font-medium">{selected.size} selected</span>
            <Select
              aria-label="Move selected to folder"
              value=""
              disabled={busy}
              onChange={(event) => {
                const target = event.target.value;
                if (target) void bulk(moveDocumentsAction(parserId, ids, target === "none" ? null : target), `Moved ${ids.length} document${ids.length === 1 ? "" : "s"}`);
              }}
              wrapperClassName="w-52"
            >
              <option value="">Move to folder…</option>
              <option value="none">No folder</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.pathLabel}
                </option>
              ))}
            </Select>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void bulk(reprocessDocumentsAction(parserId, ids), "Reprocessing started")}>
              Reprocess
            </Button>
            <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </div>
        ) : null}
        <DocumentsTable parserId={parserId} query={query} columns={columns} selected={selected} onSelectedChange={setSelected} onPage={(page) => setParams({ page: page > 1 ? String(page) : null })} />
      </section>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${selected.size} document${selected.size === 1 ? "" : "s"}?`}
        description="Their files and extracted data are deleted. This cannot be undone."
        confirmLabel="Delete"
        tone="destructive"
        onConfirm={async () => {
          await bulk(deleteDocumentsAction(parserId, ids), `Deleted ${ids.length} document${ids.length === 1 ? "" : "s"}`);
          setConfirmDelete(false);
        }}
      />
    </div>
  );
}
