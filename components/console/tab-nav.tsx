"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils/cn";

/** Section tabs as links (each tab is a page), with the current one marked for assistive technology. */
export function TabNav({ label, tabs }: { label: string; tabs: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mb-6 border-b border-line">
      {/* Tabs wrap onto a second line on a narrow screen rather than push the page sideways. */}
      <ul className="-mb-px flex flex-wrap gap-x-4 gap-y-1">
        {tabs.map((tab) => {
          const active = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? "page" : undefined}
                className={cn("block border-b-2 px-1 pb-2 text-muted hover:text-ink", active ? "border-accent font-medium text-ink" : "border-transparent")}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
