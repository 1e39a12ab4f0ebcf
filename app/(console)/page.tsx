import type { Metadata } from "next";
import Link from "next/link";
import { DashboardPanels } from "@/components/dashboard/dashboard-panels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { ApiError } from "@/lib/console/api/client";
import { getMe, hasPermission } from "@/lib/console/me";
import { usageOperations, type Dashboard } from "@/lib/contracts/usage";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const me = await getMe();
  const api = await consoleApi();
  // The overview still shows its links when the numbers cannot be loaded; only an API error is softened this way.
  const dashboard: Dashboard | ApiError = await api.call(usageOperations.dashboard, {}).catch((error: unknown) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
  const firstName = (me.user.name || me.user.email).split(" ")[0];
  const cards = [
    hasPermission(me, "apiKeys.write") && {
      href: "/settings/api-keys",
      title: "Connect your systems",
      description: "Create an API key and send documents to Quarry from your own code.",
    },
    hasPermission(me, "members.manage") && {
      href: "/settings/members",
      title: "Invite your team",
      description: "Add admins, members and reviewers, and choose what each of them can do.",
    },
    { href: "/api-reference", title: "Read the API reference", description: "Every endpoint, its inputs, outputs and errors, generated from the same contracts the server uses." },
  ].filter((card): card is { href: string; title: string; description: string } => Boolean(card));

  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} description={`You are working in ${me.team.name}, hosted in the ${me.team.region.toUpperCase()} region.`} />
      <section aria-label="Team overview" className="mb-6">
        {dashboard instanceof ApiError ? (
          <ErrorState title="The overview could not be loaded" message={dashboard.message} />
        ) : (
          <DashboardPanels dashboard={dashboard} />
        )}
      </section>
      <h2 className="mb-3 text-sm font-semibold text-ink">Get started</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.href}>
            <Link href={card.href} className="block h-full rounded-lg focus-visible:outline-2">
              <Card className="h-full transition-colors hover:border-line-strong">
                <CardHeader>
                  <CardTitle as="h3">{card.title}</CardTitle>
                  <CardDescription>{card.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <span className="text-accent">Open →</span>
                </CardContent>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
