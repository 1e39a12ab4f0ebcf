import { UuidSchema } from "@/lib/contracts/common";

/** Whose documents the queue shows; the values are the API's `assignee` filter. */
export const QUEUE_SCOPES = ["me", "unassigned", "any"] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

export const QUEUE_SCOPE_LABELS: Record<QueueScope, string> = {
  me: "Assigned to me",
  unassigned: "Unassigned",
  any: "Everyone",
};

/** What the /review page shows, as read from and written to its URL. */
export type QueueView = { scope: QueueScope; stageId?: string; page: number };

export type QueueSearchParams = { assignee?: string | string[]; stage?: string | string[]; page?: string | string[] };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Reads the URL leniently: anything unknown falls back to the default instead of an error page, because these
 * URLs get bookmarked and shared. Someone who may only see their own queue always gets "me".
 */
export function parseQueueView(search: QueueSearchParams, { canSeeEveryone }: { canSeeEveryone: boolean }): QueueView {
  const assignee = first(search.assignee);
  const scope = canSeeEveryone ? (QUEUE_SCOPES.find((candidate) => candidate === assignee) ?? "me") : "me";
  const stage = first(search.stage);
  const page = Number.parseInt(first(search.page) ?? "1", 10);
  return {
    scope,
    stageId: stage && UuidSchema.safeParse(stage).success ? stage : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The /review URL of `view` with `changes`; changing the scope or the stage starts again at page 1. */
export function queueHref(view: QueueView, changes: Partial<QueueView>): string {
  const next: QueueView = { ...view, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.scope !== "me") params.set("assignee", next.scope);
  if (next.stageId) params.set("stage", next.stageId);
  if (next.page > 1) params.set("page", String(next.page));
  return params.size ? `/review?${params}` : "/review";
}

/** "2 of 3 · Finance check": where the document is in its own review. */
export function stageProgress(stage: { name: string; position: number; stageCount: number }): string {
  return `${stage.position} of ${stage.stageCount} · ${stage.name}`;
}
