import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { database } from '../db.ts';
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

/** Clears this instance's page cache whenever any instance reports a change. */
export function listenForContentChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  return handle.listen(CHANNEL, () => pageCache.clear());
}
