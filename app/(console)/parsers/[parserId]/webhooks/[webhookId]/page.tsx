import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui";
import { ApiError } from "@/lib/console/api/client";
import { consoleApi } from "@/lib/console/api/console";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { WebhookStatus } from "../_components/webhooks-table";
import { DeliveriesTable } from "./_components/deliveries-table";
import { SendTestButton } from "./_components/send-test-button";

export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function WebhookPage({ params }: { params: Promise<{ parserId: string; webhookId: string }> }) {
  const { parserId, webhookId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  if (!hasPermission(me, "webhooks.read")) {
    return <p className="text-muted">Your role in {me.team.name} cannot read webhooks. Ask an admin of the team if you need access.</p>;
  }
  const api = await consoleApi();
  const ids = { parserId: parser.id, webhookId };
  const [webhook, deliveries] = await Promise.all([
    api.call(webhookOperations.get, { params: ids }),
    api.call(webhookOperations.deliveries, { params: ids, query: { limit: 50 } }),
  ]).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const canWrite = hasPermission(me, "webhooks.write");
  return (
    <>
      <p className="mb-1 text-xs text-muted">
        <Link href={`/parsers/${parser.id}/webhooks`} className="hover:text-ink">
          Webhooks
        </Link>{" "}
        /
      </p>
      <PageHeader
        title={<code className="text-base">{webhook.url}</code>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <WebhookStatus webhook={webhook} />
            {webhook.description}
            {webhook.disabledReason ? <span className="text-danger">{webhook.disabledReason}</span> : null}
          </span>
        }
        actions={canWrite ? <SendTestButton parserId={parser.id} webhookId={webhook.id} /> : undefined}
      />
      <h2 className="mb-2 text-base font-semibold">Delivery log</h2>
      <DeliveriesTable parserId={parser.id} webhookId={webhook.id} deliveries={deliveries.data} canWrite={canWrite} />
    </>
  );
}
