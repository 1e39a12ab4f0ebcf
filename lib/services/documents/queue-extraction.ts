import "server-only";

/** The part of the job queue the documents services need: sending an extraction job. */
// eslint-disable-next-line @typescript-eslint/max-params -- pg-boss's own send(name, data, options), which callers pass in.
export type ExtractionQueue = { send: (name: string, data: { documentId: string }, options?: { singletonKey?: string }) => Promise<string | null> };

export const EXTRACT_QUEUE = "extract-document";

/**
 * Queues one document's extraction. The singleton key makes a second request for a document already waiting
 * (a double click, a retry of the request) join the queued job instead of adding another.
 */
export async function enqueueExtraction(queue: ExtractionQueue, documentId: string): Promise<string> {
  const id = await queue.send(EXTRACT_QUEUE, { documentId }, { singletonKey: documentId });
  return id ?? `pending-${documentId}`;
}
