import zlib from "node:zlib";
import { MAX_IMAGE_PIXELS } from "./image-decode";

/**
 * A PDF's streams are checked before pdfjs sees them. pdfjs inflates a FlateDecode stream into one growing buffer
 * outside the V8 heap, so the thread's heap limit never stops a few MB that inflate to gigabytes (measured: a 2 MB
 * page inflating to 2 GiB took the process past 4 GB). Each Flate stream that could break a limit is inflated here
 * once, counting bytes and keeping none, and the file is refused past a per-stream or a per-file limit; images are
 * refused by their declared size, as standalone images are.
 */
export const MAX_PDF_STREAM_INFLATED_BYTES = 256 * 1024 * 1024;
export const MAX_PDF_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;
/** Pages one document may have read: a 2-minute extraction budget at ~66 text pages a second, with room to spare. */
export const MAX_PDF_PAGES = 2_000;

export class PdfRejectedError extends Error {}

const STREAM = Buffer.from("stream");
const END_STREAM = Buffer.from("endstream");
/** How far back from `stream` the object's dictionary is looked for. */
const DICTIONARY_WINDOW = 2048;

type StreamSpan = { dictionary: string; start: number; end: number };

/** Every `<< … >> stream … endstream` in the file, found by its keywords (no trust in /Length or the xref). */
function* streams(bytes: Buffer): Generator<StreamSpan> {
  let at = bytes.indexOf(STREAM);
  while (at >= 0) {
    const isEnd = at >= 3 && bytes.toString("latin1", at - 3, at) === "end";
    let start = at + STREAM.length;
    if (!isEnd && (bytes[start] === 0x0d || bytes[start] === 0x0a)) {
      start += bytes[start] === 0x0d && bytes[start + 1] === 0x0a ? 2 : 1;
      const before = bytes.toString("latin1", Math.max(0, at - DICTIONARY_WINDOW), at);
      const dictionary = before.slice(before.lastIndexOf("obj") + 3);
      const end = bytes.indexOf(END_STREAM, start);
      if (end < 0) return; // a stream cut off by truncation: pdfjs reads what there is, no more than the file
      yield { dictionary, start, end };
      at = bytes.indexOf(STREAM, end + END_STREAM.length);
    } else {
      at = bytes.indexOf(STREAM, at + STREAM.length);
    }
  }
}

/** Streams that inflate to no more than this are inflated in one call: the common case, and 10× faster. */
const SMALL_STREAM_BYTES = 8 * 1024 * 1024;

/** Inflated size of zlib data, cut off past `limit`; corrupt data counts as what inflated before the damage. */
async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  try {
    return zlib.inflateSync(data, { maxOutputLength: SMALL_STREAM_BYTES, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
  } catch {
    // Larger than the fast path allows, or damaged: count it as it streams, holding no more than one chunk.
    return countInflated(data, limit);
  }
}

function countInflated(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ chunkSize: 64 * 1024, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    let total = 0;
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on("end", () => resolve(total));
    inflate.on("error", () => resolve(total));
    inflate.on("close", () => resolve(total));
    inflate.end(data);
  });
}

const number = (dictionary: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dictionary)?.[1] ?? 0);

/**
 * Deflate's largest expansion (a 258-byte match coded in two bits): no stream inflates past this multiple of its
 * compressed size. A stream too short to reach a limit even so need not be inflated to prove it.
 */
const MAX_DEFLATE_RATIO = 1032;

const isFlate = (dictionary: string) => /\/(FlateDecode|Fl)\b/.test(dictionary);

/** What the scan saw on the way: the declared pixel size of every image XObject, for deciding whether any image could hold text. */
export type PdfStreamSummary = { images: Array<{ width: number; height: number }> };

export async function checkPdfStreams(input: Uint8Array): Promise<PdfStreamSummary> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const spans = [...streams(bytes)];
  // Ordinary files (a few MB of Flate data at most) cannot reach the per-file limit; only then is inflating any
  // stream skipped, so what is refused, and in which order, stays as if every stream had been inflated.
  const upperBound = (span: StreamSpan) => (span.end - span.start) * MAX_DEFLATE_RATIO;
  const fileMayExceed = spans.reduce((sum, span) => sum + (isFlate(span.dictionary) ? upperBound(span) : 0), 0) > MAX_PDF_INFLATED_BYTES;
  let total = 0;
  const images: PdfStreamSummary["images"] = [];
  for (const span of spans) {
    const { dictionary, start, end } = span;
    if (/\/Subtype\s*\/Image/.test(dictionary)) {
      const width = number(dictionary, "Width");
      const height = number(dictionary, "Height");
      if (width * height > MAX_IMAGE_PIXELS) throw new PdfRejectedError(`The PDF contains an image too large to read (${width} × ${height} px)`);
      images.push({ width, height });
    }
    if (!isFlate(dictionary)) continue;
    if (!fileMayExceed && upperBound(span) <= MAX_PDF_STREAM_INFLATED_BYTES) continue;
    const size = await inflatedSize(bytes.subarray(start, end), MAX_PDF_STREAM_INFLATED_BYTES);
    if (size > MAX_PDF_STREAM_INFLATED_BYTES) throw new PdfRejectedError("The PDF contains a compressed stream that inflates beyond the size limit (a decompression bomb)");
    total += size;
    if (total > MAX_PDF_INFLATED_BYTES) throw new PdfRejectedError("The PDF inflates beyond the size limit");
  }
  return { images };
}
