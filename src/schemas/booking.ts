import { z } from 'zod';
import { type Page, pageFields } from './page.ts';
import { isTimeZone } from './settings.ts';
import { isHttpsAddress, paragraphs } from './site-content/fields.ts';

// Intro-call booking: the coach's availability (/admin/booking) and a visitor's booking (/book).
// The admin screen, the booking page and the API validate with these same schemas.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const BOOKING_LIMITS = {
  callMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 240 },
  minNoticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 365 },
  dailyCap: { min: 1, max: 48 },
  rangesPerDay: 6,
  daysOff: 366,
  topicRetentionDays: { min: 1, max: 3650 },
  name: 100,
  topic: 2000,
} as const;

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of an 'HH:mm' written by the schema below ('24:00' is 1440). */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const timeOfDay = (label: string) => z.string(`${label} must be a time`).regex(TIME_OF_DAY, `${label} must be a time written as HH:mm`);

export const hoursRangeSchema = z
  .strictObject({ start: timeOfDay('Start'), end: timeOfDay('End') })
  .refine((range) => minutesOfDay(range.end) > minutesOfDay(range.start), { message: 'End must be after start', path: ['end'] });
export type HoursRange = z.infer<typeof hoursRangeSchema>;

const dayRanges = z
  .array(hoursRangeSchema, 'Hours must be a list of ranges')
  .max(BOOKING_LIMITS.rangesPerDay, `A day has at most ${BOOKING_LIMITS.rangesPerDay} ranges`)
  .refine((ranges) => {
    const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    return sorted.every((range, i) => i === 0 || minutesOfDay(range.start) >= minutesOfDay(sorted[i - 1]!.end));
  }, 'Ranges of one day must not overlap');

/** A whole number within limits, each refusal naming `label`. */
export const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const calendarDate = z
  .string('A day off must be a date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day off must be a date written as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'A day off must be a real date');

export const timeZoneSchema = z
  .string('Time zone must be text')
  .refine(isTimeZone, 'Time zone must be an IANA time zone such as Europe/London');

export const PLACE_LIMITS = { url: 500, address: 300, phoneDigits: { min: 6, max: 15 } } as const;

export const VIDEO_LINK_MESSAGE = 'Video link must be an https:// address';
export const ROOM_LINK_MESSAGE = 'Video link must not have a ? or # part when each call gets its own room';
export const PHONE_MESSAGE = 'Phone number must be a phone number such as +44 20 7946 0000';

const videoLink = z
  .string(VIDEO_LINK_MESSAGE)
  .trim()
  .max(PLACE_LIMITS.url, `Video link must be at most ${PLACE_LIMITS.url} characters`)
  .refine(isHttpsAddress, VIDEO_LINK_MESSAGE);

// Digits with the usual separators, an optional leading +; as many digits as E.164 allows.
const PHONE = /^\+?[0-9][0-9 ().\-/]*$/;
const phoneNumber = z
  .string(PHONE_MESSAGE)
  .trim()
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return PHONE.test(value) && digits >= PLACE_LIMITS.phoneDigits.min && digits <= PLACE_LIMITS.phoneDigits.max;
  }, PHONE_MESSAGE);

/**
 * Where calls happen, as the coach sets it: nowhere said yet, a video link (the same for every
 * call, or the start of one to which each call's own unguessable room name is added, as a Jitsi
 * room), the number visitors call, or an address.
 */
export const callLocationSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z
      .strictObject({ kind: z.literal('video'), url: videoLink, roomPerCall: z.boolean('Room per call must be true or false') })
      .refine((video) => !video.roomPerCall || !/[?#]/.test(video.url), { message: ROOM_LINK_MESSAGE, path: ['url'] }),
    z.strictObject({ kind: z.literal('phone'), phone: phoneNumber }),
    z.strictObject({ kind: z.literal('address'), address: paragraphs('Address', PLACE_LIMITS.address) }),
  ],
  { error: 'Where calls happen must be none, video, phone or address' },
);
export type CallLocation = z.infer<typeof callLocationSchema>;
export const NO_LOCATION: CallLocation = { kind: 'none' };

/** Where one call happens, as its visitor is told: before it is booked, a video call has no link yet. */
export type CallPlace = { kind: 'video'; url: string | null } | { kind: 'phone'; phone: string } | { kind: 'address'; address: string };

