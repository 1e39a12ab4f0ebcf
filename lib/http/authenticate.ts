import "server-only";
import { apiKeyRegion } from "@/lib/secrets/api-key-token";
import { verifyConsoleToken } from "@/lib/secrets/console-token";
import { env, regionBaseUrl } from "@/lib/env";
import type { Runtime } from "@/lib/runtime";
import { mustChangePassword } from "@/lib/services/account";
import { authenticateApiKey } from "@/lib/services/api-keys";
import type { ServiceContext } from "@/lib/services/context";
import type { RateLimits } from "@/lib/services/rate-limit";
import { isSessionKeyActive } from "@/lib/services/sessions";
import { memberContext } from "@/lib/services/teams";
import { forbidden, unauthorized } from "@/lib/services/errors";
import { userRateBudget } from "./user-budget";

export type Caller = { ctx: ServiceContext; rateSubject: string; limits: RateLimits };

const REGION_NAMES = { us: "US", eu: "EU" } as const;

/** The raw key and `Bearer <key>` are both accepted (spec, Authentication 2). */
export function presentedCredential(request: Request): string | null {
  const header = request.headers.get("authorization")?.trim();
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, "").trim() || null;
}

/** What a person whose password an admin set may still do before choosing their own: know who they are, and choose it. */
const BEFORE_NEW_PASSWORD = new Set(["getMe", "changeMyPassword"]);

export async function authenticate(request: Request, runtime: Pick<Runtime, "db">, operationId?: string): Promise<Caller> {
  const { db } = runtime;
  const credential = presentedCredential(request);
  if (!credential) throw unauthorized("Missing API key. Send it in the Authorization header: `Authorization: Bearer <API_KEY>`.");
  const config = env();

  const consoleSession = await verifyConsoleToken(credential);
  if (consoleSession) {
    if (!(await isSessionKeyActive(db, { sessionKey: consoleSession.sessionKey, userId: consoleSession.userId }))) {
      throw unauthorized("This session was signed out. Sign in again.");
    }
    const member = await memberContext(db, { userId: consoleSession.userId, teamId: consoleSession.teamId, via: "console" });
    if (!member) throw unauthorized("This session no longer has access to the team. Sign in again.");
    const ctx = { ...member, actor: { ...member.actor, sessionKey: consoleSession.sessionKey } };
    if (!BEFORE_NEW_PASSWORD.has(operationId ?? "") && (await mustChangePassword(db, consoleSession.userId))) {
      throw forbidden("Choose a new password first: an admin set your password, and the console asks you for your own.");
    }
    return { ctx, ...userRateBudget(consoleSession.userId) };
  }

  const region = apiKeyRegion(credential);
  if (region && region !== config.REGION) {
    throw unauthorized(`This API key belongs to the ${REGION_NAMES[region]} region. Use ${regionBaseUrl(region)}.`);
  }
  const key = region ? await authenticateApiKey(db, credential) : null;
  if (!key) throw unauthorized("Invalid or revoked API key.");
  if ("expiredAt" in key) {
    throw unauthorized(`This API key expired on ${key.expiredAt.toISOString().slice(0, 16).replace("T", " ")} UTC. Create a new key in the console (Settings › API keys).`);
  }
  return {
    ctx: {
      db,
      teamId: key.teamId,
      region: key.region,
      actor: { userId: key.userId, apiKeyId: key.keyId, via: "apiKey" },
      role: key.role,
      permissions: key.permissions,
    },
    rateSubject: `key:${key.keyId}`,
    limits: { perMinute: config.RATE_LIMIT_PER_MINUTE, perDay: config.RATE_LIMIT_PER_DAY },
  };
}
