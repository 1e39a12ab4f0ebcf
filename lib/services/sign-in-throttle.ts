import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimitBuckets } from "@/lib/db/schema";

/**
 * Password guessing gets slower with every failure, per account and per client address: a few free failures,
 * then a wait that doubles with each further failure, capped so that nobody can lock an account out for long
 * (a lock that never ends would turn the throttle into a way to deny someone their own account). A success
 * clears the account's failures. Failures live in rate_limit_buckets, one row per failure instant, and are
 * forgotten after a day (and pruned with the other buckets after two).
 *
 * Each attempt is counted before the password is checked and taken back if it succeeds or was refused, so a
 * burst of parallel guesses cannot all slip through while none has been recorded yet.
 */
export type BackoffPolicy = { freeFailures: number; baseDelaySeconds: number; maxDelaySeconds: number };

export const SIGN_IN_POLICIES = {
  /** Someone who forgot a password gets five tries; then 2 s, 4 s, 8 s … up to 15 minutes between tries. */
  account: { freeFailures: 5, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60 },
  /** An address is shared by an office behind NAT: more room, the same growth. */
  address: { freeFailures: 20, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60 },
} satisfies Record<string, BackoffPolicy>;

const WINDOW = "signin-failure";
const MEMORY_MS = 24 * 60 * 60 * 1000;

export type SignInSubjects = { account: string; address: string | null };

/** Subject strings for the buckets table; the e-mail is stored only as a hash. */
export function signInSubjects(email: string, address: string | null): SignInSubjects {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  return { account: `signin:account:${hash}`, address: address ? `signin:ip:${address}` : null };
}

/** How long to wait after the last of `failures` failures before the next try is checked. */
export function backoffSeconds(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** Math.min(30, failures - policy.freeFailures));
}

type FailureRow = { windowStart: Date; count: number };

/**
 * Seconds still to wait, given one subject's failure rows that include this attempt's own provisional count
 * at `now`: the failures before it decide the delay, counted from the latest of them.
 */
export function waitSeconds({ rows, now, policy }: { rows: FailureRow[]; now: Date; policy: BackoffPolicy }): number {
  const earlier = rows.reduce((sum, row) => sum + row.count, 0) - 1;
  if (earlier < policy.freeFailures) return 0;
  const mine = rows.find((row) => row.windowStart.getTime() === now.getTime());
  // Another attempt at the very same millisecond counts as a failure just now.
  const previous = mine && mine.count > 1 ? now.getTime() : Math.max(0, ...rows.filter((row) => row !== mine).map((row) => row.windowStart.getTime()));
  const readyAt = previous + backoffSeconds(earlier, policy) * 1000;
  return readyAt > now.getTime() ? Math.ceil((readyAt - now.getTime()) / 1000) : 0;
}

export type SignInAttempt = {
  /** 0: go ahead and check the password; otherwise refuse and say how long to wait. */
  retryAfterSeconds: number;
  succeeded: () => Promise<void>;
};

function subjectList(subjects: SignInSubjects): string[] {
  return subjects.address ? [subjects.account, subjects.address] : [subjects.account];
}

async function takeBack(db: Db, { subjects, at }: { subjects: string[]; at: Date }): Promise<void> {
  const mine = and(inArray(rateLimitBuckets.subject, subjects), eq(rateLimitBuckets.window, WINDOW), eq(rateLimitBuckets.windowStart, at));
  await db.update(rateLimitBuckets).set({ count: sql`${rateLimitBuckets.count} - 1` }).where(mine);
  await db.delete(rateLimitBuckets).where(and(mine, lte(rateLimitBuckets.count, 0)));
}

/**
 * Starts a sign-in attempt: counts it as a failure, then decides whether it may be checked. A refused attempt
 * is taken back (waiting out the delay must be enough); `succeeded()` takes it back and clears the account.
 */
export async function beginSignInAttempt(db: Db, { subjects, now = new Date() }: { subjects: SignInSubjects; now?: Date }): Promise<SignInAttempt> {
  const list = subjectList(subjects);
  await db
    .insert(rateLimitBuckets)
    .values(list.map((subject) => ({ subject, window: WINDOW, windowStart: now, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitBuckets.subject, rateLimitBuckets.window, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    });
  const rows = await db
    .select({ subject: rateLimitBuckets.subject, windowStart: rateLimitBuckets.windowStart, count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(inArray(rateLimitBuckets.subject, list), eq(rateLimitBuckets.window, WINDOW), gt(rateLimitBuckets.windowStart, new Date(now.getTime() - MEMORY_MS))));
  const of = (subject: string) => rows.filter((row) => row.subject === subject);
  const wait = Math.max(
    waitSeconds({ rows: of(subjects.account), now, policy: SIGN_IN_POLICIES.account }),
    subjects.address ? waitSeconds({ rows: of(subjects.address), now, policy: SIGN_IN_POLICIES.address }) : 0,
  );
  if (wait > 0) await takeBack(db, { subjects: list, at: now });
  return {
    retryAfterSeconds: wait,
    succeeded: async () => {
      if (subjects.address) await takeBack(db, { subjects: [subjects.address], at: now });
      await db.delete(rateLimitBuckets).where(and(eq(rateLimitBuckets.subject, subjects.account), eq(rateLimitBuckets.window, WINDOW)));
    },
  };
}
