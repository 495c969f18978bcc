import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

// Four defects of postgres.js 3.4.9 under a database restart or killed connections, found by the
// fault tests (tests/fault/postgres-restart.fault.ts, killed-backends.fault.ts, docs/reliability.md),
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
//     `undefined` (tests/fault/killed-backends.fault.ts). dropEmptySlots removes them from every
//     result of the pool (a transaction's BEGIN, which returns no rows, resets the count).
// Connect attempts are bounded at CONNECT_TIMEOUT_SECONDS so that, with that 1 s delay, a
// request waiting for a connection still answers within 5 s (docs/reliability.md, test 1).
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
export const CONNECT_TIMEOUT_SECONDS = 3;
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
      // seconds with the database up (tests/fault/killed-backends.fault.ts).
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
export const errorCode = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined);

/** The connection options every postgres.js client of the app shares. */
export const connectionOptions = {
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
  backoff: reconnectDelaySeconds,
  onnotice: () => {},
};

export interface Pool {
  /** What Drizzle holds: always the current pool, with the workarounds above around each query. */
  client: postgres.Sql;
  /** A statement on the current pool as it is, outside the refusal rule. */
  unsafe(statement: string): Promise<unknown>;
  lastConnectionErrorAt(): number;
  end(): Promise<void>;
}

export function openPool(url: string, poolMax: number): Pool {
  const newPool = () => {
    // fetch_types: false (defect 3 above): no array-type query on each new connection.
    const created = postgres(url, { ...connectionOptions, max: poolMax, idle_timeout: 30, fetch_types: false });
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
    console.error(
      JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'database_pool_replaced', reason: 'connect timeout' }),
    );
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

  return {
    client,
    unsafe: (statement) => pool.unsafe(statement),
    lastConnectionErrorAt: () => lastConnectionErrorAt,
    end: async () => {
      closed = true;
      await pool.end({ timeout: 5 });
    },
  };
}
