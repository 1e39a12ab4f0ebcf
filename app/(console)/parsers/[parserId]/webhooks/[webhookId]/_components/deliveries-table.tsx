"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useToast,
} from "@/components/ui";
import type { WebhookDelivery } from "@/lib/contracts/webhooks";
import { LocalTime } from "@/components/console/local-time";
import { redeliverAction } from "../../actions";

const STATUS_TONE = { succeeded: "success", failed: "danger", pending: "warning" } as const;

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  return <Badge tone={STATUS_TONE[delivery.status]}>{delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status}</Badge>;
}

export function DeliveriesTable({ parserId, webhookId, deliveries, canWrite }: { parserId: string; webhookId: string; deliveries: WebhookDelivery[]; canWrite: boolean }) {
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { toast } = useToast();
  const router = useRouter();

  if (deliveries.length === 0) return <EmptyState title="No deliveries yet" description="Events of this parser's documents, and test events, appear here." />;

  async function redeliver(delivery: WebhookDelivery) {
    setBusy(delivery.id);
    const result = await redeliverAction(parserId, webhookId, delivery.id);
    setBusy(null);
    if (!result.ok) toast({ title: "Could not redeliver", description: result.error.message, tone: "error" });
    else {
      toast({ title: result.data.status === "succeeded" ? "Redelivered" : "Redelivery failed", description: result.data.error ?? undefined, tone: result.data.status === "succeeded" ? "success" : "error" });
      if (open?.id === delivery.id) setOpen(result.data);
    }
    router.refresh();
  }

  return (
    <>
      <Table>
        <TableCaption srOnly>Deliveries</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Attempts</TableHead>
            <TableHead>Response</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>
                <code className="text-xs">{delivery.eventType}</code>
              </TableCell>
              <TableCell>
                <DeliveryStatus delivery={delivery} />
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>
                {delivery.responseStatus ?? (delivery.error ? <span className="text-danger">error</span> : "—")}
                {delivery.responseTimeMs !== null ? <span className="text-muted"> · {delivery.responseTimeMs} ms</span> : null}
              </TableCell>
              <TableCell><LocalTime iso={delivery.createdAt} relative /></TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <Button variant="ghost" size="sm" onClick={() => setOpen(delivery)}>
                  Details
                </Button>
                {canWrite ? (
                  <Button variant="ghost" size="sm" loading={busy === delivery.id} onClick={() => redeliver(delivery)}>
                    Redeliver
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent size="lg">
          {open ? (
            <>
              <DialogHeader>
                <DialogTitle>
                  <code>{open.eventType}</code> delivery
                </DialogTitle>
                <DialogDescription>
                  webhook-id <code>{open.messageId}</code> (the same on every attempt). Created <LocalTime iso={open.createdAt} />
                  {open.nextAttemptAt ? (
                    <>
                      ; next attempt <LocalTime iso={open.nextAttemptAt} relative />
                    </>
                  ) : null}
                  .
                </DialogDescription>
              </DialogHeader>
              <h3 className="font-medium">Attempts</h3>
              {open.attemptLog.length === 0 ? (
                <p className="text-sm text-muted">Not attempted yet.</p>
              ) : (
                <ol className="flex flex-col gap-2 text-sm">
                  {open.attemptLog.map((attempt, index) => (
                    <li key={attempt.id} className="rounded border border-line p-2">
                      <p>
                        #{index + 1} · <LocalTime iso={attempt.attemptedAt} /> · {attempt.responseStatus ?? "no response"}
                        {attempt.durationMs !== null ? ` · ${attempt.durationMs} ms` : ""}
                      </p>
                      {attempt.error ? <p className="text-danger">{attempt.error}</p> : null}
                      {attempt.responseBodyExcerpt ? <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all text-xs text-muted">{attempt.responseBodyExcerpt}</pre> : null}
                    </li>
                  ))}
                </ol>
              )}
              <h3 className="font-medium">Payload</h3>
              <pre className="max-h-64 overflow-auto rounded bg-subtle p-2 text-xs">{JSON.stringify(open.payload, null, 2)}</pre>
              {canWrite ? (
                <div className="flex justify-end">
                  <Button loading={busy === open.id} onClick={() => redeliver(open)}>
                    Redeliver
                  </Button>
                </div>
              ) : null}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
