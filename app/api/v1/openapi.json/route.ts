import { allOperations } from "@/lib/contracts";
import { env, regionBaseUrl } from "@/lib/env";
import { etagOf, ifNoneMatchHits } from "@/lib/http/caching";
import { withCors } from "@/lib/http/cors";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { VERSION } from "@/lib/runtime";
import { otherMethods } from "@/lib/http/other-methods";

let cached: { text: string; etag: string } | undefined;

/** The OpenAPI document: public, readable from any origin (code generators and API explorers run in browsers). */
export function GET(request: Request): Response {
  if (!cached) {
    const config = env();
    const otherRegion = config.REGION === "us" ? "eu" : "us";
    // Only a configured address: the built-in defaults are placeholders, not servers a client could reach.
    const otherRegionUrl = process.env[otherRegion === "eu" ? "EU_BASE_URL" : "US_BASE_URL"] ? regionBaseUrl(otherRegion) : null;
    const document = buildOpenApiDocument(allOperations, {
      version: VERSION,
      serverUrl: config.publicBaseUrl,
      otherServerUrls: config.publicBaseUrls.slice(1),
      regionServers: otherRegionUrl ? [{ region: otherRegion, url: otherRegionUrl.replace(/\/+$/, "") }] : [],
    });
    const text = JSON.stringify(document);
    cached = { text, etag: etagOf(text) };
  }
  const headers = { "content-type": "application/json", ETag: cached.etag, "cache-control": "public, max-age=300" };
  const response = ifNoneMatchHits(request.headers.get("if-none-match"), cached.etag) ? new Response(null, { status: 304, headers }) : new Response(cached.text, { headers });
  return withCors(response, { kind: "public" }, request.headers.get("origin"));
}

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
