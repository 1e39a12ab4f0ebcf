/** A generated file as a download: never cached, never sniffed into something the browser would run. */
export function attachmentResponse(file: { fileName: string; contentType: string; body: ReadableStream<Uint8Array> }): Response {
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
