import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { WebhookFormDialog } from "./_components/webhook-form-dialog";
import { WebhooksTable } from "./_components/webhooks-table";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  if (!hasPermission(me, "webhooks.read")) {
    return <p className="text-muted">Your role in {me.team.name} cannot read webhooks. Ask an admin of the team if you need access.</p>;
  }
  const canWrite = hasPermission(me, "webhooks.write");
  const { data: webhooks } = await (await consoleApi()).call(webhookOperations.list, { params: { parserId: parser.id } });
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Quarry POSTs a signed JSON event (Standard Webhooks) to these URLs when a document of this parser is processed, fails, is skipped, enters review, or is approved or rejected. Failed deliveries are retried with backoff for about a day."
        actions={canWrite ? <WebhookFormDialog parserId={parser.id} /> : undefined}
      />
      <WebhooksTable parserId={parser.id} webhooks={webhooks} canWrite={canWrite} />
    </>
  );
}
