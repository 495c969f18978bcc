// Where calls happen (issue 32 §4): the coach's video link (the same for every call, or a room of
// its own per call), phone number or address; said on /book before booking without any link, and
// after it in the answer, on the manage page, in both emails and the reminder, and in the .ics as
// LOCATION (and URL for a link); a change moves upcoming calls only, with SEQUENCE + 1 and both
// invitations again. The rest of booking is booking.test.ts and booking-admin.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { bookings, outboxEmails } from '#db/schema.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { queueDueReminders } from '#server/services/booking/reminders.ts';
import { introSessionTypeId } from '#server/services/session-types.ts';
import type { CallLocation } from '#src/schemas/booking.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, manageTokenIn, OWNER, parseInvite, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { freshIp, slots, book, outbox } = setupBookingSite(db);

const ROOMS = 'https://meet.jit.si/summit-intro-';
const FIXED = 'https://meet.example.com/coach-room?pwd=abc';
const PHONE = '+44 20 7946 0000';
const ADDRESS = 'Studio 4, The Old Mill; Mill Lane\nBristol BS1 4XE';
/** A room of its own: the pattern, then 26 random base32 letters and digits (128 bits). */
const OWN_ROOM = new RegExp(`^${ROOMS.replace(/[.?]/g, '\\$&')}[a-z2-7]{26}$`);

const LOCATIONS = {
  rooms: { kind: 'video', url: ROOMS, roomPerCall: true },
  fixed: { kind: 'video', url: FIXED, roomPerCall: false },
  phone: { kind: 'phone', phone: PHONE },
  address: { kind: 'address', address: ADDRESS },
  none: { kind: 'none' },
} satisfies Record<string, CallLocation>;

const putAvailability = (body: unknown) => sendJson('PUT', '/api/admin/booking/availability', body, { headers: admin.headers() });

async function setLocation(location: CallLocation, overrides: Parameters<typeof openAvailability>[0] = {}) {
  const response = await putAvailability({ ...openAvailability(overrides), location });
  expect(response.status).toBe(200);
  expect((await response.json()).location).toEqual(location);
}

/** Books the free slot at `index` as `email`; the row and the answer's body. */
async function bookAt(index: number, email: string) {
  const { slots: free } = await slots();
  const response = await book({ start: free[index]!.start, email });
  expect(response.status).toBe(201);
  const [row] = await db().select().from(bookings).where(eq(bookings.email, email));
  return { row: row!, body: await response.json() };
}

const mailsOf = async (kind: string) => (await outbox()).filter((mail) => mail.kind === kind);

describe('before booking', () => {
  test('/book says how calls happen, and never shows a video link before a call is booked', async () => {
    const expected = [
      [LOCATIONS.rooms, { kind: 'video', url: null }],
      [LOCATIONS.fixed, { kind: 'video', url: null }],
      [LOCATIONS.phone, { kind: 'phone', phone: PHONE }],
      [LOCATIONS.address, { kind: 'address', address: ADDRESS }],
      [LOCATIONS.none, null],
    ] as const;
    for (const [location, said] of expected) {
      await setLocation(location);
      const response = await request('/api/booking/slots');
      const text = await response.text();
      expect(JSON.parse(text).place).toEqual(said);
      expect(text).not.toContain('meet.');
    }
  });
});

