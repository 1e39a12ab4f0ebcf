"use client";

import Link from "next/link";
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

function DocumentLink({ parserId, document }: { parserId: string; document: NonNullable<WebhookDelivery["document"]> }) {
  return (
    <Link className="underline-offset-2 hover:underline" href={`/parsers/${parserId}/documents/${document.id}`}>
      {document.name}
    </Link>
  );
}

/**
 * What a delivery is about and where it came from: its document, and for a manual redelivery the delivery it repeats
 * (a redelivery carries a fresh `webhook-id`, so a receiver's log shows two ids for one event; this names the pair).
 */
function DeliveryOrigin({ delivery, deliveries, onOpen, parserId }: { delivery: WebhookDelivery; deliveries: WebhookDelivery[]; onOpen: (delivery: WebhookDelivery) => void; parserId: string }) {
  const original = delivery.redeliveryOf ? deliveries.find((candidate) => candidate.id === delivery.redeliveryOf?.deliveryId) : undefined;
  const redeliveries = deliveries.filter((candidate) => candidate.redeliveryOf?.deliveryId === delivery.id);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted">Document</dt>
      <dd>{delivery.document ? <DocumentLink parserId={parserId} document={delivery.document} /> : "none (a test event)"}</dd>
      {delivery.redeliveryOf ? (
        <>
          <dt className="text-muted">Redelivery of</dt>
          <dd>
            {original ? (
              <Button variant="ghost" size="sm" onClick={() => onOpen(original)}>
                the delivery of <LocalTime iso={original.createdAt} />
              </Button>
            ) : (
              <code className="text-xs">{delivery.redeliveryOf.messageId}</code>
            )}
          </dd>
        </>
      ) : null}
      {redeliveries.length > 0 ? (
        <>
          <dt className="text-muted">Redelivered</dt>
          <dd className="flex flex-wrap gap-1">
            {redeliveries.map((redelivery) => (
              <Button key={redelivery.id} variant="ghost" size="sm" onClick={() => onOpen(redelivery)}>
                <LocalTime iso={redelivery.createdAt} />
              </Button>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  );
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
            <TableHead>Document</TableHead>
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
                {delivery.redeliveryOf ? <span className="ml-2 text-xs text-muted">redelivery</span> : null}
              </TableCell>
              <TableCell className="max-w-48 truncate" title={delivery.document?.name}>
                {delivery.document ? <DocumentLink parserId={parserId} document={delivery.document} /> : <span className="text-muted">—</span>}
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
                  webhook-id <code>{open.messageId}</code> (the same on every automatic attempt). Created <LocalTime iso={open.createdAt} />
                  {open.nextAttemptAt ? (
                    <>
                      ; next attempt <LocalTime iso={open.nextAttemptAt} relative />
                    </>
                  ) : null}
                  .
                </DialogDescription>
              </DialogHeader>
              <DeliveryOrigin delivery={open} deliveries={deliveries} onOpen={setOpen} parserId={parserId} />
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
