import { TZDate } from '@date-fns/tz';
import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { posts } from '#db/schema.ts';
import type { MissedPost, Schedule, SchedulePost } from '#src/schemas/schedule.ts';
import { database } from '../db.ts';
import { env } from '../env.ts';
import { lastJobRun, SCHEDULER_JOB } from './job-runs.ts';
import { readSettings } from './settings.ts';

// The schedule screen's data. Months and days are the coach's (the settings' time zone), so a
// post at 23:30 in London sits on the day the coach sees, whatever the server's zone.

const UNSCHEDULED_SHOWN = 50;
// The oldest due posts: enough to act on, never every draft whose date has passed.
const MISSED_SHOWN = 50;
/** A due post is "missed" once a run should have published it: an interval after its time, and some slack. */
const MISSED_SLACK_MS = 10_000;

const monthOf = (date: Date, timeZone: string) => {
  const zoned = new TZDate(date, timeZone);
  return `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, '0')}`;
};

export async function readSchedule(month: string | undefined, now = new Date()): Promise<Schedule> {
  const { timeZone } = await readSettings();
  const shown = month ?? monthOf(now, timeZone);
  const [year, monthNumber] = shown.split('-').map(Number) as [number, number];
  const start = new TZDate(year, monthNumber - 1, 1, timeZone);
  const end = new TZDate(year, monthNumber, 1, timeZone);
  const db = await database();

  const [inMonth, unscheduled, due, run] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        published: posts.published,
        publishedAt: posts.publishedAt,
        scheduledFor: posts.scheduledFor,
        autoPublish: posts.autoPublish,
      })
      .from(posts)
      .where(
        or(
          and(eq(posts.published, true), gte(posts.publishedAt, start), lt(posts.publishedAt, end)),
          and(eq(posts.published, false), gte(posts.scheduledFor, start), lt(posts.scheduledFor, end)),
        ),
      )
      .orderBy(sql`coalesce(${posts.publishedAt}, ${posts.scheduledFor})`, asc(posts.id)),
    db
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(and(eq(posts.published, false), isNull(posts.scheduledFor)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(UNSCHEDULED_SHOWN),
    db
      .select({ id: posts.id, title: posts.title, scheduledFor: posts.scheduledFor, autoPublish: posts.autoPublish })
      .from(posts)
      .where(and(eq(posts.published, false), lte(posts.scheduledFor, now)))
      .orderBy(asc(posts.scheduledFor), asc(posts.id))
      .limit(MISSED_SHOWN),
    lastJobRun(SCHEDULER_JOB),
  ]);

  const intervalMs = run?.intervalMs ?? env().SCHEDULER_INTERVAL_MS;
  const missed: MissedPost[] = [];
  for (const post of due) {
    const dueAt = post.scheduledFor!;
    // Auto-publish on and only just due: the next run publishes it; it is not missed yet.
    if (post.autoPublish && now.getTime() - dueAt.getTime() < intervalMs + MISSED_SLACK_MS) continue;
    missed.push({ id: post.id, title: post.title, scheduledFor: dueAt.toISOString(), reason: missedReason(post.autoPublish, dueAt, run) });
  }

  return {
    timeZone,
    month: shown,
    posts: inMonth.map(
      (post): SchedulePost => ({
        id: post.id,
        title: post.title,
        status: post.published ? 'published' : 'scheduled',
        at: (post.published ? post.publishedAt! : post.scheduledFor!).toISOString(),
        autoPublish: post.autoPublish,
      }),
    ),
    unscheduled,
    missed,
    scheduler: {
      lastRunAt: run?.lastRunAt.toISOString() ?? null,
      nextRunAt: run ? new Date(run.lastRunAt.getTime() + run.intervalMs).toISOString() : null,
      lastError: run?.lastError ?? null,
    },
  };
}

function missedReason(autoPublish: boolean, dueAt: Date, run: Awaited<ReturnType<typeof lastJobRun>>): string {
  if (!autoPublish) return 'Auto-publish is off for this post, so the scheduler leaves it unpublished.';
  if (!run) return 'The scheduler has not run yet.';
  if (run.lastError) return `The scheduler's last run failed (${run.lastError}); it tries again on its next run.`;
  if (run.lastRunAt < dueAt) return 'The scheduler has not run since this post came due: is the site running?';
  return 'The scheduler did not publish it; it tries again on its next run.';
}
