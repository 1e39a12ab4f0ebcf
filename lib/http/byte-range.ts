/**
 * RFC 9110 §14 single byte ranges for stored files, so a PDF viewer or a resumed download can ask for part of a file.
 * A multi-range request, or one with If-Range (these files carry no validator to compare), gets the whole file (200),
 * which the RFC allows; a range wholly past the end is 416.
 */
export type ByteRange = { start: number; end: number };

export function parseByteRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // another unit, several ranges, or malformed: ignored
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null; // invalid: ignored
  return { start, end };
}

/** The answer for a stored file's bytes: 200 whole, 206 part, or 416, with `Accept-Ranges` always. */
export function rangeResponse(request: Request, bytes: Uint8Array, headers: Record<string, string>): Response {
  const size = bytes.byteLength;
  const range = request.headers.has("if-range") ? null : parseByteRange(request.headers.get("range"), size);
  const base = { ...headers, "accept-ranges": "bytes" };
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...base, "content-range": `bytes */${size}` } });
  if (!range) return new Response(Buffer.from(bytes), { headers: base });
  const part = Buffer.from(bytes.subarray(range.start, range.end + 1));
  return new Response(part, { status: 206, headers: { ...base, "content-range": `bytes ${range.start}-${range.end}/${size}` } });
}
