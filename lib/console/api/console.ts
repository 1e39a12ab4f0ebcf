import "server-only";
import { redirect } from "next/navigation";
import { consoleToken } from "@/lib/auth/console-session";
import { env } from "@/lib/env";
import { createApiClient, type ApiClient } from "./client";

/**
 * The API as the signed-in console user. Calls go over loopback to this same server's /api/v1, so the
 * console uses exactly the public API, with the same authorization and validation as any integration.
 */
export async function consoleApi(): Promise<ApiClient> {
  return (await consoleCaller()).api;
}

/**
 * The API as the signed-in console user, and that user's id: what a review decision names as its reviewer,
 * known from the session without asking the API who I am (one round trip less in front of every decision).
 */
export async function consoleCaller(): Promise<{ api: ApiClient; userId: string }> {
  const minted = await consoleToken();
  if (!minted) redirect("/sign-in");
  return { api: createApiClient({ baseUrl: `http://127.0.0.1:${env().PORT}/api/v1`, token: minted.token }), userId: minted.userId };
}
