import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { DocumentFull } from "@/lib/contracts/documents";
import { EXTRACTING_STATUSES } from "@/lib/contracts/enums";
import { assertPermission, type ServiceContext } from "../context";
import { fullView, getDocumentInParser } from "./internal";

/** How often a waiting request looks at the document again: a one-row read by primary key, no transaction. */
const POLL_INTERVAL_MS = 500;

/**
 * GET /parsers/{parserId}/documents/{documentId}?wait=N: the full view as soon as extraction is over (any status but
 * `uploading`, `queued` and `processing`), or after N seconds with the state then. Between looks the request holds
 * no connection and no transaction (each look is its own short read), so a hundred waiting clients cost a hundred
 * idle promises, not a hundred pool slots; the rate limit counted the request once, when it arrived.
 */
export async function waitForDocument(
  ctx: ServiceContext,
  { parserId, documentId, waitSeconds, signal }: { parserId: string; documentId: string; waitSeconds: number; signal?: AbortSignal },
): Promise<DocumentFull> {
  assertPermission(ctx, "documents.read");
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const { document } = await getDocumentInParser(ctx.db, { access: ctx, parserId, documentId });
    const remaining = deadline - Date.now();
    if (!EXTRACTING_STATUSES.has(document.status) || remaining <= 0 || signal?.aborted) return fullView(ctx.db, document);
    await sleep(Math.min(POLL_INTERVAL_MS, remaining), undefined, { signal }).catch(() => undefined);
  }
}
