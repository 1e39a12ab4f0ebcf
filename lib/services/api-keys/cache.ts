import "server-only";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, DbOrTx } from "@/lib/db/client";

/**
 * An in-process cache of resolved API keys, so a hot key costs no database round trip per request.
 *
 * What a key resolves to changes only when the key is revoked or its creator's role changes or ends; those writes
 * call `apiKeysChanged` after they commit. That empties this process's cache at once and sends a PostgreSQL
 * NOTIFY that every other process sharing the database LISTENs for and answers the same way. A process whose
 * listening connection is down does not use the cache at all, and entries are dropped after MAX_AGE_MS whatever
 * happens, so a lost notification cannot keep a revoked key alive for long. On PGlite (one process) the local
 * invalidation is all there is to do.
 *
 * Lookups that started before an invalidation are not stored when they finish (the generation counter), so a
 * read that raced the revocation cannot put the old answer back.
 */
const CHANNEL = "quarry_api_keys";
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

type Entry<T> = { value: T; storedAt: number };
type CacheState = {
  entries: Map<string, Entry<unknown>>;
  generation: number;
  /** PostgreSQL: whether the LISTEN connection is up (the cache is used only then). PGlite: always true. */
  listening: boolean;
  listener?: Promise<void>;
};

// On globalThis: Next duplicates module state across server chunks, and the revoke route must empty the cache
// the other routes read.
const store = globalThis as { __quarryApiKeyCache?: CacheState };
const state: CacheState = (store.__quarryApiKeyCache ??= { entries: new Map(), generation: 0, listening: false });

/** Starts listening for invalidations once per process; until the listener is up the cache is bypassed. */
export function watchApiKeyChanges(handle: DatabaseHandle): void {
  if (state.listener) return;
  // API_KEY_CACHE=off: every request looks its key up (a switch for measuring the cache, and a way out should it misbehave).
  if (process.env.API_KEY_CACHE === "off") {
    state.listener = Promise.resolve();
    return;
  }
  if (handle.kind === "pglite") {
    state.listening = true;
    state.listener = Promise.resolve();
    return;
  }
  state.listener = listen(handle.url);
}

async function listen(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  const down = () => {
    if (!state.listening) return;
    state.listening = false;
    forget();
    client.end().catch(() => undefined);
    setTimeout(() => void (state.listener = listen(url)), RECONNECT_MS).unref();
  };
  client.on("error", down);
  client.on("end", down);
  client.on("notification", (message) => message.channel === CHANNEL && forget());
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    // Anything revoked while no one listened is gone from the cache too: it starts empty.
    forget();
    state.listening = true;
  } catch (error) {
    console.error("[api-keys] cannot listen for key changes; serving without the cache:", (error as Error).message);
    client.end().catch(() => undefined);
    setTimeout(() => void (state.listener = listen(url)), RECONNECT_MS).unref();
  }
}

function forget(): void {
  state.generation += 1;
  state.entries.clear();
}

/** The cached answer for `hash`, or what `load` resolves it to (stored when `storable` says so). */
export async function cachedKeyLookup<T>({ hash, load, storable }: { hash: string; load: () => Promise<T>; storable: (value: T) => boolean }): Promise<T> {
  if (!state.listening) return load();
  const hit = state.entries.get(hash);
  if (hit && Date.now() - hit.storedAt < MAX_AGE_MS) return hit.value as T;
  const generation = state.generation;
  const value = await load();
  if (storable(value) && generation === state.generation && state.listening) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
    state.entries.set(hash, { value, storedAt: Date.now() });
  }
  return value;
}

/** After a committed change to what keys resolve to: empties this process's cache and tells the others. */
export async function apiKeysChanged(db: DbOrTx): Promise<void> {
  forget();
  await db.execute(sql`select pg_notify(${CHANNEL}, '')`);
}
