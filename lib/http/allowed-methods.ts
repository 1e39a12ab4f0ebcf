import { allOperations } from "@/lib/contracts";
import { AppError } from "@/lib/services/errors";
import { errorResponse } from "./errors";

/**
 * The methods each /api/v1 path answers, from the same operation list the routes and the OpenAPI document use, so
 * the proxy can answer a method a route does not have with the spec's error body and `Allow` (Next.js would send
 * a bare, empty 405) and answer OPTIONS itself, for the /api/v1 paths it still sees (those with a percent-encoding;
 * the route files answer the others: other-methods.ts).
 */
type PathMethods = { pattern: RegExp; methods: Set<string> };

const EXTRA_ROUTES: { path: string; methods: string[] }[] = [{ path: "/openapi.json", methods: ["GET"] }];

function compile(): PathMethods[] {
  const byPath = new Map<string, Set<string>>();
  for (const { path, method } of [...allOperations, ...EXTRA_ROUTES.flatMap((route) => route.methods.map((method) => ({ path: route.path, method })))]) {
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => {
    const source = path
      .split("/")
      .map((segment) => (/^\{\w+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return { pattern: new RegExp(`^/api/v1${source}/?$`), methods };
  });
}

let table: PathMethods[] | undefined;

/**
 * The methods an /api/v1 path answers (HEAD with GET, OPTIONS always), in a stable order; null for a path no route
 * matches (it stays the catch-all's 404). A path several templates match (`/parsers/{id}` and a static sibling)
 * gets the union, so a method some route has is never refused here.
 */
export function allowedMethods(pathname: string): string[] | null {
  table ??= compile();
  const methods = new Set<string>();
  for (const entry of table) if (entry.pattern.test(pathname)) for (const method of entry.methods) methods.add(method);
  if (methods.size === 0) return null;
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  return order.filter((method) => methods.has(method));
}

/** 405 in the spec's error body, with the `Allow` header RFC 9110 asks for. */
export function methodNotAllowedResponse(method: string, pathname: string, allow: readonly string[], headers: Record<string, string> = {}): Response {
  const error = new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${pathname}; allowed: ${allow.join(", ")}`);
  return errorResponse(error, { ...headers, Allow: allow.join(", ") });
}
