import "server-only";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { AppError } from "@/lib/services/errors";
import { errorResponse } from "@/lib/http/errors";
import { rateLimitHeaders } from "@/lib/http/handler";
import { userRateBudget } from "@/lib/http/user-budget";
import { getRuntime } from "@/lib/runtime";
import { consumeRateLimit } from "@/lib/services/rate-limit";

type McpHandler = (request: Request) => Promise<Response>;

/**
 * Every authenticated /mcp request counts against the connected user's own budget, the one the console's REST
 * calls use (lib/http/user-budget.ts), and carries the same X-RateLimit-* headers; past it, 429 with Retry-After
 * and the spec's error body. Sits inside withMcpAuth, which has verified the token and set `request.auth`.
 */
export function withUserRateLimit(handler: McpHandler): McpHandler {
  return async (request) => {
    const userId = (request as Request & { auth?: AuthInfo }).auth?.extra?.userId;
    if (typeof userId !== "string") return handler(request);
    const { db } = await getRuntime();
    const budget = userRateBudget(userId);
    const state = await consumeRateLimit(db, { subject: budget.rateSubject, limits: budget.limits });
    const headers = rateLimitHeaders(state);
    if (state.exceeded) {
      const error = new AppError("RATE_LIMITED", `Rate limit exceeded. Retry in ${state.retryAfterSeconds} seconds.`, { headers: { "Retry-After": String(state.retryAfterSeconds) } });
      return errorResponse(error, headers);
    }
    const response = await handler(request);
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    // A fresh Response: the handler's may have immutable headers; its body (JSON or an SSE stream) passes through.
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
  };
}
