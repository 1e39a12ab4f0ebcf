import zlib from "node:zlib";
import { MAX_PDF_STREAM_INFLATED_BYTES } from "./pdf-guard";

/**
 * pdfjs 6 inflates every FlateDecode stream (page contents, embedded fonts) through `new DecompressionStream("deflate")`:
 * it writes the whole stream at once and reads the result to its end. On Node each of those builds a zlib stream,
 * a Duplex-to-web-streams adapter and a round trip through the libuv thread pool: measured on the dev set's
 * text-layer PDFs, about a fifth of pdfjs's time for a text layer went to that plumbing, not to inflating.
 *
 * This class does the same job with one synchronous zlib call when the input is complete. It is a
 * DecompressionStream for any caller (readable/writable pair, errors on damaged or truncated data like the native
 * one, which makes pdfjs fall back on its own decoder exactly as before); it only buffers instead of streaming.
 * Formats other than "deflate" get the native class. The output is capped like pdf-guard's per-stream limit.
 */
class BufferedInflateStream {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<BufferSource>;

  constructor() {
    const chunks: Buffer[] = [];
    let output!: ReadableStreamDefaultController<Uint8Array>;
    this.readable = new ReadableStream<Uint8Array>({ start: (controller) => void (output = controller) });
    this.writable = new WritableStream<BufferSource>({
      write: (chunk) => {
        const view = ArrayBuffer.isView(chunk) ? chunk : new Uint8Array(chunk);
        chunks.push(Buffer.from(view.buffer, view.byteOffset, view.byteLength));
      },
      close: () => {
        try {
          const inflated = zlib.inflateSync(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), { maxOutputLength: MAX_PDF_STREAM_INFLATED_BYTES });
          output.enqueue(new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength));
          output.close();
        } catch (error) {
          output.error(error);
          throw error;
        }
      },
      abort: (reason) => output.error(reason),
    });
  }
}

export function bufferedDecompressionStream(native: typeof DecompressionStream): typeof DecompressionStream {
  // A constructor that returns an object: `new DecompressionStream(format)` yields the native one for other formats.
  return function DecompressionStream(format: CompressionFormat) {
    return format === "deflate" ? new BufferedInflateStream() : new native(format);
  } as unknown as typeof DecompressionStream;
}
