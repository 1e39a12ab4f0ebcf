import { DOCUMENT_STATUSES, type DocumentStatus } from "@/lib/contracts/enums";
import { STATUS_LABEL as LABEL } from "@/components/documents/document-status-badge";
import { cn } from "@/lib/utils/cn";


/** A thin left rule carries the status tone; the label always says it too, so colour is never the only signal. */
const RULE: Record<DocumentStatus, string> = {
  uploading: "border-l-line-strong",
  queued: "border-l-line-strong",
  processing: "border-l-accent",
  processed: "border-l-success",
  failed: "border-l-danger",
  skipped: "border-l-warning",
  in_review: "border-l-accent",
  approved: "border-l-success",
  rejected: "border-l-danger",
};

export function StatusTiles({ byStatus, total }: { byStatus: Record<DocumentStatus, number>; total: number }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      <div className="rounded-md border border-line bg-subtle px-3 py-2">
        <dt className="text-xs text-muted">All documents</dt>
        <dd className="text-lg font-semibold tabular-nums">{total.toLocaleString("en-US")}</dd>
      </div>
      {DOCUMENT_STATUSES.map((status) => (
        <div key={status} className={cn("rounded-md border border-l-4 border-line bg-surface px-3 py-2", RULE[status])}>
          <dt className="text-xs text-muted">{LABEL[status]}</dt>
          <dd className={cn("text-lg font-semibold tabular-nums", byStatus[status] === 0 && "text-muted")}>{byStatus[status].toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
