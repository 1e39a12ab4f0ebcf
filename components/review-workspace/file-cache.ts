"use client";

/**
 * Document files fetched ahead of time, by document id: the next document in the queue is fetched while the
 * reviewer works on this one, so switching needs no network. Bytes are kept whole; pdf.js takes ownership of
 * what it is given (it transfers the buffer to its worker), so each load gets its own copy.
 */
const MAX_FILES = 4;
const files = new Map<string, Promise<ArrayBuffer>>();

function remember(documentId: string, bytes: Promise<ArrayBuffer>) {
  files.delete(documentId);
  files.set(documentId, bytes);
  // Oldest first: Map keeps insertion order, so the first keys are the least recently used.
  while (files.size > MAX_FILES) files.delete(files.keys().next().value!);
  bytes.catch(() => files.delete(documentId));
}

export function fetchDocumentFile(documentId: string, url: string): Promise<ArrayBuffer> {
  const cached = files.get(documentId);
  if (cached) {
    remember(documentId, cached);
    return cached;
  }
  const bytes = fetch(url, { credentials: "same-origin" }).then(async (response) => {
    if (!response.ok) throw new Error(response.status === 404 ? "The file link has expired or the file is gone." : `Could not load the file (HTTP ${response.status}).`);
    return response.arrayBuffer();
  });
  remember(documentId, bytes);
  return bytes;
}

/** Starts fetching a file without waiting for it; failures are forgotten so the real load tries again. */
export function prefetchDocumentFile(documentId: string, url: string): void {
  fetchDocumentFile(documentId, url).catch(() => undefined);
}
