import "server-only";
import type { JobQueue } from "../job-queue";

/** The part of the job queue the documents services need: sending an extraction job. */
export type ExtractionQueue = JobQueue<{ documentId: string }>;

export const EXTRACT_QUEUE = "extract-document";

/**
 * Queues one document's extraction. The singleton key makes a second request for a document already waiting
 * (a double click, a retry of the request) join the queued job instead of adding another.
 */
export async function enqueueExtraction(queue: ExtractionQueue, documentId: string): Promise<string> {
  const id = await queue.send(EXTRACT_QUEUE, { documentId }, { singletonKey: documentId });
  return id ?? `pending-${documentId}`;
}
