/**
 * Headers for anything a user put into Quarry and a browser may open: stored uploads, previews, exports.
 *
 * An uploaded file is attacker-controlled bytes served from our own origin. Served inline as `text/html` (or SVG, or
 * XML with a stylesheet), its script would run with the console's cookies and could mint an API key for whoever
 * opened the link. So, whatever the stored type:
 * - only passive types the review viewer shows (PDF and raster images) are `inline`; everything else is an
 *   `attachment`, which browsers download instead of rendering;
 * - `Content-Security-Policy: sandbox` puts even an inline document in an opaque origin with scripts, forms and
 *   plugins off, and `default-src 'none'` lets it load nothing; it also covers a browser that ignores the disposition;
 * - `nosniff` keeps the browser from second-guessing the type.
 */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** Types the review viewer displays and that cannot carry script: PDF (pdf.js draws it) and raster images. */
const PASSIVE_INLINE_TYPES = new Set(["application/pdf", "image/png", "image/jpeg", "image/jpg", "image/webp", "image/tiff"]);

export type Disposition = "inline" | "attachment";

export function essenceOf(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

export function dispositionFor(contentType: string): Disposition {
  return PASSIVE_INLINE_TYPES.has(essenceOf(contentType)) ? "inline" : "attachment";
}

/**
 * `Content-Disposition` with the name quoted when it is plain printable ASCII, else an ASCII fallback plus the exact
 * name in RFC 5987 form: quotes, backslashes and control characters never reach the quoted part, so a file name
 * cannot break out of the header.
 */
export function contentDisposition(disposition: Disposition, fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_").trim() || "file";
  if (fallback === fileName) return `${disposition}; filename="${fileName}"`;
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The headers every response carrying user content gets, whatever else the route adds. */
export function userContentHeaders(file: { contentType: string; fileName: string; disposition?: Disposition }): Record<string, string> {
  return {
    "content-type": file.contentType,
    "content-disposition": contentDisposition(file.disposition ?? dispositionFor(file.contentType), file.fileName),
    "content-security-policy": FILE_CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
  };
}
