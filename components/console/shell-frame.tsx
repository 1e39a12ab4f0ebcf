"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { isFocusRoute } from "./focus-route";

/**
 * Where the navigation goes. Wide screens keep the sidebar; under 1024 px, and on the review workspace at any
 * width (a focus screen that needs every pixel), it collapses to a bar whose Menu button opens it as a drawer.
 */
export function ShellFrame({ sidebar, banner, children }: { sidebar: ReactNode; banner: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const focus = isFocusRoute(pathname);
  // The drawer is open on the page it was opened on: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  return (
    // The focus screen is exactly the viewport from 768 px, so each of its panes scrolls on its own: with only a
    // minimum height, the content's flex basis follows the content and the whole page grew past the viewport (the
    // wide line-item grid ended up below the fold at 1280×720).
    <div className={cn("flex min-h-dvh flex-col", !focus && "lg:flex-row", focus && "md:h-dvh")}>
      <aside aria-label="Console" className={cn("hidden w-60 shrink-0 flex-col border-r border-line bg-surface", !focus && "lg:flex")}>
        {sidebar}
      </aside>
      {/* A landmark of its own (the banner), so every part of the page is in one. */}
      <header className={cn("flex h-11 shrink-0 items-center gap-3 border-b border-line bg-surface px-3", !focus && "lg:hidden")}>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Trigger className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-sm font-medium hover:bg-subtle">
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="size-4">
              <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
            Menu
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-line bg-surface text-sm text-ink shadow-lg">
              <DialogPrimitive.Title className="sr-only">Console menu</DialogPrimitive.Title>
              <DialogPrimitive.Description className="sr-only">Navigation, team and account</DialogPrimitive.Description>
              {sidebar}
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <Link href="/" className="text-sm font-semibold tracking-tight">
          Quarry
        </Link>
      </header>
      <div className={cn("flex min-w-0 flex-1 flex-col", focus && "md:h-[calc(100dvh-2.75rem)] md:min-h-0")}>
        {focus ? null : banner}
        <main className={focus ? "flex min-h-0 flex-1 flex-col" : "mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-8"}>{children}</main>
      </div>
    </div>
  );
}
