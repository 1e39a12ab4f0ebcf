import Link from "next/link";
import type { ReactNode } from "react";
import { ParserChrome } from "@/components/console/parser-chrome";
import { TabNav } from "@/components/console/tab-nav";
import { Badge } from "@/components/ui";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";

export default async function ParserLayout({ children, params }: { children: ReactNode; params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  const base = `/parsers/${parser.id}`;
  const tabs = [
    { href: `${base}/documents`, label: "Documents" },
    { href: `${base}/fields`, label: "Fields" },
    ...(hasPermission(me, "reviews.read") ? [{ href: `${base}/review-stages`, label: "Review stages" }] : []),
    ...(hasPermission(me, "webhooks.read") ? [{ href: `${base}/webhooks`, label: "Webhooks" }] : []),
    { href: `${base}/accuracy`, label: "Accuracy" },
    ...(hasPermission(me, "parsers.write") ? [{ href: `${base}/settings`, label: "Settings" }] : []),
  ];
  return (
    <>
      <ParserChrome>
      <p className="mb-1 text-xs text-muted">
        <Link href="/parsers" className="hover:text-ink">
          Parsers
        </Link>{" "}
        /
      </p>
      <div className="mb-4 flex items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{parser.name}</h1>
        {!parser.isActive ? <Badge tone="warning">Archived</Badge> : null}
      </div>
      <TabNav label="Parser sections" tabs={tabs} />
      </ParserChrome>
      {children}
    </>
  );
}
