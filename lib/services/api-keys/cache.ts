import "server-only";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, DbOrTx } from "@/lib/db/client";

/**
 * An in-process cache of resolved API keys, so a hot key costs no database round trip per request.
 *
 * What a key resolves to changes only when the key is revoked or its creator's role changes or ends; those writes
 * call `apiKeysChanged` after they commit. That empties this process's cache at once and sends a PostgreSQL
 * NOTIFY that every other process sharing the database LISTENs for and answers the same way. On PGlite (one
 * process) the local invalidation is all there is to do.
 *
 * The listener starts once, at server boot (lib/runtime/server.ts), not on a request. A notification sent while
 * its connection is down is lost, so the cache is bypassed and emptied the moment the connection drops, stays
 * bypassed until a new connection LISTENs again, and starts empty then. A connection that dies without closing
 * (a half-open socket) is caught by a heartbeat query with a timeout; and entries are dropped after MAX_AGE_MS
 * whatever happens, so even an undetected loss cannot keep a revoked key alive for long.
 *
 * Lookups that started before an invalidation are not stored when they finish (the generation counter), so a
 * read that raced the revocation cannot put the old answer back.
 */
const CHANNEL = "quarry_api_keys";
/** How the listening connection names itself in pg_stat_activity (operators, and the integration test, find it so). */
export const LISTENER_APPLICATION_NAME = "quarry-api-key-listener";
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

type Entry<T> = { value: T; storedAt: number };
type CacheState = {
  entries: Map<string, Entry<unknown>>;
  generation: number;
  /** PostgreSQL: whether the LISTEN connection is up (the cache is used only then). PGlite: always true. */
  listening: boolean;
  watching: boolean;
  /** Stops the PostgreSQL listener and its reconnection (shutdown). */
  stop?: () => void;
};

// On globalThis: Next duplicates module state across server chunks, and the revoke route must empty the cache
// the other routes read.
const store = globalThis as { __quarryApiKeyCache?: CacheState };
const state: CacheState = (store.__quarryApiKeyCache ??= { entries: new Map(), generation: 0, listening: false, watching: false });

/** Starts listening for invalidations, once per process (at boot); until the listener is up the cache is bypassed. */
export function watchApiKeyChanges(handle: DatabaseHandle): void {
  if (state.watching) return;
  state.watching = true;
  // API_KEY_CACHE=off: every request looks its key up (a switch for measuring the cache, and a way out should it misbehave).
  if (process.env.API_KEY_CACHE === "off") return;
  if (handle.kind === "pglite") {
    state.listening = true;
    return;
  }
  state.stop = keepListening(handle.url);
}

/** Shutdown: closes the listening connection and bypasses the cache from now on. */
export function stopWatchingApiKeyChanges(): void {
  state.stop?.();
  state.stop = undefined;
  state.listening = false;
  state.watching = false;
  forget();
}

/** One LISTEN connection at a time, replaced after any failure; returns the function that ends it for good. */
function keepListening(url: string): () => void {
  let stopped = false;
  let current: { client: pg.Client; heartbeat?: NodeJS.Timeout } | null = null;
  let retry: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client) => {
    if (current?.client !== client) return; // an old connection's late 'end' after its replacement started
    clearInterval(current.heartbeat);
    current = null;
    // Anything announced from now on is missed: stop trusting (and empty) the cache until a new LISTEN is up.
    state.listening = false;
    forget();
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  const connect = () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    current = { client };
    client.on("error", () => drop(client));
    client.on("end", () => drop(client));
    client.on("notification", (message) => message.channel === CHANNEL && forget());
    client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => {
        if (current?.client !== client) return;
        // Whatever changed while no one listened is gone from the cache too: it starts empty.
        forget();
        state.listening = true;
        current.heartbeat = setInterval(() => void client.query("select 1").catch(() => drop(client)), HEARTBEAT_MS).unref();
      })
      .catch((error: unknown) => {
        if (current?.client === client) console.error("[api-keys] cannot listen for key changes; serving without the cache until it can:", (error as Error).message);
        drop(client);
      });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    if (current) {
      const { client } = current;
      clearInterval(current.heartbeat);
      current = null;
      client.end().catch(() => undefined);
    }
  };
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