/** What /book says before a call is booked: never a per-call room (it does not exist yet), nor a fixed link. */
export function placeBeforeBooking(location: CallLocation): CallPlace | null {
  switch (location.kind) {
    case 'none':
      return null;
    case 'video':
      return { kind: 'video', url: null };
    default:
      return location;
  }
}

/** The one sentence every page, email and invitation uses for where a call happens. */
export function callPlaceText(place: CallPlace): string {
  switch (place.kind) {
    case 'video':
      return place.url ? `Video call: ${place.url}` : 'Video call (the link comes with your confirmation)';
    case 'phone':
      return `Phone call: call ${place.phone} at the time of the call`;
    case 'address':
      return `In person at ${place.address}`;
  }
}

export const availabilitySchema = z.strictObject({
  /** The coach's time zone: weekly hours and days off are read in it. */
  timeZone: timeZoneSchema,
  weeklyHours: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as Record<Weekday, typeof dayRanges>,
    'Weekly hours must list every weekday',
  ),
  callMinutes: wholeNumber('Call length', BOOKING_LIMITS.callMinutes),
  bufferMinutes: wholeNumber('Buffer', BOOKING_LIMITS.bufferMinutes),
  minNoticeHours: wholeNumber('Minimum notice', BOOKING_LIMITS.minNoticeHours),
  horizonDays: wholeNumber('Booking window', BOOKING_LIMITS.horizonDays),
  /** Dates (YYYY-MM-DD, in the coach's time zone) with no calls. */
  daysOff: z
    .array(calendarDate, 'Days off must be a list of dates')
    .max(BOOKING_LIMITS.daysOff, `At most ${BOOKING_LIMITS.daysOff} days off`)
    .transform((days) => [...new Set(days)].sort()),
  /** At most this many calls on one day; null for no cap. */
  dailyCap: wholeNumber('Calls per day', BOOKING_LIMITS.dailyCap).nullable(),
  /** A past call's topic is deleted this many days after it. */
  topicRetentionDays: wholeNumber('Topic retention', BOOKING_LIMITS.topicRetentionDays),
  /** Where calls happen; an availability saved before it existed says nothing. */
  location: callLocationSchema.default(NO_LOCATION),
});
export type Availability = z.infer<typeof availabilitySchema>;

