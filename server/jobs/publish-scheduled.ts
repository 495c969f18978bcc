import { and, eq, lte, sql } from 'drizzle-orm';
import { posts } from '../../db/schema.ts';
import { contentChanged } from '../cache/content-events.ts';
import { database } from '../db.ts';
import { env } from '../env.ts';

// DECISIONS (scheduled posts): a post whose schedule has passed, with auto-publish on, becomes
// published with publishedAt = scheduledFor. Every instance runs this job; Postgres does the
// coordinating, so there is no leader and nothing to lock by hand.

/** The one UPDATE: publishes every due post and answers how many. */
async function publishDue(): Promise<number> {
  const db = await database();
  const published = await db
    .update(posts)
    .set({ published: true, publishedAt: sql`${posts.scheduledFor}`, updatedAt: sql`now()` })
    .where(and(eq(posts.published, false), eq(posts.autoPublish, true), lte(posts.scheduledFor, sql`now()`)))
    .returning({ id: posts.id });
  return published.length;
}

/**
 * Publishes every due post in one UPDATE, tells the page caches when any went out, and returns
 * how many it published.
 *
 * Safe from any number of instances at once: when two runs reach the same row, Postgres makes
 * the second wait for the first to commit and then re-checks the WHERE clause against the row
 * as committed, where `published` is already true, so it skips the row. Each post is therefore
 * published by exactly one run, and a repeated run finds nothing to do.
 */
export async function publishDuePosts(): Promise<number> {
  const count = await publishDue();
  if (count > 0) await contentChanged();
  return count;
}

/**
 * Runs publishDuePosts now (a post that fell due while the app was down goes out at start) and
 * then every `intervalMs`. A failure is logged and the next run tries again: the site keeps
 * serving. The timer does not keep the process alive. Returns a function that stops it.
 */
export function startScheduler(intervalMs = env().SCHEDULER_INTERVAL_MS): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    // A slow run (database away) is not stacked on by the next tick.
    if (running) return;
    running = true;
    try {
      const count = await publishDue();
      // Once stopped, the database is closing: asking for it again to send the notice would reopen it.
      if (count > 0 && !stopped) await contentChanged();
    } catch (error) {
      if (!stopped) console.error(JSON.stringify({ level: 'error', event: 'scheduled_publishing_failed', error: String(error) }));
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
