import { AppError } from "@/lib/services/errors";
import { errorResponse } from "./errors";

/**
 * Next.js decodes a dynamic route's path segments itself, before any route code runs, and answers a segment no
 * decoder accepts (`%ff%fe`, a truncated `%E0%A4%A`, a lone `%`, an encoded lone surrogate) with a bare 500. The
 * proxy (proxy.ts) asks this first, so such a path is the spec's 400 instead. A path that decodes is left alone:
 * what it decodes to (`%00`, `..`) is for the route's own parameter contract, which answers 404.
 */
export function malformedPathResponse(pathname: string): Response | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return errorResponse(new AppError("VALIDATION", "Malformed path: it holds a percent-encoding (%XX) that is not valid UTF-8"));
  }
}
