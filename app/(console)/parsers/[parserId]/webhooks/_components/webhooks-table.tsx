"use client";

import Link from "next/link";
import { useState } from "react";
import { ConfirmActionDialog } from "@/components/console/confirm-action-dialog";
import { Badge, Button, EmptyState, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { Webhook } from "@/lib/contracts/webhooks";
import { LocalTime } from "@/components/console/local-time";
import { deleteWebhookAction, updateWebhookAction } from "../actions";
import { WebhookFormDialog } from "./webhook-form-dialog";

export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  if (webhook.isActive) return webhook.failingSince ? <Badge tone="warning">Failing</Badge> : <Badge tone="success">Active</Badge>;
  return webhook.disabledReason ? (
    <Badge tone="danger" title={webhook.disabledReason}>
      Disabled
    </Badge>
  ) : (
    <Badge>Paused</Badge>
  );
}

export function WebhooksTable({ parserId, webhooks, canWrite }: { parserId: string; webhooks: Webhook[]; canWrite: boolean }) {
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const { toast } = useToast();

  if (webhooks.length === 0) {
    return <EmptyState title="No webhooks yet" description="Add a webhook to tell your systems the moment a document is processed or reviewed." />;
  }

  async function toggle(webhook: Webhook) {
    const result = await updateWebhookAction(parserId, webhook.id, { isActive: !webhook.isActive });
    if (result.ok) toast({ title: webhook.isActive ? "Webhook paused" : "Webhook resumed", tone: "success" });
    else toast({ title: "Could not change the webhook", description: result.error.message, tone: "error" });
  }

  return (
    <>
      <Table>
        <TableCaption srOnly>Webhooks</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>URL</TableHead>
            <TableHead>Events</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id}>
              <TableCell>
                <Link href={`/parsers/${parserId}/webhooks/${webhook.id}`} className="font-medium hover:underline">
                  <code className="text-xs">{webhook.url}</code>
                </Link>
                {webhook.description ? <p className="text-xs text-muted">{webhook.description}</p> : null}
                {webhook.disabledReason ? <p className="text-xs text-danger">{webhook.disabledReason}</p> : null}
              </TableCell>
              <TableCell>
                <div className="flex max-w-xs flex-wrap gap-1">
                  {webhook.events.map((event) => (
                    <Badge key={event}>{event}</Badge>
                  ))}
                </div>
              </TableCell>
              <TableCell>
                <WebhookStatus webhook={webhook} />
              </TableCell>
              <TableCell><LocalTime iso={webhook.createdAt} /></TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <Link href={`/parsers/${parserId}/webhooks/${webhook.id}`} className="mr-2 text-sm hover:underline">
                  Deliveries
                </Link>
                {canWrite ? (
                  <>
                    <WebhookFormDialog
                      parserId={parserId}
                      webhook={webhook}
                      trigger={
                        <Button variant="ghost" size="sm" aria-label={`Edit ${webhook.url}`}>
                          Edit
                        </Button>
                      }
                    />
                    <Button variant="ghost" size="sm" onClick={() => toggle(webhook)}>
                      {webhook.isActive ? "Pause" : "Resume"}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(webhook)} aria-label={`Delete ${webhook.url}`}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={() => "Delete this webhook?"}
        description={(webhook) => `${webhook.url} receives nothing more, and its delivery log is deleted with it.`}
        confirmLabel="Delete webhook"
        action={(webhook) => deleteWebhookAction(parserId, webhook.id)}
        success={() => ({ title: "Webhook deleted" })}
      />
    </>
  );
}
