// Recurring sessions (issue 35 §5) through the admin API: the preview marks each date that cannot
// be booked and why, writing nothing; a save with any conflict is refused whole and changes
// nothing; a good save makes N bookings sharing one series id, N `used` credits, and N
// confirmations each with its own calendar REQUEST, at the same local time across a clock change.
// Runs on PGlite, and on Postgres with DATABASE_URL set.
import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import { bookings, creditLedger, outboxEmails } from '#db/schema.ts';
import { expandSeries } from '#server/services/booking/series-dates.ts';
import { introSessionTypeId } from '#server/services/session-types.ts';
import { defaultAvailability } from '#src/schemas/booking.ts';
import {
  SERIES_COUNT_MESSAGE,
  SERIES_DAILY_LIMIT,
  SERIES_DATE_MESSAGE,
  SERIES_EVERY_MESSAGE,
  SERIES_INTRO_MESSAGE,
  SERIES_NO_CREDIT,
  SERIES_OUTSIDE_HOURS,
  SERIES_PAST,
  SERIES_TIME_MESSAGE,
  SERIES_TYPE_MESSAGE,
  seriesNoSuchTime,
  seriesOtherBooking,
} from '#src/schemas/booking-series.ts';
import { CLIENT_NOT_FOUND } from '#src/schemas/client.ts';
import { SESSION_TYPE_NOT_FOUND, type SessionTypeInput } from '#src/schemas/session-type.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { OWNER, parseInvite, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, outbox } = setupBookingSite(db);
const admin = adminSession(db);

const LONDON = 'Europe/London';
/** Weekdays 9–12 and 13–17 in London. */
const WEEKDAYS_ONLY = defaultAvailability(LONDON).weeklyHours;

// A 48-hour notice that does not bind the coach, and a place each invitation carries.
const COACHING_PHONE: SessionTypeInput = { ...COACHING, minNoticeHours: 48, location: { kind: 'phone', phone: '+44 20 7946 0000' } };

