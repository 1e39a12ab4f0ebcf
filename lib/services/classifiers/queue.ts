import "server-only";
import type { ExtractionQueue } from "../documents/queue-extraction";

export const CLASSIFY_QUEUE = "classify-document";

/** The queue's send, as the documents services take it: one job per classifier document, joined while it waits. */
export async function enqueueClassification(queue: ExtractionQueue, classifierDocumentId: string): Promise<string> {
  const id = await queue.send(CLASSIFY_QUEUE, { documentId: classifierDocumentId }, { singletonKey: classifierDocumentId });
  return id ?? `pending-${classifierDocumentId}`;
}
