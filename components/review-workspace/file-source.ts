/**
 * The document's file as the viewer loads it. The API's signed `url` starts with PUBLIC_BASE_URL, which need not
 * be the origin the reviewer opened the console on (`localhost` vs `127.0.0.1`, a proxy in front); the viewer
 * fetches the file with CORS rules, so a link to this same deployment's file route is used as a same-origin path.
 * A link to the deployment's separate files origin (FILES_BASE_URL, given as `filesOrigin`) stays as it is: that
 * origin answers the console with CORS, and keeping files off the console's origin is its whole point.
 */
const FILE_ROUTE = "/api/files/";

export function sameOriginFileUrl(url: string | null, filesOrigin: string | null = null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, "http://same-origin.invalid");
    if (filesOrigin && parsed.origin === filesOrigin) return url;
    return parsed.pathname.startsWith(FILE_ROUTE) ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return null;
  }
}

export type ViewerKind = "pdf" | "image" | "text";

/** PDFs render with pdf.js, browser-displayable images as an image; everything else shows its extracted text. */
export function viewerKind(contentType: string): ViewerKind {
  const type = contentType.toLowerCase().split(";")[0]!.trim();
  if (type === "application/pdf") return "pdf";
  if (["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"].includes(type)) return "image";
  return "text";
}
