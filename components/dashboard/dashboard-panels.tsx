import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from "@/components/ui";
import type { Dashboard } from "@/lib/contracts/usage";
import { shortDay } from "./chart-scale";
import { StatusTiles } from "./status-tiles";
import { UsageChart } from "./usage-chart";

const number = (value: number) => value.toLocaleString("en-US");

/** The home page's team overview: documents by status, the caller's review queue, and 30 days of usage. */
export function DashboardPanels({ dashboard }: { dashboard: Dashboard }) {
  const { usage } = dashboard;
  const hasUsage = usage.totals.documents > 0 || usage.totals.pages > 0 || usage.totals.credits > 0;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle as="h2">Documents by status</CardTitle>
        </CardHeader>
        <CardContent>
          <StatusTiles byStatus={dashboard.documents.byStatus} total={dashboard.documents.total} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">My review queue</CardTitle>
          <CardDescription>Documents in review assigned to you</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-3xl font-semibold tabular-nums">{number(dashboard.myReviewQueue)}</p>
          <p className="mt-1 text-sm text-muted">{dashboard.myReviewQueue === 0 ? "Nothing waiting for you." : dashboard.myReviewQueue === 1 ? "1 document waits for your review." : `${number(dashboard.myReviewQueue)} documents wait for your review.`}</p>
        </CardContent>
      </Card>
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle as="h2">Usage, last 30 days</CardTitle>
          <CardDescription>
            {shortDay(usage.from)} – {shortDay(usage.to)} (UTC) · {number(usage.totals.documents)} documents · {number(usage.totals.pages)} pages · {number(usage.totals.credits)} credits
          </CardDescription>
        </CardHeader>
        <CardContent>
          {hasUsage ? (
            <UsageChart days={usage.days} />
          ) : (
            <EmptyState
              headingLevel={3}
              title="No usage yet"
              description="Pages and credits appear here once documents have been processed. Upload a document to one of your parsers to get started."
              action={
                <Link href="/parsers" className="text-sm text-accent hover:underline">
                  Go to parsers →
                </Link>
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
