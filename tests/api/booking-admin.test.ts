// The coach's side of booking: availability and the bookings in the admin, and the retention of a
// past call's topic. The visitor's side is booking.test.ts; the shared site is tests/helpers/booking.ts.
import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { bookings, outboxEmails, siteSettings } from '#db/schema.ts';
import { eraseOldTopics } from '#server/services/booking/reminders.ts';
import { introSessionTypeId } from '#server/services/session-types.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { HOUR, parseInvite, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { openAvailability } from '../helpers/open-availability.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { adminApi } = typedApi(admin.headers);
const { setSetting, slots, book, outbox } = setupBookingSite(db);

const putAvailability = (availability: unknown) =>
  sendJson('PUT', '/api/admin/booking/availability', availability, { headers: admin.headers() });

describe('the coach: availability and bookings in the admin', () => {
  test('availability is read and replaced whole; bad values are 400 naming the field and change nothing', async () => {
    const changed = openAvailability({
      timeZone: 'Asia/Kolkata',
      callMinutes: 45,
      bufferMinutes: 15,
      daysOff: ['2026-12-25', '2026-12-24', '2026-12-25'],
    });
    const saved = await adminApi.booking.availability.$put({ json: changed });
    expect(saved.status).toBe(200);
    expect((await saved.json()).daysOff).toEqual(['2026-12-24', '2026-12-25']);
    expect((await slots()).callMinutes).toBe(45);

    const bad: [unknown, string][] = [
      [{ ...changed, weeklyHours: { ...changed.weeklyHours, monday: [{ start: '12:00', end: '09:00' }] } }, 'End must be after start'],
      [
        {
          ...changed,
          weeklyHours: {
            ...changed.weeklyHours,
            monday: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        },
        'Ranges of one day must not overlap',
      ],
      [
        { ...changed, weeklyHours: { ...changed.weeklyHours, monday: [{ start: '9am', end: '12:00' }] } },
        'Start must be a time written as HH:mm',
      ],
      [{ ...changed, timeZone: 'Nowhere/Land' }, 'Time zone must be an IANA time zone such as Europe/London'],
      [{ ...changed, callMinutes: 5 }, 'Call length must be at least 15'],
      [{ ...changed, dailyCap: 0 }, 'Calls per day must be at least 1'],
      [{ ...changed, daysOff: ['2026-02-30'] }, 'A day off must be a real date'],
    ];
    for (const [body, message] of bad) {
      const response = await putAvailability(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    const current = await adminApi.booking.availability.$get();
    expect((await current.json()).callMinutes).toBe(45);
  });

  test('a fresh site offers weekdays 9–12 and 13–17 in the site time zone, 30 minutes, 24 hours notice, 30 days ahead', async () => {
    await db().delete(siteSettings).where(eq(siteSettings.key, 'bookingAvailability'));
    const response = await request('/api/admin/booking/availability', { headers: admin.headers() });
    expect(await response.json()).toMatchObject({
      callMinutes: 30,
      bufferMinutes: 0,
      minNoticeHours: 24,
      horizonDays: 30,
      dailyCap: null,
      weeklyHours: {
        monday: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        saturday: [],
        sunday: [],
      },
    });
  });

  test('upcoming calls soonest first; the coach cancels one with a message the visitor receives', async () => {
    const { slots: free } = await slots();
    expect((await book({ start: free[9]!.start, email: 'second@example.com' })).status).toBe(201);
    expect((await book({ start: free[3]!.start, email: 'first@example.com' })).status).toBe(201);
    const listed = await adminApi.bookings.$get({ query: { when: 'upcoming' } });
    const page = await listed.json();
    expect(page.total).toBe(2);
    expect(page.bookings.map((b) => b.email)).toEqual(['first@example.com', 'second@example.com']);
    await db().delete(outboxEmails);

    const cancelled = await sendJson(
      'POST',
      `/api/admin/bookings/${page.bookings[0]!.id}/cancel`,
      { message: 'I am unwell that day, sorry.' },
      { headers: admin.headers() },
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'coach' });
    const [toVisitor] = await outbox();
    expect(toVisitor!.toAddress).toBe('first@example.com');
    expect(toVisitor!.text).toContain('I am unwell that day, sorry.');
    expect(parseInvite(toVisitor!.calendar!.content).method).toBe('CANCEL');

    // Cancelled: no longer upcoming; listed with the past calls.
    const upcoming = await (await adminApi.bookings.$get({ query: { when: 'upcoming' } })).json();
    expect(upcoming.bookings.map((b) => b.email)).toEqual(['second@example.com']);
    expect(upcoming.total).toBe(1);
    const past = await (await adminApi.bookings.$get({ query: { when: 'past' } })).json();
    expect(past.bookings.map((b) => [b.email, b.status])).toEqual([['first@example.com', 'cancelled']]);

    const again = await sendJson('POST', `/api/admin/bookings/${page.bookings[0]!.id}/cancel`, {}, { headers: admin.headers() });
    expect(again.status).toBe(409);
    const missing = await sendJson('POST', '/api/admin/bookings/999999/cancel', {}, { headers: admin.headers() });
    expect(missing.status).toBe(404);
    const badWhen = await request('/api/admin/bookings?when=soon', { headers: admin.headers() });
    expect(badWhen.status).toBe(400);
    expect(await badWhen.json()).toEqual({ message: 'when must be upcoming or past', field: 'when' });
  });

  test('a signed-in user without the admin role gets 403 from every booking admin route', async () => {
    const { cookie } = await signedIn(db(), 'user');
    const headers = { Cookie: cookie };
    expect((await request('/api/admin/bookings', { headers })).status).toBe(403);
    expect((await request('/api/admin/booking/availability', { headers })).status).toBe(403);
    expect((await sendJson('PUT', '/api/admin/booking/availability', openAvailability(), { headers })).status).toBe(403);
  });
});

describe('retention', () => {
  test("a past call's topic is deleted once the retention period is over, and only then", async () => {
    await setSetting('bookingAvailability', openAvailability({ topicRetentionDays: 90 }));
    const day = 24 * HOUR;
    const at = (daysAgo: number) => ({
      startsAt: new Date(Date.now() - daysAgo * day),
      endsAt: new Date(Date.now() - daysAgo * day + 30 * 60_000),
    });
    const sessionTypeId = await introSessionTypeId(db());
    await db()
      .insert(bookings)
      .values([
        { uid: 'old@test', sessionTypeId, name: 'Old', email: 'old@example.com', topic: 'old topic', timeZone: 'UTC', ...at(91) },
        {
          uid: 'recent@test',
          sessionTypeId,
          name: 'Recent',
          email: 'recent@example.com',
          topic: 'recent topic',
          timeZone: 'UTC',
          ...at(89),
        },
      ]);
    expect(await eraseOldTopics()).toBe(1);
    const rows = await db().select({ uid: bookings.uid, topic: bookings.topic }).from(bookings).orderBy(asc(bookings.uid));
    expect(rows).toEqual([
      { uid: 'old@test', topic: null },
      { uid: 'recent@test', topic: 'recent topic' },
    ]);
  });
});
