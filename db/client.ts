import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDatabaseFolder } from './pglite-lock.ts';
import * as schema from './schema.ts';
import { PEERS_CHANNEL, type SessionQuery, soloInstance } from './solo-instance.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Applies every pending migration from db/migrations. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (on its own connection, re-established by the
   * driver), and with '' each time that connection is (re)established, since notifications sent
   * while it was down are lost; resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Resolves to true once every notification committed before the call has been handed to its
   * listener (one round trip on the listening connection, where Postgres delivers them in order);
   * to false while that connection is being re-established, when notifications can be missed.
   * With PGlite (one process) or no other instance (solo-instance.ts) there is nothing to wait for.
   */
  notificationBarrier(): Promise<boolean>;
  /**
   * Resolves once the listening connection is up (at most `timeoutMs` later). A writer waits for it
   * before acknowledging a change: while it is not listening it holds no solo-instance lock, so
   * another instance could be skipping its barrier (db/solo-instance.ts).
   */
  whenListening(timeoutMs: number): Promise<void>;
  /** When a query last failed because the server could not be reached or dropped the connection (0: never). */
  lastConnectionErrorAt(): number;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** A postgres:// URL: use postgres.js against that server. */
  url?: string;
  /** Otherwise: the folder of the embedded PGlite database. */
  pgliteDir: string;
  poolMax?: number;
}

const migrationsFolder = path.join(process.cwd(), 'db/migrations');
// Instances starting together on one Postgres take turns to migrate (SECURITY.md §3, test 7).
const MIGRATION_LOCK_KEY = 72_410_000;

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.url) return openPostgres(config.url, config.poolMax);
  const folder = path.resolve(config.pgliteDir);
  // PGlite creates only the last level of its folder.
  mkdirSync(path.dirname(folder), { recursive: true });
  const release = lockDatabaseFolder(folder);
  const handle = openPglite(new PGlite(folder));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

// Four defects of postgres.js 3.4.9 under a database restart or killed connections, found by the
// fault tests (tests/fault/postgres-restart.test.ts, killed-backends.test.ts, docs/reliability.md),
// are worked around here:
//  1. Its reconnect delay grows as 3^n/100 s up to 20 s, n counted across the whole pool, and a
//     query handed to a connection waiting out that delay waits with it: requests hung 7–20 s with
//     the database already back. reconnectDelaySeconds caps it at 1 s (with jitter).
//  2. A connection whose socket closes while a write is buffered keeps a stale write timer and
//     never sends another byte (porsager/postgres PR #1209, LanternOps/breeze#3225): every
//     reconnect of it ends in CONNECT_TIMEOUT, for good. The pool is therefore replaced when a
//     connect times out; queries already running on the old one finish (or fail) there.
//  3. Each new connection first fetches the array types, in a promise nobody handles
//     (connection.js fetchArrayTypes): a backend terminated during that query (a Postgres restart,
//     pg_terminate_backend) rejected it unhandled, and Bun exits on an unhandled rejection: the
//     app died. No connection of the app fetches them: Drizzle writes arrays as literals and
//     parses their text form itself.
//  4. It counts a result's rows per connection and resets the count only when a query completes:
//     after a query that failed midway (its backend terminated, or an error after some rows), the
//     next query on that connection got its rows after as many empty slots. Drizzle kept them:
//     a lookup of an existing post found nothing (a 404), a list had holes, /blog threw on
//     `undefined` (tests/fault/killed-backends.test.ts). dropEmptySlots removes them from every
//     result of the pool (a transaction's BEGIN, which returns no rows, resets the count).
// Connect attempts are bounded at CONNECT_TIMEOUT_SECONDS so that, with that 1 s delay, a
// request waiting for a connection still answers within SECURITY.md §3's 5 s.
// And one behaviour of any pool: queries wait in its queue for a connection. With the server
// away and 30 clients, that queue alone held requests past 5 s (the fault test's 10 s stop). So
// while the server is known to be unreachable, queries are refused at once with
// DATABASE_UNREACHABLE (a 503), and one every PROBE_INTERVAL_MS still goes through to find out
// when it is back; the first query that succeeds ends it.

/** Removes, in place, the empty slots defect 4 leaves at the start of a result; real rows are never empty. */
export function dropEmptySlots(rows: unknown): void {
  if (!Array.isArray(rows) || rows.length === 0 || 0 in rows) return;
  let kept = 0;
  for (let i = 0; i < rows.length; i++) if (i in rows) rows[kept++] = rows[i];
  rows.length = kept;
}

