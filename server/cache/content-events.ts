import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { database } from '../db.ts';
import { coalesce } from './coalesce.ts';
import { pageCache } from './page-cache.ts';

// Every instance listens on one Postgres channel; whoever changes public content clears its own
// cache at once and notifies the others, so no instance serves a page from before the change.
const CHANNEL = 'content_changed';

// How long a change waits for this instance's listening connection to be back (after a restart
// of the database, or a connection the driver only replaces after its 3 s connect timeout)
// before it is acknowledged anyway.
const LISTENING_TIMEOUT_MS = 15_000;

/** Call after any write that changes what a public page shows (posts, categories, testimonials). */
export async function contentChanged(): Promise<void> {
  pageCache.clear();
  // Not acknowledged while this instance is not listening: another one may then be solo, skipping
  // its barrier, and must first hear that this one exists (db/solo-instance.ts).
  await shared[LISTENING]?.();
  const db = await database();
  await db.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

// The barrier of the database this process listens on, kept on globalThis: the production bundle
// carries its own copy of this module next to the start script's (as with the page cache).
const BARRIER = Symbol.for('coaching-site.content-barrier');
const LISTENING = Symbol.for('coaching-site.content-listening');
const shared = globalThis as Record<symbol, (() => Promise<unknown>) | undefined>;

/** Clears this instance's page cache whenever any instance reports a change. */
export function listenForContentChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  shared[BARRIER] = coalesce(() => handle.notificationBarrier());
  shared[LISTENING] = () => handle.whenListening(LISTENING_TIMEOUT_MS);
  return handle.listen(CHANNEL, () => pageCache.clear());
}

// How long a cache hit waits to hear of changes; past it (the database slow to answer) the cached
// page is served.
const CATCH_UP_TIMEOUT_MS = 250;

/**
 * Whether this instance's cache may be served: true once every change another instance notified
 * before this call has cleared it. A NOTIFY reaches the other instances asynchronously: without
 * this, a request arriving right after a change elsewhere could still be served the old page
 * (tests/fault/two-instances.fault.ts saw 3 such answers in 5 rounds). False while this instance
 * is not listening (its connection lost, notifications missed): answers are then rendered afresh.
 */
export async function cacheIsCurrent(): Promise<boolean> {
  const barrier = shared[BARRIER];
  if (!barrier) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      barrier().then((current) => current === true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), CATCH_UP_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
