import { pipeline, Transform, type Readable } from "node:stream";
import zlib from "node:zlib";
import { SafeFetchError } from "./errors";

/** "100 MB", "1.5 KB", "512 bytes": for messages a client reads. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit === 0 ? `${bytes} ${bytes === 1 ? "byte" : "bytes"}` : `${rounded} ${units[unit]}`;
}

export function tooLargeError(maxBytes: number): SafeFetchError {
  return new SafeFetchError("TOO_LARGE", `The response is larger than ${formatBytes(maxBytes)}, the most that can be fetched`);
}

/** Counts bytes and fails the stream as soon as they pass the limit, so we never hold more than limit + one chunk. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

function decoderFor(coding: string): Transform | null {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      // Lenient flushing like browsers: a body cut short at the end still yields what arrived.
      return zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case "deflate":
      return zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case "br":
      return zlib.createBrotliDecompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    default:
      return null;
  }
}

/**
 * Wraps a raw response body in the size limit and, when the server compressed it, in decoders. The limit applies
 * twice: to the bytes on the wire (a slow endless stream) and to the decoded bytes (a gzip bomb is a few KB on the
 * wire and gigabytes decoded; the decoder is backpressured, so it stops expanding once the limit trips).
 * Unknown codings are left encoded, like curl without --compressed: the caller sees Content-Encoding unchanged.
 */
export function limitBody(
  raw: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): { stream: Readable; decoded: boolean } {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== "identity");
  // Encodings are listed in the order applied, so they are undone last to first.
  const decoders = codings.reverse().map(decoderFor);
  const canDecode = decoders.length > 0 && decoders.every((decoder): decoder is Transform => decoder !== null);
  const stages: Transform[] = [byteLimit(maxBytes)];
  if (canDecode) stages.push(...decoders, byteLimit(maxBytes));
  // pipeline destroys every stage with the first error, so the consumer of the last stage sees it and the socket
  // underneath is released at once.
  const stream = pipeline([raw, ...stages], () => undefined) as unknown as Readable;
  return { stream, decoded: canDecode };
}
