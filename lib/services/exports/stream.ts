/**
 * A byte stream pulled from an async generator of text: the next chunk is produced only when the client has read
 * the previous one, so a slow download holds one page of documents, not the file. Cancelling the download (the
 * client went away) ends the generator, which stops reading from the database.
 */
export function textStream(chunks: AsyncGenerator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // A cancel can arrive while a pull waits for its chunk; the chunk is then dropped, not enqueued on a closed stream.
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (cancelled) return;
        if (next.done) controller.close();
        else if (next.value) controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        if (cancelled) return;
        // Headers are gone already: erroring the stream aborts the response, so the client never mistakes a
        // truncated file for a whole one.
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await chunks.return(undefined);
    },
  });
}