describe('a booked call', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());

  function inviteIn(mail: ParsedMail) {
    const file = mail.attachments.find((attachment) => attachment.filename === 'invite.ics');
    expect(file).toBeDefined();
    return parseInvite(file!.content.toString('utf8'));
  }

  test('rooms per call: each call its own unguessable room, in the answer, on the manage page, in both emails over SMTP and as the .ics LOCATION and URL', async () => {
    await setLocation(LOCATIONS.rooms);
    const first = await bookAt(2, 'ada@example.com');
    const second = await bookAt(6, 'alan@example.com');
    const room = first.row.place!;
    expect(first.row.placeKind).toBe('video');
    expect(room).toMatch(OWN_ROOM);
    expect(second.row.place).toMatch(OWN_ROOM);
    expect(second.row.place).not.toBe(room);
    expect(first.body.place).toEqual({ kind: 'video', url: room });

    const confirmation = (await mailsOf('booking_confirmation')).find((mail) => mail.toAddress === 'ada@example.com')!;
    const managed = await request(`/api/bookings/manage?token=${manageTokenIn(confirmation.text)}`);
    expect((await managed.json()).place).toEqual({ kind: 'video', url: room });

    const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Summit Coaching" <hello@coach.example>', SMTP_MAX_PER_SECOND: '1000' });
    try {
      while ((await deliverDueEmails()) > 0);
      const received = await smtp.waitFor(4);
      const ofFirst = received.filter((mail) => mail.parsed.text?.includes(room));
      expect(ofFirst.map((mail) => mail.envelopeTo[0]).sort()).toEqual([OWNER, 'ada@example.com'].sort());
      for (const { parsed } of ofFirst) {
        expect(parsed.text).toContain(`Video call: ${room}`);
        expect(parsed.html || '').toContain(`href="${room}"`);
        expect(inviteIn(parsed)).toMatchObject({ method: 'REQUEST', uid: first.row.uid, sequence: 0, location: room, url: room });
      }
    } finally {
      closeTransport();
      undo();
    }
  });

  test('a fixed link is the same for every call, and is given only once booked', async () => {
    await setLocation(LOCATIONS.fixed);
    const { row, body } = await bookAt(3, 'grace@example.com');
    expect(row).toMatchObject({ placeKind: 'video', place: FIXED });
    expect(body.place).toEqual({ kind: 'video', url: FIXED });
    for (const mail of await outbox()) {
      expect(mail.text).toContain(`Video call: ${FIXED}`);
      expect(parseInvite(mail.calendar!.content)).toMatchObject({ location: FIXED, url: FIXED });
    }
  });

  test('a phone number and an address are said in both emails and the reminder, and as the .ics LOCATION (the address as written, the number in words; its URL stays the booking page)', async () => {
    for (const [location, words, at] of [
      [LOCATIONS.phone, `Phone call: call ${PHONE} at the time of the call`, 2],
      [LOCATIONS.address, `In person at ${ADDRESS}`, 6],
    ] as const) {
      await setLocation(location);
      const { body } = await bookAt(at, `${location.kind}@example.com`);
      expect(body.place).toEqual(location.kind === 'phone' ? { kind: 'phone', phone: PHONE } : { kind: 'address', address: ADDRESS });
      const mails = await outbox();
      expect(mails.map((mail) => mail.kind)).toEqual(['booking_confirmation', 'booking_notice']);
      for (const mail of mails) {
        expect(mail.text).toContain(words);
        const invite = parseInvite(mail.calendar!.content);
        expect(invite.location).toBe(location.kind === 'address' ? ADDRESS : words);
        expect(String(invite.url)).toEndWith('/book');
      }
      // Not to be moved by the next change of place.
      await db().delete(bookings);
      await db().delete(outboxEmails);
    }

    // The reminder, a day before a call further ahead than a day.
    const { slots: free } = await slots();
    const later = free.find((slot) => new Date(slot.start).getTime() - Date.now() > 26 * HOUR)!;
    expect((await book({ start: later.start, email: 'later@example.com' })).status).toBe(201);
    expect(await queueDueReminders(new Date(new Date(later.start).getTime() - 23 * HOUR))).toBe(1);
    const [reminder] = await mailsOf('booking_reminder');
    expect(reminder!.text).toContain(`In person at ${ADDRESS}`);
  });
});

