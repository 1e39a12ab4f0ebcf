import { authSecret } from "@/lib/auth/secret";
import { AppError, errorResponse } from "@/lib/http/errors";
import { FileNotFoundError, fileStore, verifyFileToken } from "@/lib/storage";

/** Serves a stored file to whoever holds an unexpired signed link (the `url` of a document). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const file = verifyFileToken(authSecret(), (await params).token);
  if (!file) return errorResponse(new AppError("NOT_FOUND", "This file link is invalid or has expired"));
  try {
    const bytes = await fileStore().get(file.key);
    return new Response(Buffer.from(bytes), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "Cache-Control": "private, max-age=300",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof FileNotFoundError) return errorResponse(new AppError("NOT_FOUND", "The file no longer exists"));
    throw error;
  }
}