/** Seconds before a failed pool connection tries again (default: up to 20 s). */
export const reconnectDelaySeconds = (retries: number) => (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
const CONNECT_TIMEOUT_SECONDS = 3;
const PROBE_INTERVAL_MS = 250;
/** What a query refused while the database is unreachable fails with (server/errors.ts maps it to 503). */
export const DATABASE_UNREACHABLE = 'DATABASE_UNREACHABLE';
// Codes that say the server itself is gone or going, not just one connection.
const SERVER_DOWN = /^(ECONNREFUSED|CONNECT_TIMEOUT|57P01|57P02|57P03)$/;

/**
 * Whether the server is taken as unreachable, and so whether a query is refused at once (see
 * above): `failed` with each query's error code, `succeeded` after each answer, `refuse` before
 * each query. Pure but for the clock, for tests/unit/database-reachability.test.ts.
 */
export function reachability(now: () => number = Date.now) {
  let downSince = 0;
  let lastProbeAt = 0;
  let lastSuccessAt = 0;
  return {
    failed(code: string) {
      if (!SERVER_DOWN.test(code)) return;
      // A connect that timed out while other connections were answered meanwhile is a stuck
      // connection (defect 2), not a server away: refusing every query for it answered 503s for
      // seconds with the database up (tests/fault/killed-backends.test.ts).
      if (code === 'CONNECT_TIMEOUT' && now() - lastSuccessAt < CONNECT_TIMEOUT_SECONDS * 1000) return;
      downSince ||= now();
    },
    succeeded() {
      downSince = 0;
      lastSuccessAt = now();
    },
    /** True when this query is to be refused: the server is down and a probe went out lately. */
    refuse(): boolean {
      if (!downSince) return false;
      if (now() - lastProbeAt < PROBE_INTERVAL_MS) return true;
      lastProbeAt = now();
      return false;
    },
  };
}

// The driver's and the server's codes for "the connection is gone" (server/errors.ts has the full list).
const CONNECTION_ERROR = /^(ECONN|EPIPE|CONNECT_TIMEOUT|CONNECTION_|57P0)/;
const errorCode = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined);

type Listener = (payload: string) => void;

