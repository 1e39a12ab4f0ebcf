"use client";

import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Button, useToast } from "@/components/ui";
import { cn } from "@/lib/utils/cn";
import type { FolderActionResult, FolderTreeActions } from "./folder-actions";
import { FolderDeleteDialog } from "./folder-delete-dialog";
import { FolderFormDialog } from "./folder-form-dialog";
import { FolderMoveDialog } from "./folder-move-dialog";
import { FolderRowMenu } from "./folder-row-menu";
import { buildFolderTree, descendantIds, moveTargets, visibleRows, type FolderNode, type FolderNodeData } from "./folder-tree-model";

type Dialog =
  | { kind: "create"; parentId: string | null }
  | { kind: "rename"; folder: FolderNode }
  | { kind: "move"; folder: FolderNode }
  | { kind: "delete"; folder: FolderNode }
  | null;

export type FolderTreeProps = {
  folders: FolderNodeData[];
  totalDocuments: number;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Null for people who may only browse. */
  actions: FolderTreeActions | null;
};

const ALL = "__all__";

/**
 * The folder tree beside the document list (WAI-ARIA tree pattern): arrow keys move and expand, Enter
 * selects, F2 renames, Delete deletes, Shift+F10 opens the row's menu; folders move by drag and drop or by
 * "Move to…" for keyboard users.
 */
