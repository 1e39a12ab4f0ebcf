import { env } from "@/lib/env";
import { methodNotAllowedResponse } from "./allowed-methods";
import { corsHeaders, corsPolicyFor, preflightResponse } from "./cors";

export type RouteMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type Handler = (request: Request) => Response;
const ORDER: readonly RouteMethod[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The answers of an /api/v1 route file for the methods it has no operation for, so /api/v1 needs no proxy
 * (middleware) round trip before routing (issue 26: Next invoking proxy.ts was ~17 % of an API request's CPU):
 * - OPTIONS, CORS preflights included: 204 with `Allow` and, for an admitted origin, the preflight headers;
 * - every other method the file lacks: the spec's 405 error body with `Allow`, not Next's empty 405.
 * A route file names the methods it implements and exports the rest:
 * `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);` (HEAD too when it has no GET; with
 * a GET, Next answers HEAD with it). lib/http/route-coverage.test.ts checks that the list is the file's own exports
 * and that the file answers all seven methods. The list is the file's, not the operation table's union over the
 * templates a path matches: a static route (`/documents/delete`) shadows its dynamic sibling (`/documents/{id}`),
 * and only the file Next routed to knows what it answers.
 */
export function otherMethods(implemented: readonly RouteMethod[]): Record<RouteMethod, Handler> {
  const methods = new Set<RouteMethod>([...implemented, "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  const allow = ORDER.filter((method) => methods.has(method));

  const options: Handler = (request) => {
    const { pathname } = new URL(request.url);
    return preflightResponse({ policy: corsPolicyFor(pathname, env().corsOrigins), origin: request.headers.get("origin"), allow });
  };
  const refuse: Handler = (request) => {
    const { pathname } = new URL(request.url);
    const cors = corsHeaders(corsPolicyFor(pathname, env().corsOrigins), request.headers.get("origin"));
    return methodNotAllowedResponse(request.method, pathname, allow, cors);
  };
  return { GET: refuse, HEAD: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
