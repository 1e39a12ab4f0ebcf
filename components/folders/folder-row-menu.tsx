"use client";

import { useEffect, useId, useRef } from "react";
import { cn } from "@/lib/utils/cn";

/** A folder's actions behind one button (menu button pattern), so the row stays quiet until needed. */
export function FolderRowMenu({
  folderName,
  open,
  onOpenChange,
  onNewSubfolder,
  onRename,
  onMove,
  onDelete,
}: {
  folderName: string;
  /** Controlled by the tree, so Shift+F10 on a row can open it. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewSubfolder: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const setOpen = onOpenChange;
  const menuId = useId();
  const containerRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    containerRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const close = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open, setOpen]);

  const items = [
    { label: "New subfolder", run: onNewSubfolder },
    { label: "Rename or colour…", run: onRename },
    { label: "Move to…", run: onMove },
    { label: "Delete…", run: onDelete, danger: true },
  ];

  return (
    <span ref={containerRef} className="relative" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Actions for ${folderName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={-1}
        onClick={() => setOpen(!open)}
        className="rounded px-1 text-muted opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 hover:bg-line focus-visible:opacity-100 aria-expanded:opacity-100"
      >
        ⋯
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={`Actions for ${folderName}`}
          className="absolute right-0 z-20 mt-1 flex w-44 flex-col rounded-md border border-line bg-surface py-1 text-ink shadow-lg"
          onKeyDown={(event) => {
            const buttons = [...(containerRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
            const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
            if (event.key === "Escape" || event.key === "Tab") {
              setOpen(false);
              (buttonRef.current?.closest('[role="treeitem"]') as HTMLElement | null)?.focus();
            } else if (event.key === "ArrowDown") {
              event.preventDefault();
              buttons[(index + 1) % buttons.length]?.focus();
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
            }
          }}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                item.run();
              }}
              className={cn("px-3 py-1.5 text-left font-normal hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-none", item.danger && "text-danger")}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
