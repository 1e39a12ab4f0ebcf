import type { BulkReviewResult } from "@/lib/contracts/review-bulk";

const VERBS = { approve: "approved", reject: "rejected", assign: "assigned" } as const;
const NOT_VERBS = { approve: "not approved", reject: "not rejected", assign: "not assigned" } as const;

const documents = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/** "2 documents approved, 1 not approved": the headline of a bulk decision's outcome. */
export function bulkSummary(action: keyof typeof VERBS, result: Pick<BulkReviewResult, "succeeded" | "failed">): string {
  const parts = [];
  if (result.succeeded > 0) parts.push(`${documents(result.succeeded)} ${VERBS[action]}`);
  if (result.failed > 0) parts.push(`${result.succeeded > 0 ? result.failed : documents(result.failed)} ${NOT_VERBS[action]}`);
  return parts.join(", ") || "Nothing to do";
}

/** Why one document was left as it was: its message, and the checks it fails (field: problem), in plain words. */
export function failureReason(result: BulkReviewResult["results"][number]): string {
  const problems = (result.issues ?? []).map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  return [result.message ?? "It could not be decided.", ...problems].join(" · ");
}
