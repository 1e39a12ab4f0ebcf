import { Client, StreamableHTTPClientTransport, UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/client";

/**
 * An MCP agent for tests: the official MCP TypeScript client with an in-memory OAuth client provider, which
 * registers itself dynamically, runs PKCE and keeps its tokens. How the user consents is up to the caller: a
 * real browser (Playwright) or plain HTTP with a signed-in session (integration tests).
 */
type ClientInformation = Awaited<ReturnType<OAuthClientProvider["clientInformation"]>>;
type Tokens = Awaited<ReturnType<OAuthClientProvider["tokens"]>>;
type DiscoveryState = Parameters<NonNullable<OAuthClientProvider["saveDiscoveryState"]>>[0];

export class TestAgentAuth implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  information: ClientInformation;
  stored: Tokens;
  private verifier = "";
  /** Kept beside the code verifier, so the SDK can check that the code comes back from the server it was sent to. */
  private discovered: DiscoveryState | undefined;

  constructor(
    readonly redirectUrl: string,
    readonly clientName = "Test agent",
  ) {}

  get clientMetadata() {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: NonNullable<ClientInformation>) {
    this.information = information;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: NonNullable<Tokens>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: DiscoveryState) {
    this.discovered = state;
  }
  discoveryState() {
    return this.discovered;
  }
  /** What a real agent does when the server says its credentials are no longer valid (a revoked connection). */
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "client") this.information = undefined;
    if (scope === "all" || scope === "tokens") this.stored = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = "";
    if (scope === "all" || scope === "discovery") this.discovered = undefined;
  }
}

export type Consent = (authorizationUrl: URL) => Promise<URLSearchParams>;

/** Connects, is sent to authorize, lets `consent` play the user, redeems the code and connects for real. */
export async function connectAgent(baseUrl: string, consent: Consent, auth = new TestAgentAuth("http://127.0.0.1:9/callback")): Promise<{ client: Client; auth: TestAgentAuth }> {
  const url = new URL(`${baseUrl}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: auth });
  const unauthorized = await new Client({ name: "quarry-test-agent", version: "1.0.0" }).connect(first).then(
    () => null,
    (error: unknown) => error,
  );
  if (!(unauthorized instanceof UnauthorizedError) || !auth.authorizationUrl) throw new Error(`expected to be sent to authorize, got ${String(unauthorized)}`);
  const callback = await consent(auth.authorizationUrl);
  if (callback.get("error")) throw new Error(`authorization failed: ${callback.get("error")}: ${callback.get("error_description")} (asked: ${auth.authorizationUrl.search})`);
  await first.finishAuth(callback);
  const client = new Client({ name: "quarry-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: auth }));
  return { client, auth };
}

/** A tiny cookie jar: enough for one user's browser-like walk through sign-in and consent. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(response);
  return response;
}

/** Signs in to the console over HTTP (Auth.js credentials), as the sign-in form would. */
export async function signedInJar(baseUrl: string, email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const { csrfToken } = (await (await send(jar, `${baseUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const response = await send(jar, `${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: baseUrl }).toString(),
  });
  if (response.status >= 400 || !jar.header().includes("session-token")) throw new Error(`sign-in failed: ${response.status}`);
  return jar;
}

export type ConsentStep = { consentUrl: URL; uid: string };

/** Follows the authorization request to the consent page. */
export async function openConsent(jar: CookieJar, authorizationUrl: URL): Promise<ConsentStep> {
  const response = await send(jar, authorizationUrl.toString());
  const location = response.headers.get("location");
  if (response.status !== 303 && response.status !== 302) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  const consentUrl = new URL(location ?? "", authorizationUrl);
  const uid = consentUrl.searchParams.get("uid");
  if (consentUrl.pathname !== "/oauth/consent" || !uid) throw new Error(`expected the consent page, got ${consentUrl.toString()}`);
  return { consentUrl, uid };
}

/** Posts the consent form and follows the redirects up to the agent's redirect URI; returns its query. */
export async function decide(jar: CookieJar, step: ConsentStep, decision: { allow: boolean; teamId?: string }): Promise<URLSearchParams> {
  const base = step.consentUrl.origin;
  let response = await send(jar, `${base}/oauth/consent/decision`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ uid: step.uid, teamId: decision.teamId ?? "", decision: decision.allow ? "allow" : "deny" }).toString(),
  });
  for (let hop = 0; hop < 5; hop++) {
    const location = response.headers.get("location");
    if (!location) throw new Error(`consent stopped at ${response.status}: ${await response.text()}`);
    const next = new URL(location, base);
    if (next.origin !== base) return next.searchParams;
    response = await send(jar, next.toString());
  }
  throw new Error("too many redirects after consent");
}