const nineToFive = [
  { start: '09:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
];

/** A fresh site's availability: weekdays 9–12 and 13–17, 30-minute calls, 24 hours' notice, 30 days ahead. */
export const defaultAvailability = (timeZone: string): Availability => ({
  timeZone,
  weeklyHours: {
    monday: nineToFive,
    tuesday: nineToFive,
    wednesday: nineToFive,
    thursday: nineToFive,
    friday: nineToFive,
    saturday: [],
    sunday: [],
  },
  callMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  horizonDays: 30,
  daysOff: [],
  dailyCap: null,
  topicRetentionDays: 90,
  location: NO_LOCATION,
});

export const BOOKING_NAME_MESSAGE = 'Name must be at least 2 characters';
export const BOOKING_EMAIL_MESSAGE = 'Please enter a valid email address';

const sessionTypeSlug = z
  .string('Session type must be a slug')
  .min(1, 'Session type must be a slug')
  .max(200, 'Session type must be a slug');
const linkKey = z.string('key must be text').max(200, 'key is not valid');

/** GET /api/booking/slots: which session type (none: the intro call) and a private one's key. */
export const slotsQuerySchema = z.object({ type: sessionTypeSlug.optional(), key: linkKey.optional() });

const instant = z.iso.datetime({ offset: true, message: 'Start must be a date and time (ISO 8601)' });

/** POST /api/bookings: a visitor takes a slot. */
export const bookingRequestSchema = z.strictObject({
  start: instant,
  name: z
    .string(BOOKING_NAME_MESSAGE)
    .trim()
    .min(2, BOOKING_NAME_MESSAGE)
    .max(BOOKING_LIMITS.name, `Name must be at most ${BOOKING_LIMITS.name} characters`),
  email: z.string(BOOKING_EMAIL_MESSAGE).trim().max(254, BOOKING_EMAIL_MESSAGE).pipe(z.email(BOOKING_EMAIL_MESSAGE)),
  topic: z
    .string('Topic must be text')
    .trim()
    .max(BOOKING_LIMITS.topic, `Topic must be at most ${BOOKING_LIMITS.topic} characters`)
    .default(''),
  /** The visitor's time zone, used in their emails. */
  timeZone: timeZoneSchema,
  /** The session type's slug (/book/{slug}); none books the intro call. */
  sessionType: sessionTypeSlug.optional(),
  /** A private session type's link key. */
  key: linkKey.optional(),
  /** The answers to the type's intake questions, by question id (checked against them when booked). */
  answers: z.record(z.string(), z.unknown(), 'Answers must be an object of answers by question id').optional(),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** POST /api/bookings/manage/reschedule. */
export const rescheduleSchema = z.strictObject({
  token: z.string('token is required').min(1, 'token is required').max(200),
  start: instant,
});
/** POST /api/bookings/manage/cancel. */
export const manageCancelSchema = z.strictObject({
  token: z.string('token is required').min(1, 'token is required').max(200),
  /** The visitor confirms a cancellation after the cut-off, which uses up its credit. */
  late: z.boolean('late must be true or false').optional(),
});
/** POST /api/admin/bookings/:id/cancel: the coach's message to the visitor. */
export const adminCancelSchema = z.strictObject({
  message: z.string('Message must be text').trim().max(2000, 'Message must be at most 2000 characters').default(''),
});

export interface Slot {
  /** ISO 8601, UTC. */
  start: string;
  end: string;
}

/** GET /api/booking/slots. */
export interface SlotsResponse {
  callMinutes: number;
  coachTimeZone: string;
  /** Where calls happen, as said before booking (placeBeforeBooking); null when the coach has not said. */
  place: CallPlace | null;
  slots: Slot[];
}

export type BookingStatus = 'confirmed' | 'cancelled';

/** A booking as the admin API answers it. */
/** The admin's calls a page at a time: upcoming soonest first, past ones latest first. */
export const BOOKINGS_WHEN = ['upcoming', 'past'] as const;
export type BookingsWhen = (typeof BOOKINGS_WHEN)[number];
export const BOOKINGS_PAGE_SIZE = 20;

/** GET /api/admin/bookings' query. */
export const bookingsQuerySchema = z.object({
  when: z.enum(BOOKINGS_WHEN, 'when must be upcoming or past').default('upcoming'),
  ...pageFields({ size: BOOKINGS_PAGE_SIZE }),
});

export type BookingsPage = Page<'bookings', AdminBooking>;

export interface AdminBooking {
  id: number;
  /** The session type's name. */
  session: string;
  /** The client it is for (none: an intro call whose visitor the coach has not taken on). */
  clientId: number | null;
  /** The coach marked that the client did not come. */
  noShow: boolean;
  /** Its event is waiting to be written into the coach's calendar (issue 34 §4). */
  calendarPending: boolean;
  /** What became of the package credit it used; null: it used none. */
  credit: 'used' | 'returned' | 'forfeited' | null;
  start: string;
  end: string;
  name: string;
  email: string;
  topic: string | null;
  /** The intake answers as asked (intake-answers.ts AskedAnswer); null once deleted with the topic. */
  answers: { question: string; answer: string | string[] | boolean }[] | null;
  timeZone: string;
  status: BookingStatus;
  cancelledBy: 'visitor' | 'coach' | null;
  createdAt: string;
}

/** What the visitor's manage page reads (GET /api/bookings/manage?token=). */
export interface ManagedBooking {
  /** What is booked, as a sentence names it: 'intro call', or the session type's name. */
  session: string;
  /** Until when it can be cancelled or moved freely (its type's cut-off); null: until it starts. */
  freeUntil: string | null;
  cancelCutoffHours: number;
  /** How many more times it may be moved; null: no limit. */
  reschedulesLeft: number | null;
  /** The package credit it used, what is left, and what became of it. */
  credit: { package: string; left: number; state: 'used' | 'returned' | 'forfeited' } | null;
  /** Paid by card (issue 37): cancelled in time it is refunded, after the cut-off it is not. */
  paid: boolean;
  start: string;
  end: string;
  name: string;
  status: BookingStatus;
  timeZone: string;
  /** Where the call happens, its own video link included; null when the coach has not said. */
  place: CallPlace | null;
}

/** POST /api/bookings' answer: the call's time and where it happens. */
export interface BookedCall {
  start: string;
  end: string;
  place: CallPlace | null;
}
