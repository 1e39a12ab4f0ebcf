import "server-only";
import { withCors } from "@/lib/http/cors";
import { forwardToAuthorizationServer } from "./server";

/**
 * The response modes an authorization answer can really use here. oidc-provider always lists `form_post`, but its
 * auto-submitting page runs an inline handler that the console's Content-Security-Policy (proxy.ts) blocks, so a
 * form_post answer would stall in the browser; /oauth/authorize refuses it (app/oauth/[...path]/route.ts).
 */
export const SUPPORTED_RESPONSE_MODES = ["query", "fragment"];

/** Authorization server metadata (RFC 8414 / OpenID discovery) from the provider, corrected where it overstates. */
export async function discoveryDocument(request: Request, path: string): Promise<Response> {
  const upstream = await forwardToAuthorizationServer(request, path);
  let response = upstream;
  if (upstream.status === 200) {
    const metadata = (await upstream.json()) as Record<string, unknown>;
    metadata.response_modes_supported = SUPPORTED_RESPONSE_MODES;
    const headers = new Headers(upstream.headers);
    headers.delete("etag"); // the provider's tag was for the text before the correction
    response = Response.json(metadata, { status: 200, headers });
  }
  return withCors(response, { kind: "public" }, request.headers.get("origin"));
}
