import { Badge, type BadgeProps } from "@/components/ui";
import type { DocumentStatus } from "@/lib/contracts/enums";

const TONE: Record<DocumentStatus, BadgeProps["tone"]> = {
  uploading: "neutral",
  queued: "neutral",
  processing: "accent",
  processed: "success",
  failed: "danger",
  skipped: "warning",
  in_review: "accent",
  approved: "success",
  rejected: "danger",
};

/** How each status reads in the console, wherever it appears. */
export const STATUS_LABEL: Record<DocumentStatus, string> = {
  uploading: "Uploading",
  queued: "Queued",
  processing: "Processing",
  processed: "Processed",
  failed: "Failed",
  skipped: "Skipped",
  in_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
};

export const IN_FLIGHT: readonly DocumentStatus[] = ["uploading", "queued", "processing"];

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

export const STATUS_OPTIONS = (Object.keys(STATUS_LABEL) as DocumentStatus[]).map((value) => ({ value, label: STATUS_LABEL[value] }));
