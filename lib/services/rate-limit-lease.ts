import "server-only";

/**
 * Rate-limit counts leased per process. A window's count in the database is the number of *places* handed out in
 * that window, to whichever process asked: a process claims a block of places in one atomic increment, serves
 * requests from its block (place p leaves limit − p), and claims again when the block is used up. Places past the
 * limit are never served, so however many processes claim, no window serves more than its limit. A block is at
 * most 1/64 of what the process last saw remaining, so it shrinks to a single place per request before the end of
 * a window: with 100 a minute every request is still counted in the database, exact to the request across
 * processes; the round trips saved are those of subjects with large limits, the only ones that can send many
 * requests a second. Places a process claimed and did not serve (its block when the window ends, or when it
 * exits) are lost to the others: at most one block per process, never an excess.
 */

export type CountedWindow = { name: string; ms: number; limit: number };

export type RateLimitState = {
  /** The window closest to running out: its limit, what is left, and when it resets (epoch seconds). */
  limit: number;
  remaining: number;
  reset: number;
  exceeded: boolean;
  retryAfterSeconds: number;
};

/** One window's part of a claim: add `want` places to the subject's count of the window starting at `start`. */
export type WindowClaim = { window: string; start: Date; want: number };

/** Runs the claims in one atomic statement and answers each window's count after it. */
export type ClaimPlaces = (subject: string, claims: WindowClaim[]) => Promise<Map<string, number>>;

/** Places are served in order from `next` to `last`; `seen` is the window's count at this process's last claim. */
type WindowLease = { start: number; next: number; last: number; seen: number };
type SubjectLease = { subject: string; windows: Map<string, WindowLease>; claiming: Promise<void> | null };

const BLOCK_FRACTION = 64;
const MAX_BLOCK = 64;

/** How many places to claim when `seen` of `limit` were taken at the last look: 1/64 of the rest, 1 to 64. */
export function leaseSize(limit: number, seen: number): number {
  return Math.max(1, Math.min(MAX_BLOCK, Math.floor((limit - seen) / BLOCK_FRACTION)));
}

/** The places a claim of `want` won, from the count after it: those up to the limit, none when it started past it. */
export function grantedPlaces({ countAfter, want, limit }: { countAfter: number; want: number; limit: number }): { first: number; last: number } {
  return { first: countAfter - want + 1, last: Math.min(countAfter, limit) };
}

function hasPlace(lease: WindowLease, window: CountedWindow): boolean {
  return lease.next <= lease.last && lease.next <= window.limit;
}

function windowStart(window: CountedWindow, now: Date): number {
  return Math.floor(now.getTime() / window.ms) * window.ms;
}

export class RateLimitLeaser {
  private readonly subjects = new Map<string, SubjectLease>();

  constructor(
    private readonly claimPlaces: ClaimPlaces,
    /** Subjects remembered at once; the oldest is forgotten past it (its unserved places are lost, never doubled). */
    private readonly maxSubjects = 10_000,
  ) {}

  /** Counts one request against every window; the state describes the window closest to running out. */
  async take(subject: string, { windows, now }: { windows: CountedWindow[]; now: Date }): Promise<RateLimitState> {
    const state = this.subjectLease(subject);
    for (;;) {
      const leases = windows.map((window) => this.currentLease(state, { window, now }));
      if (leases.every((lease, index) => hasPlace(lease, windows[index]!))) {
        const places = leases.map((lease) => lease.next++);
        return describe(
          windows.map((window, index) => ({ window, start: leases[index]!.start, remaining: window.limit - places[index]!, blocked: false })),
          now,
        );
      }
      // A window whose count reached its limit stays full until it ends: counts only grow, so no round trip.
      const blocked = windows.map((window, index) => !hasPlace(leases[index]!, window) && leases[index]!.seen >= window.limit);
      if (blocked.some(Boolean)) {
        return describe(
          windows.map((window, index) => {
            const lease = leases[index]!;
            const unserved = hasPlace(lease, window) ? Math.min(lease.last, window.limit) - lease.next + 1 : 0;
            return { window, start: lease.start, remaining: blocked[index] ? 0 : Math.max(0, window.limit - Math.min(lease.seen, window.limit) + unserved), blocked: blocked[index]! };
          }),
          now,
        );
      }
      if (state.claiming) {
        // One claim per subject at a time in this process; the others wait for its block.
        await state.claiming;
        continue;
      }
      const claim = this.claim(state, { windows, leases });
      // Waiters only need to know it ended; a failure reaches the request that claimed (and no unhandled rejection).
      state.claiming = claim.then(
        () => undefined,
        () => undefined,
      ).finally(() => (state.claiming = null));
      await claim;
    }
  }

  /** Claims a block for every window that has no place left, all in one statement. */
  private async claim(state: SubjectLease, { windows, leases }: { windows: CountedWindow[]; leases: WindowLease[] }): Promise<void> {
    // No window gives more than the tightest allows, so a longer window (the day) loses no more than a shorter one.
    const size = Math.min(...windows.map((window, index) => leaseSize(window.limit, leases[index]!.seen)));
    const wanted = windows.map((window, index) => (hasPlace(leases[index]!, window) ? 0 : size));
    const claims = windows.flatMap((window, index) => (wanted[index]! > 0 ? [{ window: window.name, start: new Date(leases[index]!.start), want: wanted[index]! }] : []));
    const counts = await this.claimPlaces(state.subject, claims);
    windows.forEach((window, index) => {
      const want = wanted[index]!;
      if (want === 0) return;
      const countAfter = counts.get(window.name);
      if (countAfter === undefined) throw new Error(`The rate-limit claim returned no count for the ${window.name} window`);
      const lease = leases[index]!;
      const { first, last } = grantedPlaces({ countAfter, want, limit: window.limit });
      Object.assign(lease, { next: first, last, seen: countAfter });
      state.windows.set(window.name, lease);
    });
  }

  private subjectLease(subject: string): SubjectLease {
    let state = this.subjects.get(subject);
    if (!state) {
      if (this.subjects.size >= this.maxSubjects) this.subjects.delete(this.subjects.keys().next().value!);
      state = { subject, windows: new Map(), claiming: null };
      this.subjects.set(subject, state);
    }
    return state;
  }

  /** The lease of the window `now` falls in; a new window starts empty and unseen. */
  private currentLease(state: SubjectLease, { window, now }: { window: CountedWindow; now: Date }): WindowLease {
    const start = windowStart(window, now);
    let lease = state.windows.get(window.name);
    if (!lease || lease.start !== start) {
      lease = { start, next: 1, last: 0, seen: 0 };
      state.windows.set(window.name, lease);
    }
    return lease;
  }
}

type WindowOutcome = { window: CountedWindow; start: number; remaining: number; blocked: boolean };

function describe(outcomes: WindowOutcome[], now: Date): RateLimitState {
  const withReset = outcomes.map((outcome) => ({ ...outcome, resetMs: outcome.start + outcome.window.ms }));
  const tightest = withReset.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  const blocking = withReset.filter((outcome) => outcome.blocked);
  const retryAtMs = blocking.length ? Math.max(...blocking.map((outcome) => outcome.resetMs)) : 0;
  return {
    limit: tightest.window.limit,
    remaining: tightest.remaining,
    reset: Math.ceil(tightest.resetMs / 1000),
    exceeded: blocking.length > 0,
    retryAfterSeconds: blocking.length ? Math.max(1, Math.ceil((retryAtMs - now.getTime()) / 1000)) : 0,
  };
}
