import { authSecret } from "@/lib/secrets/secret";
import { env, separateFilesOrigin } from "@/lib/env";
import { rangeResponse } from "@/lib/http/byte-range";
import { AppError } from "@/lib/services/errors";
import { errorResponse } from "@/lib/http/errors";
import { userContentHeaders } from "@/lib/http/file-headers";
import { FileNotFoundError, fileStore, verifyFileToken } from "@/lib/storage";

/**
 * Serves a stored file to whoever holds an unexpired signed link (the `url` of a document). The bytes are the
 * uploader's, so they are served as user content (lib/http/file-headers.ts): never as a page of this origin.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const file = verifyFileToken(authSecret(), (await params).token);
  if (!file) return errorResponse(new AppError("NOT_FOUND", "This file link is invalid or has expired"));
  try {
    const bytes = await fileStore().get(file.key);
    // Range requests (206) let a viewer or a resumed download take part of a large file.
    return rangeResponse(request, bytes, {
      ...userContentHeaders({ contentType: file.contentType, fileName: file.name }),
      ...crossOriginHeaders(),
      "cache-control": "private, max-age=300",
    });
  } catch (error) {
    if (error instanceof FileNotFoundError) return errorResponse(new AppError("NOT_FOUND", "The file no longer exists"));
    throw error;
  }
}

/**
 * With FILES_BASE_URL the review viewer fetches files from that other origin: the console's origin may read them
 * (no cookies are involved: the link itself is the credential).
 */
function crossOriginHeaders(): Record<string, string> {
  if (!separateFilesOrigin()) return {};
  return { "access-control-allow-origin": new URL(env().publicBaseUrl).origin, vary: "Origin" };
}
