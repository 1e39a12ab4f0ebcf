"use client";

import { createApiClient, type ApiClient } from "@/lib/console/api/client";

/**
 * The REST API from the browser, as the signed-in user: a short-lived console token from /api/console-token,
 * kept until a minute before it expires. Used where the browser itself must talk to the API (live polling,
 * uploads with progress); everything else goes through server actions.
 */
let cached: { token: string; expiresAt: number } | null = null;

export async function consoleToken(): Promise<string> {
  if (cached && cached.expiresAt - Date.now() > 60_000) return cached.token;
  const response = await fetch("/api/console-token", { cache: "no-store" });
  if (!response.ok) throw new Error(response.status === 401 ? "Your session has ended. Sign in again." : "Could not reach the server");
  const body = (await response.json()) as { token: string; expiresAt: string };
  cached = { token: body.token, expiresAt: Date.parse(body.expiresAt) };
  return body.token;
}

export async function browserApi(): Promise<ApiClient> {
  return createApiClient({ baseUrl: `${window.location.origin}/api/v1`, token: await consoleToken() });
}
