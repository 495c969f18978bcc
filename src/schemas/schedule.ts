import { z } from 'zod';

// The schedule screen (/admin/schedule, GET /api/admin/schedule, PATCH /api/admin/schedule/:id):
// a month of scheduled and published posts in the coach's time zone, the drafts without a date,
// the posts whose time has passed unpublished, and the scheduler's health.

export const MONTH_MESSAGE = 'month must be a month such as 2026-11';
export const RESCHEDULE_PAST = 'The new date must be in the future';
export const RESCHEDULE_PUBLISHED = 'A published post cannot be rescheduled';

/** `?month=YYYY-MM`, years 2000–2999. */
export const monthSchema = z.string(MONTH_MESSAGE).regex(/^2\d{3}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

/** GET /api/admin/schedule's query: the month to show (this month when absent). */
export const scheduleQuerySchema = z.object({ month: monthSchema.optional() });

export const rescheduleSchema = z.strictObject({
  /** The instant to publish at (ISO 8601 with a zone or Z), or null to take the post off the schedule. */
  scheduledFor: z.iso.datetime({ offset: true, message: 'scheduledFor must be a date and time (ISO 8601) or null' }).nullable(),
});

export interface SchedulePost {
  id: number;
  title: string;
  status: 'published' | 'scheduled';
  /** When it was published, or is to be (ISO). */
  at: string;
  autoPublish: boolean;
}

export interface MissedPost {
  id: number;
  title: string;
  scheduledFor: string;
  reason: string;
}

export interface SchedulerHealth {
  /** The scheduler's last run on any instance (ISO), or null before the first. */
  lastRunAt: string | null;
  /** When the next run is due (ISO), or null before the first. */
  nextRunAt: string | null;
  /** Why the last run failed, or null when it succeeded. */
  lastError: string | null;
}

export interface Schedule {
  /** The coach's time zone (the settings'), in which the month and its days are read. */
  timeZone: string;
  month: string;
  posts: SchedulePost[];
  /** Drafts without a date, newest first. */
  unscheduled: Array<{ id: number; title: string }>;
  missed: MissedPost[];
  scheduler: SchedulerHealth;
}
