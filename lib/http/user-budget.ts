import "server-only";
import { env } from "@/lib/env";
import type { RateLimits } from "@/lib/services/rate-limit";

/**
 * A person's own rate-limit budget (DESIGN §1.2: console tokens have their own, more generous budget per user),
 * shared by everything that acts as that person rather than as an API key: the console and their MCP agents.
 * lib/http/authenticate.ts (console tokens) and lib/mcp/rate-limit.ts (agents) both take it from here.
 */
export function userRateBudget(userId: string): { rateSubject: string; limits: RateLimits } {
  const config = env();
  // People clicking through the console get more room than a script: ten times the key budget.
  return { rateSubject: `user:${userId}`, limits: { perMinute: config.RATE_LIMIT_PER_MINUTE * 10, perDay: config.RATE_LIMIT_PER_DAY * 10 } };
}
