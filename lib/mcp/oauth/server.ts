import "server-only";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type Provider from "oidc-provider";
import { env, publicBaseUrlForHost } from "@/lib/env";
import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from "@/lib/http/json-depth";
import { getRuntime } from "@/lib/runtime";
import { createProvider } from "./provider";

/**
 * oidc-provider speaks Node's http (req, res); Next's route handlers speak fetch. Rather than faking Node
 * objects, each process runs the provider on a private loopback port and the routes under /oauth and
 * /.well-known forward to it. It keeps no state of its own (everything is in the database), so any number of
 * instances can serve the same deployment.
 */
type AuthorizationServer = { provider: Provider; origin: string };
type OAuthGlobal = { __quarryAuthorizationServers?: Map<string, Promise<AuthorizationServer>> };
const store = globalThis as OAuthGlobal;

/** The authorization server of one configured public address (PUBLIC_BASE_URL by default), started on first use. */
export function authorizationServer(baseUrl: string = env().publicBaseUrl): Promise<AuthorizationServer> {
  const servers = (store.__quarryAuthorizationServers ??= new Map());
  let server = servers.get(baseUrl);
  if (!server) {
    server = start(baseUrl).catch((error: unknown) => {
      servers.delete(baseUrl);
      throw error;
    });
    servers.set(baseUrl, server);
  }
  return server;
}

/**
 * The configured public address a request came in by: its Host (or, behind TRUST_PROXY proxies, the forwarded
 * host) when that is PUBLIC_BASE_URL or one of PUBLIC_BASE_URLS, else PUBLIC_BASE_URL.
 */
export function publicBaseUrlOf(request: Request): string {
  const config = env();
  const forwarded = config.TRUST_PROXY > 0 ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return publicBaseUrlForHost(forwarded || request.headers.get("host"), config);
}

async function start(baseUrl: string): Promise<AuthorizationServer> {
  const { db } = await getRuntime();
  const provider = await createProvider(db, baseUrl);
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // Never keep the process alive on its own account.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return { provider, origin: `http://127.0.0.1:${port}` };
}

const MAX_REQUEST_BYTES = 64 * 1024;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie"]);

/** Forwards one request to the provider of the public address it came in by, as if it had reached it directly there. */
export async function forwardToAuthorizationServer(request: Request, path: string): Promise<Response> {
  const baseUrl = publicBaseUrlOf(request);
  const { origin } = await authorizationServer(baseUrl);
  const incoming = new URL(request.url);
  const publicUrl = new URL(baseUrl);

  const headers = new Headers(request.headers);
  for (const name of ["host", "connection", "content-length", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"]) headers.delete(name);
  headers.set("x-forwarded-host", publicUrl.host);
  headers.set("x-forwarded-proto", publicUrl.protocol.replace(":", ""));

  let body: ArrayBuffer | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    body = await request.arrayBuffer();
    if (body.byteLength > MAX_REQUEST_BYTES) {
      return Response.json({ error: "invalid_request", error_description: "request body too large" }, { status: 413 });
    }
    // Client registration takes JSON, which the provider parses and stores whole (any extra metadata too).
    if (/json/i.test(request.headers.get("content-type") ?? "") && jsonNestsDeeperThan(Buffer.from(body).toString("utf8"))) {
      return Response.json({ error: "invalid_request", error_description: `JSON nested deeper than ${JSON_DEPTH_LIMIT} levels` }, { status: 400 });
    }
  }

  const upstream = await fetch(`${origin}${path}${incoming.search}`, { method: request.method, headers, body, redirect: "manual" });
  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) responseHeaders.set(name, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) responseHeaders.append("set-cookie", cookie);
  return new Response(upstream.status === 204 || upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: responseHeaders });
}
