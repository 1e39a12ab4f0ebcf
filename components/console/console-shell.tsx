import { Suspense, type ReactNode } from "react";
import { signOutAction } from "@/lib/auth/sign-out";
import { Badge, Button } from "@/components/ui";
import type { Me } from "@/lib/contracts/session";
import { ReviewQueueCount } from "@/components/review-queue/review-queue-count";
import { InvitationsBanner } from "./invitations-banner";
import { NavLink } from "./nav-link";
import { ShellFrame } from "./shell-frame";
import { TeamSwitcher } from "./team-switcher";

type NavItem = { href: string; label: string; permission?: string; badge?: ReactNode };

/** What each role sees; the API enforces the same rules, this only hides what would be refused. */
const NAV: { heading: string; items: NavItem[] }[] = [
  {
    heading: "Workspace",
    items: [
      { href: "/", label: "Overview" },
      { href: "/parsers", label: "Parsers", permission: "parsers.read" },
      {
        href: "/review",
        label: "Review",
        permission: "reviews.read",
        badge: (
          <Suspense fallback={null}>
            <ReviewQueueCount />
          </Suspense>
        ),
      },
      { href: "/classifiers", label: "Classifiers", permission: "classifiers.read" },
    ],
  },
  {
    heading: "Settings",
    items: [
      { href: "/settings/api-keys", label: "API keys", permission: "apiKeys.write" },
      { href: "/settings/members", label: "Members", permission: "members.manage" },
      { href: "/settings/connections", label: "Connections" },
      { href: "/settings/account", label: "Account" },
    ],
  },
  { heading: "Developers", items: [{ href: "/api-reference", label: "API reference" }] },
];

const REGION_LABEL = { us: "US region", eu: "EU region" } as const;

export function ConsoleShell({ me, children }: { me: Me; children: ReactNode }) {
  const sidebar = (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <span className="text-base font-semibold tracking-tight">Quarry</span>
        <Badge tone="accent" aria-label={`Data hosted in the ${REGION_LABEL[me.team.region]}`}>
          {me.team.region.toUpperCase()}
        </Badge>
      </div>
      <div className="border-b border-line p-3">
        <TeamSwitcher teams={me.teams} currentTeamId={me.team.id} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        {NAV.map((section) => {
          const items = section.items.filter((item) => !item.permission || me.permissions.includes(item.permission));
          if (items.length === 0) return null;
          return (
            <div key={section.heading} className="mb-4">
              <p className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-muted">{section.heading}</p>
              <ul className="flex flex-col gap-0.5">
                {items.map((item) => (
                  <li key={item.href}>
                    <NavLink href={item.href}>
                      {item.badge ? (
                        <span className="flex items-center justify-between gap-2">
                          {item.label}
                          {item.badge}
                        </span>
                      ) : (
                        item.label
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="border-t border-line p-3">
        <p className="truncate font-medium" title={me.user.email}>
          {me.user.name || me.user.email}
        </p>
        <p className="mb-2 truncate text-xs text-muted">
          {me.user.email} · <span className="capitalize">{me.role}</span>
        </p>
        <form action={signOutAction}>
          <Button type="submit" variant="secondary" size="sm" className="w-full">
            Sign out
          </Button>
        </form>
      </div>
    </>
  );
  return (
    <ShellFrame
      sidebar={sidebar}
      banner={
        <Suspense fallback={null}>
          <InvitationsBanner />
        </Suspense>
      }
    >
      {children}
    </ShellFrame>
  );
}
