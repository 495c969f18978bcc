'use client';

import { AlertTriangle, CalendarClock, ChevronLeft, ChevronRight, Send } from 'lucide';
import { useRef, useState } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { dayIn, formatDate, timeZoneLabel } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import type { MissedPost, Schedule, SchedulePost } from '#src/schemas/schedule.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useAction } from '../kit/use-action.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { setPostPublished } from '../posts/api.ts';
import { fetchSchedule } from './api.ts';
import { monthTitle, monthWeeks, shiftMonth, WEEKDAYS } from './calendar.ts';
import { RescheduleDialog, type Rescheduling } from './reschedule-dialog.tsx';

/** /admin/schedule: the scheduler's health, missed posts, a month of posts as a calendar and a list, and the undated drafts. */
export function ScheduleAdmin({ initial }: { initial: Schedule }) {
  const month = useRef(initial.month);
  const { data, refetching, refetch } = useServerData(initial, () => fetchSchedule(month.current), {
    title: 'Failed to load the schedule',
  });
  const [rescheduling, setRescheduling] = useState<Rescheduling | null>(null);
  const { timeZone } = data;
  const byDay = Map.groupBy(data.posts, (post) => dayIn(post.at, timeZone));
  const reschedule = (post: SchedulePost) => setRescheduling({ id: post.id, title: post.title, at: post.at });

  /** Loads `target`, or the month on screen again: a failed load leaves the screen and the next step on that month. */
  function load(target = data.month) {
    month.current = target;
    void refetch();
  }

  function rescheduled() {
    setRescheduling(null);
    load();
  }

  const showMonth = (delta: number) => load(shiftMonth(data.month, delta));

  return (
    <>
      <p className="mt-1 text-muted">
        Times are in the coach's time zone, <strong className="font-semibold text-primary-950">{timeZoneLabel(timeZone)}</strong> (
        <a href="/admin/settings" className="rounded-sm text-primary-700 underline hover:text-primary-950">
          change it in Settings
        </a>
        ).
      </p>
      <SchedulerHealth scheduler={data.scheduler} timeZone={timeZone} />
      {data.missed.length > 0 && <MissedPosts missed={data.missed} timeZone={timeZone} onPublished={() => load()} />}

      <ListPanel
        name="schedule"
        title={monthTitle(data.month)}
        count={`${plural(data.posts.length, 'post')} this month`}
        refreshing={refetching}
        controls={
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => showMonth(-1)} disabled={refetching} aria-label="Previous month">
              <Icon shapes={ChevronLeft} aria-hidden="true" className="size-4" /> Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => showMonth(1)} disabled={refetching} aria-label="Next month">
              Next <Icon shapes={ChevronRight} aria-hidden="true" className="size-4" />
            </Button>
          </div>
        }
      >
        <MonthGrid month={data.month} byDay={byDay} timeZone={timeZone} onReschedule={reschedule} />
        <Agenda posts={data.posts} timeZone={timeZone} onReschedule={reschedule} />
      </ListPanel>

      <ListPanel name="unscheduled" title="Drafts without a date" count={`${data.unscheduled.length} shown`} refreshing={false}>
        {data.unscheduled.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="Every draft has a date." />
        ) : (
          <ul className="divide-y divide-line">
            {data.unscheduled.map((draft) => (
              <li key={draft.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
                <a href={`/admin/posts/${draft.id}`} className="min-w-0 break-words rounded-sm font-semibold hover:text-primary-700">
                  {draft.title}
                </a>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRescheduling({ ...draft, at: null })}
                  aria-label={`Schedule ${draft.title}`}
                >
                  <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" /> Schedule
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListPanel>

      <RescheduleDialog post={rescheduling} timeZone={timeZone} onClose={() => setRescheduling(null)} onSaved={rescheduled} />
    </>
  );
}

function SchedulerHealth({ scheduler, timeZone }: { scheduler: Schedule['scheduler']; timeZone: string }) {
  return (
    <section aria-labelledby="scheduler-heading" className="mt-6 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="scheduler-heading" className="text-lg font-semibold">
        Scheduler
      </h2>
      {scheduler.lastRunAt ? (
        <dl className="mt-2 grid gap-x-8 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Last run</dt>
          <dd data-testid="scheduler-last-run">{formatDate(scheduler.lastRunAt, timeZone)}</dd>
          <dt className="text-muted">Next run</dt>
          <dd>{formatDate(scheduler.nextRunAt!, timeZone)}</dd>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted">The scheduler has not run yet.</p>
      )}
      {scheduler.lastError && (
        <p role="alert" className="mt-3 rounded-control bg-red-50 p-3 text-sm text-red-800">
          The last run failed: {scheduler.lastError}. It tries again on its next run.
        </p>
      )}
    </section>
  );
}

function MissedPosts({ missed, timeZone, onPublished }: { missed: MissedPost[]; timeZone: string; onPublished: () => void }) {
  const { busy, run } = useAction();
  async function publish(post: MissedPost) {
    await run(
      () => setPostPublished(post.id, true),
      { success: { title: 'Post published', description: post.title }, failureTitle: 'Failed to publish the post' },
      { stay: true },
    );
    onPublished();
  }
  return (
    <section aria-labelledby="missed-heading" className="mt-6 rounded-card border border-accent-300 bg-accent-50 p-4 shadow-sm sm:p-6">
      <h2 id="missed-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Icon shapes={AlertTriangle} aria-hidden="true" className="size-5 text-accent-800" /> Missed: due but not published
      </h2>
      <ul className="mt-3 divide-y divide-accent-200">
        {missed.map((post) => (
          <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="break-words font-semibold text-primary-950">{post.title}</p>
              <p className="text-sm text-muted">Due {formatDate(post.scheduledFor, timeZone)}</p>
              <p className="text-sm">{post.reason}</p>
            </div>
            <Button size="sm" onClick={() => void publish(post)} disabled={busy} aria-label={`Publish now: ${post.title}`}>
              <Icon shapes={Send} aria-hidden="true" className="size-4" /> Publish now
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A post on the calendar or in the list: a scheduled one opens its new date, a published one its editor. */
function PostChip({
  post,
  timeZone,
  onReschedule,
  compact = false,
}: {
  post: SchedulePost;
  timeZone: string;
  onReschedule: (post: SchedulePost) => void;
  compact?: boolean;
}) {
  const time = formatDate(post.at, timeZone, 'time');
  const label = `${time} ${post.title}`;
  const className = cn(
    'block w-full rounded-md px-1.5 py-1 text-left font-medium',
    post.status === 'published'
      ? 'bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
      : 'bg-primary-50 text-primary-900 hover:bg-primary-100',
    compact ? 'text-xs' : 'truncate text-sm',
  );
  // In a calendar cell (about 9rem wide) one line held the time and a word or two of the title:
  // the time takes its own line and the title up to two.
  const text = compact ? (
    <>
      <span className="block tabular-nums">{time}</span>
      {/* A space in the text: the visible words read "09:00 AM Title", as the name says (axe label-content-name-mismatch). */}{' '}
      <span className="line-clamp-2 [overflow-wrap:anywhere]">{post.title}</span>
    </>
  ) : (
    label
  );
  if (post.status === 'published') {
    return (
      <a href={`/admin/posts/${post.id}`} className={className} title={post.title} aria-label={`Published ${label}`}>
        {text}
      </a>
    );
  }
  return (
    <button type="button" className={className} title={post.title} aria-label={`Reschedule ${label}`} onClick={() => onReschedule(post)}>
      {text}
    </button>
  );
}

function MonthGrid({
  month,
  byDay,
  timeZone,
  onReschedule,
}: {
  month: string;
  byDay: Map<string, SchedulePost[]>;
  timeZone: string;
  onReschedule: (post: SchedulePost) => void;
}) {
  const today = dayIn(Date.now(), timeZone);
  return (
    // A list of the same posts follows for screen readers and small screens: the grid is a picture of it.
    <table className="hidden w-full table-fixed border-collapse md:table" aria-label={`${monthTitle(month)} calendar`}>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" className="border-b border-line py-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, index) => (
              <td key={day ?? `blank-${index}`} className="h-28 border border-line p-1.5 align-top">
                {day && (
                  <>
                    <span
                      className={cn(
                        'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                        day === today ? 'bg-primary-800 text-white' : 'text-muted',
                      )}
                    >
                      {Number(day.slice(8))}
                    </span>
                    <ul className="mt-1 space-y-1">
                      {(byDay.get(day) ?? []).map((post) => (
                        <li key={post.id}>
                          <PostChip post={post} timeZone={timeZone} onReschedule={onReschedule} compact />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Agenda({
  posts,
  timeZone,
  onReschedule,
}: {
  posts: SchedulePost[];
  timeZone: string;
  onReschedule: (post: SchedulePost) => void;
}) {
  if (posts.length === 0) return <EmptyState className="m-4 sm:m-6" message="Nothing published or scheduled this month." />;
  return (
    <ul aria-label="This month's posts" className="divide-y divide-line border-t border-line md:hidden">
      {posts.map((post) => (
        <li key={post.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <p className="text-sm text-muted">{formatDate(post.at, timeZone)}</p>
            <p className="break-words font-semibold">{post.title}</p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={post.status === 'published' ? 'success' : 'primary'}>
              {post.status === 'published' ? 'Published' : 'Scheduled'}
            </Badge>
            {post.status === 'scheduled' && (
              <Button variant="outline" size="sm" onClick={() => onReschedule(post)} aria-label={`Reschedule ${post.title}`}>
                <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" /> Reschedule
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
