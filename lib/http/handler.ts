import "server-only";
import type { z } from "zod";
import type { Permission } from "@/lib/contracts/permissions";
import type { Operation } from "@/lib/contracts/common";
import { getRuntime, type Runtime } from "@/lib/runtime";
import { consumeRateLimit, type RateLimitState } from "@/lib/services/rate-limit";
import type { ServiceContext } from "@/lib/services/context";
import { env } from "@/lib/env";
import { authenticate } from "./authenticate";
import { etagOf, ifNoneMatchHits, paginationLinks } from "./caching";
import { corsHeaders, corsPolicyFor } from "./cors";
import { AppError, missingPermission, notFound, zodValidationError } from "@/lib/services/errors";
import { errorResponse, toAppError } from "./errors";
import { assertNoNulCharacter } from "./nul-characters";
import { readJsonBody } from "./read-body";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type HandlerInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  ctx: ServiceContext;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  request: Request;
  runtime: Runtime;
  /** When the request arrived, before authentication: decisions use it to tell a stale request from a new one. */
  receivedAt: Date;
};

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(state.reset),
  };
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * A JSON answer; a GET's carries an ETag (a matching If-None-Match gets a bodiless 304) and, for a paginated list,
 * `Link` headers beside the body's `pagination`.
 */
function jsonAnswer(request: Request, payload: unknown, init: { status: number; headers: Record<string, string> }): Response {
  const text = JSON.stringify(payload);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  if (request.method === "GET" && init.status === 200) {
    const etag = etagOf(text);
    headers.set("ETag", etag);
    // The answer depends on the key that asked: shared caches must not serve it to another.
    headers.set("Cache-Control", "private, no-cache");
    const links = paginationLinks(payload, request.url);
    if (links) headers.set("Link", links);
    if (ifNoneMatchHits(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  }
  return new Response(text, { status: init.status, headers });
}

/**
 * The one wrapper behind every /api/v1 route: authenticate, resolve the team, count the request against
 * the rate limits, check the permission, parse params, query and body with the operation's contract,
 * call the service, and shape the answer through the response contract. Route files are one call to it.
 */
export function apiRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  operation: Operation<P, Q, B, R>,
  handler: (input: HandlerInput<P, Q, B>) => Promise<z.input<R> | Response>,
) {
  return async (request: Request, routeContext: RouteContext): Promise<Response> => {
    const receivedAt = new Date();
    const cors = corsHeaders(corsPolicyFor(new URL(request.url).pathname, env().corsOrigins), request.headers.get("origin"));
    let headers: Record<string, string> = { ...cors };
    try {
      const runtime = await getRuntime();
      const caller = await authenticate(request, runtime, operation.operationId);
      const rate = await consumeRateLimit(runtime.db, { subject: caller.rateSubject, limits: caller.limits });
      headers = { ...cors, ...rateLimitHeaders(rate) };
      if (rate.exceeded) {
        throw new AppError("RATE_LIMITED", `Rate limit exceeded. Retry in ${rate.retryAfterSeconds} seconds.`, {
          headers: { "Retry-After": String(rate.retryAfterSeconds) },
        });
      }
      if (operation.permission !== "authenticated" && operation.permission !== null) {
        const needed: Permission = operation.permission;
        if (!caller.ctx.permissions.includes(needed)) throw missingPermission(needed);
      }

      const rawParams = await routeContext.params;
      let params: unknown = rawParams;
      if (operation.params) {
        const parsed = operation.params.safeParse(rawParams);
        // A path id that cannot exist is a resource that does not exist.
        if (!parsed.success) {
          const key = String(parsed.error.issues[0]?.path[0] ?? "id");
          throw notFound({ type: key, value: String(rawParams[key] ?? "") });
        }
        params = parsed.data;
      }

      let query: unknown = {};
      if (operation.query) {
        const raw = queryObject(new URL(request.url));
        assertNoNulCharacter(raw, "query");
        const parsed = operation.query.safeParse(raw);
        if (!parsed.success) throw zodValidationError("query", parsed.error);
        query = parsed.data;
      }

      let body: unknown = undefined;
      if (operation.body) {
        const raw = await readJsonBody(request);
        assertNoNulCharacter(raw, "request body");
        const parsed = operation.body.safeParse(raw);
        if (!parsed.success) throw zodValidationError("request body", parsed.error);
        body = parsed.data;
      }

      const result = await handler({
        ctx: caller.ctx,
        params: params as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        request,
        runtime,
        receivedAt,
      });
      if (result instanceof Response) {
        for (const [key, value] of Object.entries(headers)) result.headers.set(key, value);
        return result;
      }
      const payload = operation.response ? operation.response.parse(result) : result;
      return jsonAnswer(request, payload, { status: operation.successStatus ?? 200, headers });
    } catch (error) {
      const appError = toAppError(error, (message, detail) =>
        console.error(`[api] ${operation.method} ${operation.path}: ${message}`, detail),
      );
      return errorResponse(appError, headers);
    }
  };
}
