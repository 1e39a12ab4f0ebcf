import "server-only";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { getRuntime } from "@/lib/runtime";
import { consumeFixedWindow } from "@/lib/services/rate-limit";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Dynamic client registration is open to anyone, so it is limited per client address
 * (OAUTH_REGISTRATIONS_PER_HOUR, 20 by default): past it, 429 with Retry-After and an OAuth-style error body,
 * the shape every other answer of the registration endpoint has. Null: go ahead.
 */
export async function registrationLimited(request: Request): Promise<Response | null> {
  const config = env();
  const address = clientAddress(request.headers, { trustedProxies: config.TRUST_PROXY }) ?? "unknown";
  const { db } = await getRuntime();
  const state = await consumeFixedWindow(db, { input: { subject: `oauth-register:${address}`, window: "hour", windowMs: HOUR_MS, limit: config.OAUTH_REGISTRATIONS_PER_HOUR } });
  if (!state.exceeded) return null;
  return Response.json(
    { error: "too_many_requests", error_description: `Too many client registrations from this address. Try again in ${state.retryAfterSeconds} seconds.` },
    {
      status: 429,
      headers: {
        "Retry-After": String(state.retryAfterSeconds),
        "X-RateLimit-Limit": String(state.limit),
        "X-RateLimit-Remaining": String(state.remaining),
        "X-RateLimit-Reset": String(state.reset),
        "Cache-Control": "no-store",
      },
    },
  );
}
