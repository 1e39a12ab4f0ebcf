"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui";
import type { FolderActionResult } from "./folder-actions";

/** Deleting a folder asks what happens to its documents: moved out (the default) or deleted with it. */
export function FolderDeleteDialog({
  open,
  onOpenChange,
  folderName,
  documentCount,
  subfolderCount,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folderName: string;
  documentCount: number;
  subfolderCount: number;
  onDelete: (deleteDocuments: boolean) => Promise<FolderActionResult>;
}) {
  const [deleteDocuments, setDeleteDocuments] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete “${folderName}”?`}
      description={subfolderCount > 0 ? `Its ${subfolderCount} subfolder${subfolderCount === 1 ? "" : "s"} go with it.` : undefined}
      confirmLabel={deleteDocuments ? "Delete folder and documents" : "Delete folder"}
      tone="destructive"
      onConfirm={async () => {
        const result = await onDelete(deleteDocuments);
        if (!result.ok) throw new Error(result.message);
      }}
    >
      {documentCount > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">
            Its {documentCount} document{documentCount === 1 ? "" : "s"}
          </legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="folder-delete-documents" checked={!deleteDocuments} onChange={() => setDeleteDocuments(false)} />
            Keep them (they move out of the folder)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="folder-delete-documents" checked={deleteDocuments} onChange={() => setDeleteDocuments(true)} />
            Delete them too
          </label>
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}
