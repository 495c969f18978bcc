import { z } from 'zod';
import { oneLine } from './client.ts';

// The coach's connected calendars (issue 34): Admin → Booking → Calendars.

export const CALENDAR_NOT_FOUND = 'Calendar not found';

/** A calendar's error as a sentence of its own (the errors are written without a full stop). */
export const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
export const FEED_CANNOT_WRITE = 'A calendar feed can only be read: choose a CalDAV calendar to write bookings into';

const address = (label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, `${label} is required`)
    .max(2_000, `${label} must be at most 2,000 characters`)
    .refine((value) => !/\s/.test(value), `${label} cannot contain spaces`);

/** POST /api/admin/calendars/feeds: a calendar's secret iCalendar address. */
export const connectFeedSchema = z.strictObject({
  url: address('The calendar address'),
  name: oneLine('Name', 100).optional(),
});
export type ConnectFeedInput = z.infer<typeof connectFeedSchema>;

/** POST /api/admin/calendars/caldav: a CalDAV account and its app password. */
export const connectCalDavSchema = z.strictObject({
  serverUrl: address('The server address'),
  username: oneLine('User name', 254).pipe(z.string().min(1, 'User name is required')),
  password: z
    .string('App password must be text')
    .min(1, 'App password is required')
    .max(1_000, 'App password must be at most 1,000 characters'),
});
export type ConnectCalDavInput = z.infer<typeof connectCalDavSchema>;

/** PATCH /api/admin/calendars/:id: whether it blocks time, whether bookings are written into it. */
export const updateCalendarSchema = z
  .strictObject({
    blocksTime: z.boolean('blocksTime must be true or false').optional(),
    writesBookings: z.boolean('writesBookings must be true or false').optional(),
  })
  .refine(
    (input) => input.blocksTime !== undefined || input.writesBookings !== undefined,
    'Say what to change: blocksTime or writesBookings',
  );
export type UpdateCalendarInput = z.infer<typeof updateCalendarSchema>;

/** PUT /api/admin/calendars/feed: whether the feed of calls names the visitor. */
export const callFeedSettingsSchema = z.strictObject({ showsNames: z.boolean('showsNames must be true or false') });

/** One calendar as the admin shows it; never its secret. */
export interface CalendarView {
  id: number;
  name: string;
  blocksTime: boolean;
  writesBookings: boolean;
  /** A feed can only be read. */
  writable: boolean;
  readAt: string | null;
  busyCount: number;
  lastError: string | null;
  failingSince: string | null;
  /** Failing for longer than the site allows: booking may offer times the coach is busy. */
  stale: boolean;
}

export interface CalendarAccountView {
  id: number;
  kind: 'ics' | 'caldav';
  label: string;
  calendars: CalendarView[];
}

export interface CalendarsScreen {
  /** False: no ENCRYPTION_KEY, so nothing can be connected and the screen says how to set one. */
  encryption: boolean;
  accounts: CalendarAccountView[];
  /** Bookings whose event is not yet in the write calendar. */
  pendingWrites: number;
  feed: { url: string; showsNames: boolean };
}
