import zlib from "node:zlib";
import { MAX_IMAGE_PIXELS } from "../ocr/image-decode";

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

const upperBound = (span: StreamSpan) => (span.end - span.start) * MAX_DEFLATE_RATIO;

const isFlate = (dictionary: string) => /\/(FlateDecode|Fl)\b/.test(dictionary);

/** What the scan saw on the way: the declared pixel size of every image XObject, for deciding whether any image could hold text. */
export type PdfStreamSummary = { images: Array<{ width: number; height: number }> };

/**
 * Inflates what could break a limit, and only that. A stream whose compressed size times MAX_DEFLATE_RATIO passes
 * the per-stream limit is always inflated. The rest count at that bound until the bounds could add up past the
 * per-file limit; then the largest are inflated, and counted at their real size, until they cannot. A long
 * document of ordinary streams (fonts repeated on every page) is so read in part instead of twice in full.
 */
export async function checkPdfStreams(input: Uint8Array): Promise<PdfStreamSummary> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const images: PdfStreamSummary["images"] = [];
  const flate: StreamSpan[] = [];
  for (const span of streams(bytes)) {
    if (/\/Subtype\s*\/Image/.test(span.dictionary)) {
      const width = number(span.dictionary, "Width");
      const height = number(span.dictionary, "Height");
      if (width * height > MAX_IMAGE_PIXELS) throw new PdfRejectedError(`The PDF contains an image too large to read (${width} × ${height} px)`);
      images.push({ width, height });
    }
    if (isFlate(span.dictionary)) flate.push(span);
  }
  let inflatedTotal = 0;
  const inflate = async (span: StreamSpan) => {
    const size = await inflatedSize(bytes.subarray(span.start, span.end), MAX_PDF_STREAM_INFLATED_BYTES);
    if (size > MAX_PDF_STREAM_INFLATED_BYTES) throw new PdfRejectedError("The PDF contains a compressed stream that inflates beyond the size limit (a decompression bomb)");
    inflatedTotal += size;
    if (inflatedTotal > MAX_PDF_INFLATED_BYTES) throw new PdfRejectedError("The PDF inflates beyond the size limit");
  };
  const bounded: StreamSpan[] = [];
  for (const span of flate) {
    if (upperBound(span) > MAX_PDF_STREAM_INFLATED_BYTES) await inflate(span);
    else bounded.push(span);
  }
  bounded.sort((a, b) => upperBound(b) - upperBound(a));
  let boundsLeft = bounded.reduce((sum, span) => sum + upperBound(span), 0);
  for (const span of bounded) {
    if (inflatedTotal + boundsLeft <= MAX_PDF_INFLATED_BYTES) break;
    boundsLeft -= upperBound(span);
    await inflate(span);
  }
  return { images };
}
