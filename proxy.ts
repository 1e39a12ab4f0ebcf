import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/http/path-encoding";

/**
 * Runs before Next.js routes a request: a path with a percent-encoding no decoder accepts would otherwise be a
 * bare 500 from Next's own parameter decoding (lib/http/path-encoding.ts). Everything else passes untouched.
 */
export function proxy(request: NextRequest): Response {
  return malformedPathResponse(new URL(request.url).pathname) ?? NextResponse.next();
}

export const config = {
  // Every path but the build's static assets, which Next serves before any route decoding.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
