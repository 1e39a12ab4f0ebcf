import { userContentHeaders } from "./file-headers";

/** A generated file as a download: never cached, never sniffed or rendered into something the browser would run. */
export function attachmentResponse(file: { fileName: string; contentType: string; body: ReadableStream<Uint8Array> }): Response {
  return new Response(file.body, {
    headers: { ...userContentHeaders({ ...file, disposition: "attachment" }), "cache-control": "no-store" },
  });
}