describe('the coach changes where calls happen', () => {
  test('upcoming calls take the new place with SEQUENCE + 1 and both invitations again; past and cancelled calls keep theirs and get nothing', async () => {
    await setLocation(LOCATIONS.fixed);
    const upcoming = (await bookAt(2, 'upcoming@example.com')).row;
    const cancelled = (await bookAt(6, 'cancelled@example.com')).row;
    const cancel = await sendJson('POST', `/api/admin/bookings/${cancelled.id}/cancel`, {}, { headers: admin.headers() });
    expect(cancel.status).toBe(200);
    const pastStart = new Date(Date.now() - 2 * 24 * HOUR);
    const [past] = await db()
      .insert(bookings)
      .values({
        uid: 'past@test',
        sessionTypeId: await introSessionTypeId(db()),
        name: 'Past Caller',
        email: 'past@example.com',
        timeZone: 'UTC',
        startsAt: pastStart,
        endsAt: new Date(pastStart.getTime() + 30 * 60_000),
        placeKind: 'video',
        place: FIXED,
      })
      .returning();
    const manageToken = manageTokenIn(
      (await mailsOf('booking_confirmation')).find((mail) => mail.toAddress === 'upcoming@example.com')!.text,
    );
    await db().delete(outboxEmails);

    await setLocation(LOCATIONS.address);
    const rows = async () => db().select().from(bookings).orderBy(asc(bookings.id));
    expect((await rows()).map((row) => [row.email, row.status, row.sequence, row.placeKind, row.place])).toEqual([
      ['upcoming@example.com', 'confirmed', 1, 'address', ADDRESS],
      ['cancelled@example.com', 'cancelled', cancelled.sequence, 'video', FIXED],
      ['past@example.com', 'confirmed', past!.sequence, 'video', FIXED],
    ]);
    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['booking_place_changed', 'upcoming@example.com'],
      ['booking_place_changed_notice', OWNER],
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(`In person at ${ADDRESS}`);
      expect(parseInvite(mail.calendar!.content)).toMatchObject({
        method: 'REQUEST',
        uid: upcoming.uid,
        sequence: 1,
        start: upcoming.startsAt.toISOString(),
        location: ADDRESS,
      });
    }
    expect(mails[0]!.subject).toContain('where it happens has changed');
    expect(manageTokenIn(mails[0]!.text)).toBe(manageToken);
    expect((await (await request(`/api/bookings/manage?token=${manageToken}`)).json()).place).toEqual({
      kind: 'address',
      address: ADDRESS,
    });

    // Saving the availability with the same place (another call length) moves nothing and sends nothing.
    await db().delete(outboxEmails);
    await setLocation(LOCATIONS.address, { callMinutes: 45 });
    expect(await outbox()).toHaveLength(0);
    expect((await rows())[0]!.sequence).toBe(1);

    // Rooms per call: the upcoming call gets a room of its own; then no place at all: the invitation says none.
    await setLocation(LOCATIONS.rooms);
    const [roomed] = await rows();
    expect(roomed).toMatchObject({ sequence: 2, placeKind: 'video' });
    expect(roomed!.place).toMatch(OWN_ROOM);
    expect(parseInvite((await mailsOf('booking_place_changed'))[0]!.calendar!.content)).toMatchObject({
      sequence: 2,
      location: roomed!.place,
      url: roomed!.place,
    });
    await db().delete(outboxEmails);
    await setLocation(LOCATIONS.none);
    expect((await rows())[0]).toMatchObject({ sequence: 3, placeKind: null, place: null });
    const [update] = await mailsOf('booking_place_changed');
    expect(parseInvite(update!.calendar!.content)).toMatchObject({ sequence: 3, location: null });
    expect(update!.text).not.toContain(roomed!.place!);
  });

  test('bookings racing the coach’s change end with the new place, whichever went first', async () => {
    const { slots: free } = await slots();
    const rounds: [CallLocation, CallLocation][] = [
      [LOCATIONS.phone, LOCATIONS.address],
      [LOCATIONS.address, LOCATIONS.fixed],
      [LOCATIONS.fixed, LOCATIONS.phone],
      [LOCATIONS.phone, LOCATIONS.address],
      [LOCATIONS.address, LOCATIONS.phone],
    ];
    for (const [round, [from, to]] of rounds.entries()) {
      await setLocation(from);
      const email = `racer${round}@example.com`;
      const [booked, saved] = await Promise.all([
        book({ start: free[2 + round * 2]!.start, email }, freshIp()),
        putAvailability({ ...openAvailability(), location: to }),
      ]);
      expect([booked.status, saved.status]).toEqual([201, 200]);
      const [row] = await db().select().from(bookings).where(eq(bookings.email, email));
      expect(row).toMatchObject({ placeKind: to.kind });
    }
  });

  test('bad places are 400 with a message naming the field, and nothing changes', async () => {
    await setLocation(LOCATIONS.fixed);
    const { row } = await bookAt(2, 'kept@example.com');
    await db().delete(outboxEmails);
    const before = await (await request('/api/admin/booking/availability', { headers: admin.headers() })).json();
    const NOT_HTTPS = 'Video link must be an https:// address';
    const NOT_A_PHONE = 'Phone number must be a phone number such as +44 20 7946 0000';
    const cases: [unknown, string, string][] = [
      [{ kind: 'video', url: 'http://meet.example.com/room', roomPerCall: false }, 'location.url', NOT_HTTPS],
      [{ kind: 'video', url: 'javascript:alert(1)', roomPerCall: false }, 'location.url', NOT_HTTPS],
      [{ kind: 'video', url: '//meet.example.com/room', roomPerCall: false }, 'location.url', NOT_HTTPS],
      [{ kind: 'video', url: 'https://user:pw@meet.example.com/', roomPerCall: false }, 'location.url', NOT_HTTPS],
      [
        { kind: 'video', url: `https://meet.example.com/${'a'.repeat(500)}`, roomPerCall: false },
        'location.url',
        'Video link must be at most 500 characters',
      ],
      [
        { kind: 'video', url: 'https://meet.jit.si/intro?x=1', roomPerCall: true },
        'location.url',
        'Video link must not have a ? or # part when each call gets its own room',
      ],
      [{ kind: 'video', url: ROOMS }, 'location.roomPerCall', 'Room per call must be true or false'],
      [{ kind: 'phone', phone: 'call me' }, 'location.phone', NOT_A_PHONE],
      [{ kind: 'phone', phone: '12345' }, 'location.phone', NOT_A_PHONE],
      [{ kind: 'phone', phone: '+1 234 567 890 123 456' }, 'location.phone', NOT_A_PHONE],
      [{ kind: 'address', address: '   ' }, 'location.address', 'Address is required'],
      [{ kind: 'address', address: 'x'.repeat(301) }, 'location.address', 'Address must be at most 300 characters'],
      [{ kind: 'address', address: 'Mill Lane\u0007' }, 'location.address', 'Address must be plain text'],
      [{ kind: 'zoom', url: ROOMS }, 'location.kind', 'Where calls happen must be none, video, phone or address'],
      ['https://meet.jit.si/x', 'location', 'Where calls happen must be none, video, phone or address'],
      [{ kind: 'phone', phone: PHONE, extension: '12' }, 'location.extension', 'Unknown field: extension'],
    ];
    for (const [location, field, message] of cases) {
      const response = await putAvailability({ ...openAvailability(), location });
      expect(response.status, JSON.stringify(location)).toBe(400);
      expect(await response.json()).toEqual({ message, field });
    }
    expect(await (await request('/api/admin/booking/availability', { headers: admin.headers() })).json()).toEqual(before);
    const [kept] = await db().select().from(bookings);
    expect(kept).toMatchObject({ sequence: row.sequence, placeKind: 'video', place: FIXED });
    expect(await outbox()).toHaveLength(0);
  });
});
