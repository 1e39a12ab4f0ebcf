"use client";

import { usePathname, useRouter } from "next/navigation";
import { useMemo } from "react";
import type { FolderActionResult, FolderTreeActions } from "@/components/folders/folder-actions";
import { FolderTree } from "@/components/folders/folder-tree";
import { EmptyState } from "@/components/ui";
import type { ActionResult } from "@/lib/actions/result";
import type { Folder } from "@/lib/contracts/folders";
import { createFolderAction, deleteFolderAction, updateFolderAction } from "./actions";

function toTreeResult<T>(result: ActionResult<T>): FolderActionResult {
  return result.ok ? { ok: true } : { ok: false, message: result.error.message };
}

/** The folder tree beside the parser's documents; the selected folder lives in the URL (?folder=). */
export function DocumentsWorkspace({
  parserId,
  folders,
  totalDocuments,
  selectedFolderId,
  canManageFolders,
}: {
  parserId: string;
  folders: Folder[];
  totalDocuments: number;
  selectedFolderId: string | null;
  canManageFolders: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const selected = folders.find((folder) => folder.id === selectedFolderId) ?? null;

  const actions = useMemo<FolderTreeActions | null>(() => {
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

  return (
    <div className="grid grid-cols-[16rem_1fr] gap-6">
      <aside aria-label="Folders" className="rounded-lg border border-line bg-surface p-3">
        <FolderTree
          folders={folders}
          totalDocuments={totalDocuments}
          selectedId={selectedFolderId}
          onSelect={(id) => router.push(id ? `${pathname}?folder=${id}` : pathname)}
          actions={actions}
        />
      </aside>
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="mb-3 text-base font-semibold">
          {selected ? selected.pathLabel : "All documents"}
        </h2>
        {(selected ? selected.documentCount : totalDocuments) === 0 ? (
          <EmptyState
            title={selected ? "No documents in this folder" : "No documents yet"}
            description="Documents appear here once they are uploaded to this parser."
          />
        ) : (
          <p className="text-muted">{selected ? selected.documentCount : totalDocuments} documents</p>
        )}
      </section>
    </div>
  );
}
