import { consoleToken } from "@/lib/auth/console-session";
import { unauthorized } from "@/lib/services/errors";
import { errorResponse } from "@/lib/http/errors";

/**
 * The signed-in browser's token for /api/v1 (console data fetching). Read by same-origin scripts only: the
 * API sends no CORS headers, so another site cannot read the answer.
 */
export async function GET(): Promise<Response> {
  const minted = await consoleToken();
  if (!minted) return errorResponse(unauthorized("Sign in first."));
  return Response.json({ token: minted.token, expiresAt: minted.expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
}