export function FolderTree({ folders, totalDocuments, selectedId, onSelect, actions }: FolderTreeProps) {
  const roots = useMemo(() => buildFolderTree(folders), [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focusId, setFocusId] = useState<string>(selectedId ?? ALL);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const { toast } = useToast();

  const rows = visibleRows(roots, expanded);
  const order = [ALL, ...rows.map((row) => row.node.id)];
  const blocked = dragging ? descendantIds(folders, dragging) : new Set<string>();

  const focus = (id: string) => {
    setFocusId(id);
    itemRefs.current.get(id)?.focus();
  };
  const toggle = (id: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  async function run(action: Promise<FolderActionResult>, success: string): Promise<FolderActionResult> {
    const result = await action;
    if (result.ok) toast({ title: success, tone: "success" });
    return result;
  }

  function onKeyDown(event: KeyboardEvent, id: string) {
    const index = order.indexOf(id);
    const row = rows.find((candidate) => candidate.node.id === id);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case "ArrowDown":
        handled();
        if (index < order.length - 1) focus(order[index + 1]!);
        break;
      case "ArrowUp":
        handled();
        if (index > 0) focus(order[index - 1]!);
        break;
      case "Home":
        handled();
        focus(ALL);
        break;
      case "End":
        handled();
        focus(order[order.length - 1]!);
        break;
      case "ArrowRight":
        handled();
        if (row && row.node.children.length > 0) {
          if (!expanded.has(id)) toggle(id, true);
          else focus(row.node.children[0]!.id);
        }
        break;
      case "ArrowLeft":
        handled();
        if (row && expanded.has(id)) toggle(id, false);
        else if (row) focus(row.parentId ?? ALL);
        break;
      case "Enter":
      case " ":
        handled();
        onSelect(id === ALL ? null : id);
        break;
      case "F2":
        if (row && actions) {
          handled();
          setDialog({ kind: "rename", folder: row.node });
        }
        break;
      case "Delete":
        if (row && actions) {
          handled();
          setDialog({ kind: "delete", folder: row.node });
        }
        break;
      case "ContextMenu":
      case "F10":
        if (row && actions && (event.key === "ContextMenu" || event.shiftKey)) {
          handled();
          setMenuFor(id);
        }
        break;
    }
  }

  function dropProps(targetId: string | null) {
    const key = targetId ?? ALL;
    return {
      onDragOver: (event: DragEvent) => {
        if (!dragging || (targetId && blocked.has(targetId))) return;
        event.preventDefault();
        setDropTarget(key);
      },
      onDragLeave: () => setDropTarget((current) => (current === key ? null : current)),
      onDrop: async (event: DragEvent) => {
        event.preventDefault();
        const id = dragging;
        setDragging(null);
        setDropTarget(null);
        const moving = folders.find((folder) => folder.id === id);
        if (!actions || !moving || moving.parentId === targetId) return;
        const result = await run(actions.move(moving.id, targetId), `Moved “${moving.name}”`);
        if (!result.ok) toast({ title: "Could not move the folder", description: result.message, tone: "error" });
        else if (targetId) toggle(targetId, true);
      },
    };
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-medium uppercase tracking-wide text-muted">Folders</h2>
        {actions ? (
          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "create", parentId: null })}>
            New folder
          </Button>
        ) : null}
      </div>
      <ul role="tree" aria-label="Folders" className="flex flex-col gap-0.5">
        <li
          role="treeitem"
          aria-level={1}
          aria-selected={selectedId === null}
          tabIndex={focusId === ALL ? 0 : -1}
          ref={(element) => void (element ? itemRefs.current.set(ALL, element) : itemRefs.current.delete(ALL))}
          onKeyDown={(event) => onKeyDown(event, ALL)}
          onClick={() => onSelect(null)}
          onFocus={() => setFocusId(ALL)}
          {...dropProps(null)}
          className={cn(rowClass(selectedId === null), dropTarget === ALL && "ring-2 ring-accent")}
        >
          <span className="flex-1 truncate">All documents</span>
          <span className="text-xs text-muted">{totalDocuments}</span>
        </li>
        {rows.map(({ node, level }) => {
          const isOpen = expanded.has(node.id);
          return (
            <li
              key={node.id}
              role="treeitem"
              aria-level={level + 1}
              aria-expanded={node.children.length > 0 ? isOpen : undefined}
              aria-selected={selectedId === node.id}
              aria-label={`${node.name}, ${node.documentCount} documents`}
              tabIndex={focusId === node.id ? 0 : -1}
              ref={(element) => void (element ? itemRefs.current.set(node.id, element) : itemRefs.current.delete(node.id))}
              draggable={Boolean(actions)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", node.id);
                setDragging(node.id);
              }}
              onDragEnd={() => {
                setDragging(null);
                setDropTarget(null);
              }}
              onKeyDown={(event) => onKeyDown(event, node.id)}
              onClick={() => onSelect(node.id)}
              onFocus={() => setFocusId(node.id)}
              {...dropProps(node.id)}
              style={{ paddingLeft: `${level * 14}px` }}
              className={cn(rowClass(selectedId === node.id), dropTarget === node.id && "ring-2 ring-accent", dragging === node.id && "opacity-50")}
            >
              <span
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  toggle(node.id);
                }}
                className={cn("w-4 text-center text-muted", node.children.length === 0 && "invisible")}
              >
                {isOpen ? "▾" : "▸"}
              </span>
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full border border-line-strong" style={node.color ? { backgroundColor: node.color, borderColor: node.color } : undefined} />
              <span className="flex-1 truncate">{node.name}</span>
              <span className="text-xs text-muted" title={`${node.directDocumentCount} directly in this folder`}>
                {node.documentCount}
              </span>
              {actions ? (
                <FolderRowMenu
                  folderName={node.name}
                  open={menuFor === node.id}
                  onOpenChange={(open) => setMenuFor(open ? node.id : null)}
                  onNewSubfolder={() => setDialog({ kind: "create", parentId: node.id })}
                  onRename={() => setDialog({ kind: "rename", folder: node })}
                  onMove={() => setDialog({ kind: "move", folder: node })}
                  onDelete={() => setDialog({ kind: "delete", folder: node })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {roots.length === 0 ? <p className="px-2 text-xs text-muted">No folders yet.</p> : null}

      {actions && dialog?.kind === "create" ? (
        <FolderFormDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={dialog.parentId ? "New subfolder" : "New folder"}
          description={dialog.parentId ? `Inside “${folders.find((folder) => folder.id === dialog.parentId)?.pathLabel ?? ""}”.` : undefined}
          submitLabel="Create folder"
          onSubmit={async (values) => {
            const result = await run(actions.create({ ...values, parentId: dialog.parentId }), `Created “${values.name}”`);
            if (result.ok && dialog.parentId) toggle(dialog.parentId, true);
            return result;
          }}
        />
      ) : null}
      {actions && dialog?.kind === "rename" ? (
        <FolderFormDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={`Edit “${dialog.folder.name}”`}
          submitLabel="Save"
          initialName={dialog.folder.name}
          initialColor={dialog.folder.color}
          onSubmit={async (values) => {
            const folder = dialog.folder;
            if (values.name !== folder.name) {
              const renamed = await actions.rename(folder.id, values.name);
              if (!renamed.ok) return renamed;
            }
            if (values.color !== folder.color) {
              const recolored = await actions.recolor(folder.id, values.color);
              if (!recolored.ok) return recolored;
            }
            toast({ title: "Folder saved", tone: "success" });
            return { ok: true };
          }}
        />
      ) : null}
      {actions && dialog?.kind === "move" ? (
        <FolderMoveDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          folderName={dialog.folder.name}
          targets={moveTargets(folders, dialog.folder.id)}
          onMove={(parentId) => run(actions.move(dialog.folder.id, parentId), `Moved “${dialog.folder.name}”`)}
        />
      ) : null}
      {actions && dialog?.kind === "delete" ? (
        <FolderDeleteDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          folderName={dialog.folder.name}
          documentCount={dialog.folder.documentCount}
          subfolderCount={descendantIds(folders, dialog.folder.id).size - 1}
          onDelete={async (deleteDocuments) => {
            const result = await run(actions.remove(dialog.folder.id, deleteDocuments), `Deleted “${dialog.folder.name}”`);
            if (result.ok && selectedId && descendantIds(folders, dialog.folder.id).has(selectedId)) onSelect(null);
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

function rowClass(selected: boolean) {
  return cn(
    "group flex cursor-pointer items-center gap-1.5 rounded-md py-1 pr-1 pl-2 outline-none hover:bg-subtle focus-visible:ring-2 focus-visible:ring-focus",
    selected && "bg-accent-soft font-medium text-accent hover:bg-accent-soft",
  );
}
