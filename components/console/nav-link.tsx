"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn("block rounded-md px-2 py-1.5 text-ink hover:bg-subtle", active && "bg-accent-soft font-medium text-accent hover:bg-accent-soft")}
    >
      {children}
    </Link>
  );
}
