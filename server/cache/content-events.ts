import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { database } from '../db.ts';
import { coalesce } from './coalesce.ts';
import { pageCache } from './page-cache.ts';

// Every instance listens on one Postgres channel; whoever changes public content clears its own
// cache at once and notifies the others, so no instance serves a page from before the change.
const CHANNEL = 'content_changed';

/** Call after any write that changes what a public page shows (posts, categories, testimonials). */
export async function contentChanged(): Promise<void> {
  pageCache.clear();
  const db = await database();
  await db.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

// The barrier of the database this process listens on, kept on globalThis: the production bundle
// carries its own copy of this module next to the start script's (as with the page cache).
const BARRIER = Symbol.for('coaching-site.content-barrier');
const shared = globalThis as Record<symbol, (() => Promise<void>) | undefined>;

/** Clears this instance's page cache whenever any instance reports a change. */
export function listenForContentChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  shared[BARRIER] = coalesce(() => handle.notificationBarrier());
  return handle.listen(CHANNEL, () => pageCache.clear());
}

// How long a cache hit waits to hear of changes; past it (the database slow or away) the cached
// page is served: nothing can change while the database cannot be written.
const CATCH_UP_TIMEOUT_MS = 250;

/**
 * Resolves once every change another instance notified before this call has cleared this
 * instance's cache. A NOTIFY reaches the other instances asynchronously: without this, a request
 * arriving right after a change elsewhere could still be served the old page
 * (tests/fault/two-instances.test.ts saw 3 such answers in 5 rounds).
 */
export async function catchUpWithContentChanges(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const barrier = shared[BARRIER];
    if (!barrier) return;
    await Promise.race([
      barrier(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CATCH_UP_TIMEOUT_MS);
      }),
    ]);
  } catch {
    // The database is away: serve what is cached.
  } finally {
    clearTimeout(timer);
  }
}
