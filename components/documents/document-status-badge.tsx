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

const LABEL: Record<DocumentStatus, string> = {
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
  return <Badge tone={TONE[status]}>{LABEL[status]}</Badge>;
}

export const STATUS_OPTIONS = (Object.keys(LABEL) as DocumentStatus[]).map((value) => ({ value, label: LABEL[value] }));
