import { AppError } from "@/lib/services/errors";
import { errorResponse } from "@/lib/http/errors";

/** Any /api/v1 path no route claims: a JSON 404 in the spec's error body, never an HTML page. */
function unknownPath(request: Request): Response {
  const { pathname } = new URL(request.url);
  return errorResponse(new AppError("NOT_FOUND", `No API route matches ${request.method} ${pathname}`, { notFound: [{ type: "path", value: pathname }] }));
}

export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