const post = async (path: string, body: unknown) => {
  const response = await sendJson('POST', path, body, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};

// Next year's October: the first Tuesday, and five weeks on past the last Sunday (when London's clocks go back).
const YEAR = new Date().getUTCFullYear() + 1;
const DAY_MS = 24 * 60 * 60 * 1000;
const firstTuesday = (month: number) => {
  const first = Date.UTC(YEAR, month - 1, 1);
  const offset = (2 - new Date(first).getUTCDay() + 7) % 7;
  return new Date(first + offset * DAY_MS).toISOString().slice(0, 10);
};
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const OCTOBER = firstTuesday(10);
const clockInLondon = (iso: string | Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
/** The instant of a London wall-clock time on a date. */
const london = (day: string, time: string) => expandSeries({ date: day, time, every: 1, count: 1 }, LONDON)[0]!.start;

let coachingId: number;

async function makeType(overrides: Partial<SessionTypeInput> = {}) {
  const made = await post('/api/admin/session-types', { ...COACHING_PHONE, ...overrides });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

/** Ada, with a package of `credits` coaching sessions (none: no package). */
async function ada(credits = 0) {
  const client = await post('/api/admin/clients', {
    name: 'Ada Okafor',
    email: 'ada@example.com',
    phone: '',
    organisation: '',
    timeZone: 'America/New_York',
    status: 'active',
    tags: [],
  });
  expect(client.status).toBe(201);
  if (credits > 0) {
    const pack = await post('/api/admin/packages', {
      name: 'Coaching',
      sessions: credits,
      sessionTypeIds: [coachingId],
      validDays: null,
      price: '',
    });
    expect((await post(`/api/admin/clients/${client.body.id}/packages`, { packageId: pack.body.id, note: 'Paid' })).status).toBe(201);
  }
  return client.body.id as number;
}

/** A confirmed booking of someone else's (the intro call) at an instant. */
async function otherBooking(start: Date, minutes = 30) {
  await db()
    .insert(bookings)
    .values({
      uid: `other-${crypto.randomUUID()}@test`,
      sessionTypeId: await introSessionTypeId(db()),
      startsAt: start,
      endsAt: new Date(start.getTime() + minutes * 60_000),
      name: 'Grace Hopper',
      email: 'grace@example.com',
      timeZone: LONDON,
    });
}

/** Everything a series writes, to show a refusal wrote nothing. */
const writes = async () => ({
  bookings: await db().$count(bookings),
  ledger: await db().$count(creditLedger),
  outbox: await db().$count(outboxEmails),
});

const series = (overrides: Record<string, unknown> = {}) => ({
  sessionTypeId: coachingId,
  date: OCTOBER,
  time: '10:00',
  every: 1,
  count: 6,
  ...overrides,
});

beforeEach(async () => {
  await clearPractice(db());
  await setSetting('bookingAvailability', openAvailability({ timeZone: LONDON, weeklyHours: WEEKDAYS_ONLY, dailyCap: 2 }));
  coachingId = await makeType();
});

describe('preview', () => {
  test('marks each date that cannot be booked, in words, and writes nothing', async () => {
    const clientId = await ada(4);
    // Week 2: someone else at 10:30; week 3: the daily limit of 2 already reached.
    await otherBooking(london(plusDays(OCTOBER, 7), '10:30'));
    await otherBooking(london(plusDays(OCTOBER, 14), '14:00'));
    await otherBooking(london(plusDays(OCTOBER, 14), '15:00'));
    await db().delete(outboxEmails);
    const before = await writes();

    const { status, body } = await post(`/api/admin/clients/${clientId}/series/preview`, series());
    expect(status).toBe(200);
    expect(body).toMatchObject({ session: 'Coaching session', timeZone: LONDON, callMinutes: 60, creditsLeft: 4, creditRequired: true });
    expect(body.occurrences.map((occurrence: { date: string }) => occurrence.date)).toEqual(
      [0, 7, 14, 21, 28, 35].map((days) => plusDays(OCTOBER, days)),
    );
    expect(body.occurrences.map((occurrence: { conflicts: string[] }) => occurrence.conflicts)).toEqual([
      [],
      [seriesOtherBooking('10:30')],
      [SERIES_DAILY_LIMIT],
      [],
      [SERIES_NO_CREDIT],
      [SERIES_NO_CREDIT],
    ]);
    expect(body.occurrences.map((occurrence: { usesCredit: boolean }) => occurrence.usesCredit)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(await writes()).toEqual(before);
  });

  test('outside the hours, in the past, and a time the clocks skip', async () => {
    const clientId = await ada(10);
    const early = await post(`/api/admin/clients/${clientId}/series/preview`, series({ time: '08:30', count: 2 }));
    expect(early.body.occurrences.map((occurrence: { conflicts: string[] }) => occurrence.conflicts)).toEqual([
      [SERIES_OUTSIDE_HOURS],
      [SERIES_OUTSIDE_HOURS],
    ]);

    const twoWeeksAgo = new Date(Date.now() - 13 * DAY_MS).toISOString().slice(0, 10);
    await setSetting('bookingAvailability', openAvailability({ timeZone: LONDON }));
    const past = await post(`/api/admin/clients/${clientId}/series/preview`, series({ date: twoWeeksAgo, time: '10:00', count: 3 }));
    expect(past.body.occurrences.map((occurrence: { conflicts: string[] }) => occurrence.conflicts)).toEqual([
      [SERIES_PAST],
      [SERIES_PAST],
      [],
    ]);

    // New York's clocks skip 02:00–03:00 on the second Sunday of March.
    await setSetting('bookingAvailability', openAvailability({ timeZone: 'America/New_York' }));
    const march = Date.UTC(YEAR, 2, 1);
    const secondSunday = new Date(march + (((7 - new Date(march).getUTCDay()) % 7) + 7) * DAY_MS).toISOString().slice(0, 10);
    const skipped = await post(
      `/api/admin/clients/${clientId}/series/preview`,
      series({ date: plusDays(secondSunday, -7), time: '02:30', count: 3 }),
    );
    expect(skipped.body.occurrences.map((occurrence: { conflicts: string[] }) => occurrence.conflicts)).toEqual([
      [],
      [seriesNoSuchTime('02:30', '03:30')],
      [],
    ]);
  });
});

describe('booking a series', () => {
  test('any conflict refuses the whole series with the dates and reasons, and nothing changes', async () => {
    const clientId = await ada(6);
    await otherBooking(london(plusDays(OCTOBER, 21), '09:45'));
    await db().delete(outboxEmails);
    const before = await writes();
    const { status, body } = await post(`/api/admin/clients/${clientId}/series`, series());
    expect(status).toBe(409);
    const day = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${plusDays(OCTOBER, 21)}T00:00:00Z`));
    expect(body).toEqual({ message: `Nothing was booked: 1 date of 6 cannot be booked. ${day} at 10:00: ${seriesOtherBooking('09:45')}.` });
    expect(await writes()).toEqual(before);
  });

  test('not enough credits for a type that needs one: refused, naming the dates without one', async () => {
    const clientId = await ada(2);
    const before = await writes();
    const { status, body } = await post(`/api/admin/clients/${clientId}/series`, series({ count: 3 }));
    expect(status).toBe(409);
    expect(body.message).toStartWith('Nothing was booked: 1 date of 3 cannot be booked.');
    expect(body.message).toContain(`at 10:00: ${SERIES_NO_CREDIT}.`);
    expect(await writes()).toEqual(before);
  });

  test('a good series: N bookings with one series id, N used credits, N invitations with their own UIDs, 10:00 in London across the clock change', async () => {
    const clientId = await ada(6);
    const { status, body } = await post(`/api/admin/clients/${clientId}/series`, series());
    expect(status).toBe(201);
    expect(body.bookings).toHaveLength(6);
    expect(body.bookings.every((booking: { usedCredit: boolean }) => booking.usedCredit)).toBe(true);

    const rows = await db().select().from(bookings).orderBy(asc(bookings.startsAt));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.seriesId))).toEqual(new Set([body.seriesId]));
    expect(rows.map((row) => row.id)).toEqual(body.bookings.map((booking: { id: number }) => booking.id));
    expect(rows.every((row) => row.clientId === clientId && row.status === 'confirmed' && row.email === 'ada@example.com')).toBe(true);
    // The client's own zone is kept for their emails; the time is the coach's 10:00 each week.
    expect(rows.every((row) => row.timeZone === 'America/New_York')).toBe(true);
    expect(rows.map((row) => clockInLondon(row.startsAt))).toEqual(Array(6).fill('10:00'));
    // The clocks went back in between: the UTC hour moved by one.
    expect(new Set(rows.map((row) => row.startsAt.getUTCHours()))).toEqual(new Set([9, 10]));
    expect(rows.map((row) => row.endsAt.getTime() - row.startsAt.getTime())).toEqual(Array(6).fill(60 * 60_000));

    const used = await db().select().from(creditLedger).where(eq(creditLedger.kind, 'used')).orderBy(asc(creditLedger.id));
    expect(used.map((row) => [row.bookingId, row.amount])).toEqual(rows.map((row) => [row.id, -1]));
    const [{ left }] = (await db()
      .select({ left: sql<number>`sum(${creditLedger.amount})::int` })
      .from(creditLedger)) as [{ left: number }];
    expect(left).toBe(0);

    const toClient = (await outbox()).filter((mail) => mail.toAddress === 'ada@example.com');
    expect(toClient).toHaveLength(6);
    expect(toClient.every((mail) => mail.kind === 'booking_confirmation')).toBe(true);
    const invites = toClient.map((mail) => parseInvite(mail.calendar!.content));
    expect(invites.map((invite) => invite.method)).toEqual(Array(6).fill('REQUEST'));
    expect(new Set(invites.map((invite) => invite.uid)).size).toBe(6);
    expect(invites.map((invite) => [invite.uid, invite.start])).toEqual(rows.map((row) => [row.uid, row.startsAt.toISOString()]));
    // Each with its own link to move or cancel that one session.
    expect(new Set(toClient.map((mail) => mail.text.match(/token=([\w.-]+)/)?.[1])).size).toBe(6);
    // The coach's calendar gets each one too.
    expect((await outbox()).filter((mail) => mail.toAddress === OWNER && mail.kind === 'booking_notice')).toHaveLength(6);

    // The client's page lists them.
    const detail = await request(`/api/admin/clients/${clientId}`, { headers: admin.headers() });
    const timeline = (await detail.json()).timeline as { kind: string }[];
    expect(timeline.filter((event) => event.kind === 'booking')).toHaveLength(6);
  });

  test('every two weeks, a type anyone may book: no package, no credit taken', async () => {
    const openTypeId = await makeType({ slug: 'open-hour', name: 'Open hour', access: 'anyone' });
    const clientId = await ada(0);
    const { status, body } = await post(`/api/admin/clients/${clientId}/series`, series({ sessionTypeId: openTypeId, every: 2, count: 3 }));
    expect(status).toBe(201);
    expect(body.bookings.map((booking: { usedCredit: boolean }) => booking.usedCredit)).toEqual([false, false, false]);
    const rows = await db().select().from(bookings).orderBy(asc(bookings.startsAt));
    expect(rows.map((row) => Math.round((row.startsAt.getTime() - rows[0]!.startsAt.getTime()) / DAY_MS))).toEqual([0, 14, 28]);
    expect(rows.map((row) => clockInLondon(row.startsAt))).toEqual(['10:00', '10:00', '10:00']);
    expect(await db().$count(creditLedger, eq(creditLedger.kind, 'used'))).toBe(0);
  });

  test('a booking made after the preview is seen by the save: it is refused, not double-booked', async () => {
    const clientId = await ada(6);
    const preview = await post(`/api/admin/clients/${clientId}/series/preview`, series({ count: 3 }));
    expect(preview.body.occurrences.every((occurrence: { conflicts: string[] }) => occurrence.conflicts.length === 0)).toBe(true);
    await otherBooking(london(plusDays(OCTOBER, 7), '10:00'));
    const saved = await post(`/api/admin/clients/${clientId}/series`, series({ count: 3 }));
    expect(saved.status).toBe(409);
    expect(saved.body.message).toContain(seriesOtherBooking('10:00'));
    expect(await db().$count(bookings, eq(bookings.email, 'ada@example.com'))).toBe(0);
  });

  test('a second identical series collides with the first', async () => {
    const clientId = await ada(12);
    expect((await post(`/api/admin/clients/${clientId}/series`, series({ count: 3 }))).status).toBe(201);
    const again = await post(`/api/admin/clients/${clientId}/series`, series({ count: 3 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toStartWith('Nothing was booked: 3 dates of 3 cannot be booked.');
    expect(await db().$count(bookings)).toBe(3);
  });
});

describe('refusals', () => {
  test('every bad input is a 400 naming its field; an unknown client is a 404', async () => {
    const clientId = await ada(2);
    const introId = await introSessionTypeId(db());
    for (const [body, field, message] of [
      [{ sessionTypeId: 0 }, 'sessionTypeId', SERIES_TYPE_MESSAGE],
      [{ sessionTypeId: '1' }, 'sessionTypeId', SERIES_TYPE_MESSAGE],
      [{ sessionTypeId: 999999 }, 'sessionTypeId', SESSION_TYPE_NOT_FOUND],
      [{ sessionTypeId: introId }, 'sessionTypeId', SERIES_INTRO_MESSAGE],
      [{ date: '04/10/2030' }, 'date', SERIES_DATE_MESSAGE],
      [{ date: `${YEAR}-02-30` }, 'date', 'First date must be a real date'],
      [{ time: '24:00' }, 'time', SERIES_TIME_MESSAGE],
      [{ time: '9:30' }, 'time', SERIES_TIME_MESSAGE],
      [{ every: 3 }, 'every', SERIES_EVERY_MESSAGE],
      [{ every: '1' }, 'every', SERIES_EVERY_MESSAGE],
      [{ count: 1 }, 'count', SERIES_COUNT_MESSAGE],
      [{ count: 53 }, 'count', SERIES_COUNT_MESSAGE],
      [{ count: 2.5 }, 'count', SERIES_COUNT_MESSAGE],
      [{ extra: true }, 'extra', 'Unknown field: extra'],
    ] as const) {
      for (const path of [`/api/admin/clients/${clientId}/series/preview`, `/api/admin/clients/${clientId}/series`]) {
        expect({ path, body, answer: await post(path, series(body)) }).toEqual({
          path,
          body,
          answer: { status: 400, body: { message, field } },
        });
      }
    }
    const { sessionTypeId: _, ...withoutType } = series();
    expect(await post(`/api/admin/clients/${clientId}/series`, withoutType)).toEqual({
      status: 400,
      body: { message: SERIES_TYPE_MESSAGE, field: 'sessionTypeId' },
    });
    expect(await post('/api/admin/clients/999999/series', series())).toEqual({ status: 404, body: { message: CLIENT_NOT_FOUND } });
    expect(await db().$count(bookings)).toBe(0);
  });

  test('signed out: 401', async () => {
    const response = await sendJson('POST', '/api/admin/clients/1/series/preview', series());
    expect(response.status).toBe(401);
  });
});
