import { inject } from "vitest";

/** Small helpers over fetch for talking to the real server the way an integration would. */
export type ApiResponse<T = Record<string, unknown>> = { status: number; headers: Headers; body: T };

export function quarry() {
  return inject("quarry");
}

export function baseUrl(index = 0): string {
  const url = quarry().baseUrls[index];
  if (!url) throw new Error(`no server #${index}`);
  return url;
}

/**
 * The seed teams' keys are one budget (100 requests a minute) shared by every test file running at once; on a quiet
 * machine the files together can spend it within a minute. A request on such a key that is refused for the budget
 * waits as the server's Retry-After says and is sent again, as a well-behaved client does. Tests of the limits use keys
 * of their own (freshKey), whose 429s they receive unchanged.
 */
const SHARED_BUDGET_WAIT_MS = 120_000;

function isSeedKey(key: string | null | undefined): boolean {
  return Boolean(key) && quarry().seed.teams.some((team) => team.apiKey === key);
}

/** fetch, waiting out a 429 on a seed team's shared key. */
async function fetchPatiently(url: string, init: RequestInit, key: string | null | undefined): Promise<Response> {
  const deadline = Date.now() + SHARED_BUDGET_WAIT_MS;
  for (;;) {
    const response = await fetch(url, init);
    if (response.status !== 429 || !isSeedKey(key) || Date.now() > deadline) return response;
    const seconds = Number(response.headers.get("retry-after")) || 1;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

export async function call<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; key?: string | null; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string>; server?: number } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization ??= `Bearer ${options.key}`;
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  const init: RequestInit = {
    method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    redirect: "manual",
  };
  const response = await fetchPatiently(`${baseUrl(options.server)}${path}`, init, options.key);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export function seedTeam(name: "Acme" | "Globex") {
  const team = quarry().seed.teams.find((candidate) => candidate.name === name);
  if (!team) throw new Error(`seed has no ${name}`);
  return team;
}

export function seedMember(teamName: "Acme" | "Globex", role: "admin" | "reviewer") {
  const member = seedTeam(teamName).members.find((candidate) => candidate.role === role);
  if (!member) throw new Error(`seed has no ${role} in ${teamName}`);
  return member;
}

let counter = 0;
export function unique(label: string): string {
  counter += 1;
  return `${label} ${Date.now().toString(36)}-${counter}`;
}

/** A fresh key for one test, so tests never share a rate-limit budget. */
export async function freshKey(creatorKey: string, permissions?: string[]): Promise<{ id: string; key: string }> {
  const response = await call<{ id: string; key: string }>("/api/v1/api-keys", { key: creatorKey, body: { name: unique("test key"), ...(permissions ? { permissions } : {}) } });
  if (response.status !== 201) throw new Error(`could not create a key: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function cookieHeader(setCookies: string[], existing = ""): string {
  const jar = new Map(existing.split("; ").filter(Boolean).map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

/** A server of the suite by index, or any server by its base URL (a test's own server). */
function serverUrl(server: number | string): string {
  return typeof server === "string" ? server : baseUrl(server);
}

/** Signs in through next-auth's credentials flow over HTTP; returns the session cookie, or null when refused. */
export async function signIn(email: string, password: string, server: number | string = 0): Promise<string | null> {
  const base = serverUrl(server);
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  let cookies = cookieHeader(csrf.headers.getSetCookie());
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }),
    redirect: "manual",
  });
  cookies = cookieHeader(response.headers.getSetCookie(), cookies);
  return cookies.includes("authjs.session-token=") ? cookies : null;
}

/** The console's short-lived API token for a signed-in session. */
export async function consoleTokenFor(cookie: string, server: number | string = 0): Promise<string> {
  const response = await fetch(`${serverUrl(server)}/api/console-token`, { headers: { cookie } });
  if (!response.ok) throw new Error(`no console token: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export type Invited = { invitation: { id: string; email: string; role: string }; acceptUrl: string };

/** Invites a person through the API (POST /members answers with an invitation, never a membership). */
export async function invite(adminKey: string, person: { name: string; email: string; role: string }, server: number | string = 0): Promise<Invited> {
  const response = await fetchPatiently(
    `${serverUrl(server)}/api/v1/members`,
    { method: "POST", headers: { authorization: `Bearer ${adminKey}`, "content-type": "application/json" }, body: JSON.stringify(person) },
    adminKey,
  );
  const body = (await response.json()) as Invited;
  if (response.status !== 201) throw new Error(`could not invite: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Someone new opening their invitation link and choosing a password: they have an account and are a member. */
export async function joinThroughLink(acceptUrl: string, person: { name: string; password: string }, server: number | string = 0): Promise<ApiResponse> {
  const token = new URL(acceptUrl).pathname.split("/").at(-1)!;
  const response = await fetch(`${serverUrl(server)}/api/join/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(person) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Adds someone new to a team as they join today: invited through the API, then joined through the link with a
 * password of their own. Returns their id (from the admin's member list) and password; no sign-in.
 */
export async function inviteAndJoin(adminKey: string, person: { name: string; email: string; role: string }, server: number | string = 0) {
  const invited = await invite(adminKey, person, server);
  const password = `pw-${crypto.randomUUID()}`;
  const joined = await joinThroughLink(invited.acceptUrl, { name: person.name, password }, server);
  if (joined.status !== 200) throw new Error(`could not join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const list = (await (await fetch(`${serverUrl(server)}/api/v1/members`, { headers: { authorization: `Bearer ${adminKey}` } })).json()) as { data: { id: string; email: string }[] };
  const member = list.data.find((candidate) => candidate.email === person.email.toLowerCase());
  if (!member) throw new Error(`${person.email} did not become a member`);
  return { userId: member.id, email: person.email, password };
}

/** Adds a person to a team through the API (invitation, then the link) and signs them in; returns their console token. */
export async function addMemberAndSignIn(adminKey: string, role: "admin" | "member" | "reviewer") {
  const email = `${unique(role).replace(/\W+/g, ".")}@example.test`.toLowerCase();
  const joined = await inviteAndJoin(adminKey, { name: `Test ${role}`, email, role });
  const cookie = await signIn(email, joined.password);
  if (!cookie) throw new Error("new member could not sign in");
  return { ...joined, cookie, token: await consoleTokenFor(cookie) };
}
