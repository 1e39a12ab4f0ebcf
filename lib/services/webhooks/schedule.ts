/**
 * When a failed delivery is tried again: the Standard Webhooks / Svix schedule (5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h), about 27 hours from the first attempt to the last, so a receiver that is down for most of a day
 * still gets everything. Index i is the wait after attempt i + 1.
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

/** An endpoint whose deliveries have failed for this long without a single success is disabled. */
export const DISABLE_AFTER_MS = 24 * 3_600_000;

/** The wait after `attempts` attempts (1-based), or null when the schedule is exhausted. */
export function retryDelay(attempts: number, schedule: readonly number[] = RETRY_DELAYS_MS): number | null {
  return attempts >= 1 && attempts <= schedule.length ? schedule[attempts - 1]! : null;
}

export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

export function disabledReason(now: Date, lastError: string): string {
  return `Disabled automatically on ${now.toISOString()}: every delivery failed for 24 hours. Last error: ${lastError}`.slice(0, 1000);
}