export function openPostgres(url: string, poolMax = 10): DatabaseHandle {
  const options = {
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
  };
  const newPool = () => {
    // fetch_types: false (point 3 above): no array-type query on each new connection.
    const created = postgres(url, { ...options, max: poolMax, idle_timeout: 30, fetch_types: false });
    // Drizzle sets its type parsers on the client it is given; every pool needs them.
    drizzlePostgres(created);
    return created;
  };
  let pool = newPool();
  let replacedAt = 0;
  let closed = false;

  const replacePool = () => {
    if (closed || Date.now() - replacedAt < CONNECT_TIMEOUT_SECONDS * 1000) return;
    replacedAt = Date.now();
    const old = pool;
    pool = newPool();
    console.error(JSON.stringify({ level: 'warn', event: 'database_pool_replaced', reason: 'connect timeout' }));
    void old.end({ timeout: 5 }).catch(() => {});
  };
  let lastConnectionErrorAt = 0;
  const server = reachability();
  const watch = (error: unknown) => {
    const code = String(errorCode(error));
    if (CONNECTION_ERROR.test(code)) lastConnectionErrorAt = Date.now();
    server.failed(code);
    if (code === 'CONNECT_TIMEOUT') replacePool();
  };
  const succeeded = () => server.succeeded();
  const refuse = () => server.refuse();
  const unreachable = () => Object.assign(new Error('Database unreachable'), { code: DATABASE_UNREACHABLE });

  // What drizzle holds: the current pool, seen through its query entry points so a connect
  // timeout can be noticed. `unsafe` answers a lazy query drizzle may still call .values() on, so
  // only its `then` is wrapped.
  const unsafe = ((...args: Parameters<postgres.Sql['unsafe']>) => {
    if (refuse()) {
      const refused = Promise.reject(unreachable());
      return Object.assign(refused, { values: () => refused, execute: () => refused });
    }
    const query = pool.unsafe(...args);
    const then = query.then as (this: unknown, ...handlers: unknown[]) => unknown;
    // biome-ignore lint/suspicious/noThenProperty: wraps the query's own then, so every result passes through dropEmptySlots
    (query as { then: unknown }).then = function (
      this: unknown,
      onFulfilled?: (value: unknown) => unknown,
      onRejected?: (error: unknown) => unknown,
    ) {
      return then.call(
        this,
        (value: unknown) => {
          succeeded();
          dropEmptySlots(value);
          return onFulfilled ? onFulfilled(value) : value;
        },
        (error: unknown) => {
          watch(error);
          if (onRejected) return onRejected(error);
          throw error;
        },
      );
    };
    return query;
  }) as postgres.Sql['unsafe'];
  const observe = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => {
        succeeded();
        return value;
      },
      (error: unknown) => {
        watch(error);
        throw error;
      },
    );
  const begin = ((...args: Parameters<postgres.Sql['begin']>) =>
    refuse()
      ? Promise.reject(unreachable())
      : observe((pool.begin as (...a: unknown[]) => Promise<unknown>)(...args))) as postgres.Sql['begin'];
  const client = new Proxy(pool, {
    get: (target, property) => {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      if (property === 'prototype') return Reflect.get(target, property);
      return Reflect.get(pool, property);
    },
    apply: (_target, _this, args) => (pool as unknown as (...a: unknown[]) => unknown)(...args),
  });

  // ---- LISTEN: one connection of its own. Postgres delivers notifications on it in order, so a
  // round trip on it is a barrier (notificationBarrier). When it drops, LISTEN is issued again
  // until it holds, and every listener is then called with '' for what it may have missed.
  const channels = new Map<string, Set<Listener>>();
  let listening = false;
  let epoch = 0;
  let relistening = false;
  // Whether a cache hit may skip the barrier: no other instance on this database (solo-instance.ts).
  const solo = soloInstance();
  const sessionQuery: SessionQuery = (statement) => listener.unsafe(statement);
  const newListener = () =>
    postgres(url, {
      ...options,
      max: 1,
      idle_timeout: 0,
      max_lifetime: 0,
      fetch_types: false,
      // Accepted by postgres.js (src/index.js) but missing from its types; sql.listen is built on it.
      ...({
        onnotify: (channel: string, payload: string) => {
          for (const fn of channels.get(channel) ?? []) fn(payload);
        },
      } as object),
      onclose: () => {
        epoch++;
        listening = false;
        solo.lost();
        void listenAgain();
      },
    });
  let listener = newListener();
  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  async function listenAgain(): Promise<void> {
    if (relistening || closed || channels.size === 0) return;
    relistening = true;
    try {
      while (!closed && !listening) {
        const attempt = epoch;
        try {
          for (const channel of channels.keys()) await listener.unsafe(`listen ${quoted(channel)}`);
          await solo.claim(sessionQuery);
          if (attempt !== epoch) continue;
          listening = true;
          for (const fns of channels.values()) for (const fn of fns) fn('');
        } catch (error) {
          if (errorCode(error) === 'CONNECT_TIMEOUT') {
            // A poisoned connection (point 2 above) never recovers: take a new one.
            const old = listener;
            listener = newListener();
            void old.end({ timeout: 1 }).catch(() => {});
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    } finally {
      relistening = false;
    }
  }

  const db = drizzlePostgres(client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      // A session-level advisory lock held on a connection of its own while the pool migrates
      // (not sql.reserve(): with fetch_types off, postgres.js 3.4.9 never hands a reserved
      // connection over once it has connected).
      const lock = postgres(url, { ...options, max: 1, fetch_types: false });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await lock.end({ timeout: 1 }).catch(() => {});
      }
    },
    listen: async (channel, onNotify) => {
      const known = channels.get(channel);
      if (known) known.add(onNotify);
      else {
        const first = channels.size === 0;
        channels.set(channel, new Set([onNotify]));
        if (first) {
          channels.set(PEERS_CHANNEL, new Set([(payload) => void solo.announced(payload, sessionQuery).catch(() => {})]));
          await listener.unsafe(`listen ${quoted(PEERS_CHANNEL)}`);
        }
        await listener.unsafe(`listen ${quoted(channel)}`);
        if (first) await solo.claim(sessionQuery);
        listening = true;
      }
      return async () => {
        const fns = channels.get(channel);
        fns?.delete(onNotify);
        if (fns?.size === 0) {
          channels.delete(channel);
          await listener.unsafe(`unlisten ${quoted(channel)}`).catch(() => {});
        }
      };
    },
    notificationBarrier: async () => {
      if (channels.size === 0) return true;
      if (!listening) return false;
      if (!solo.isSolo()) await listener`select 1`;
      return true;
    },
    whenListening: async (timeoutMs) => {
      if (listening || closed || channels.size === 0) return;
      // Announced through the pool at once: an instance that went solo while this one's lock was
      // gone stops skipping its barrier now, not only once this one listens again.
      await pool.unsafe(`select pg_notify('${PEERS_CHANNEL}', '${solo.id}')`).catch(() => {});
      const deadline = Date.now() + timeoutMs;
      while (!listening && !closed && channels.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    lastConnectionErrorAt: () => lastConnectionErrorAt,
    close: async () => {
      closed = true;
      await Promise.all([pool.end({ timeout: 5 }), listener.end({ timeout: 1 })]);
    },
  };
}

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    notificationBarrier: async () => true,
    whenListening: async () => {},
    lastConnectionErrorAt: () => 0,
    close: () => client.close(),
  };
}
