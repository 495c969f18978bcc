// Issue 35, "Done when": a month of a real practice run from the admin alone. Three clients on
// packages of four sessions; Ada on a weekly series of four; Ben books two sessions and cancels
// one after the cut-off through his email's link; Cleo books one and does not come. Every credit
// is accounted for in the ledger: each package's balance is the sum of its rows, and the client
// list, the client page and the rows agree. Runs on PGlite, and on Postgres with DATABASE_URL set.
import { beforeEach, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { bookings, clientPackages, creditLedger } from '#db/schema.ts';
import { markNoShow } from '#server/services/booking/calls.ts';
import { createSessionType } from '#server/services/session-types.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, manageTokenIn, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, outbox, setSetting } = setupBookingSite(db);
const admin = adminSession(db);

const send = async (path: string, body: unknown) => {
  const response = await sendJson('POST', path, body, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const get = async (path: string) => (await request(path, { headers: admin.headers() })).json();

let coachingId: number;
beforeEach(async () => {
  await clearPractice(db());
  coachingId = (await createSessionType(COACHING)).id;
  // Open every hour for a month ahead: the series runs four weeks.
  await setSetting('bookingAvailability', openAvailability({ horizonDays: 40 }));
});

async function clientOnPackage(name: string, email: string, packageId: number) {
  const made = await send('/api/admin/clients', { name, email, phone: '', organisation: '', timeZone: 'UTC', status: 'active', tags: [] });
  expect(made.status).toBe(201);
  expect((await send(`/api/admin/clients/${made.body.id}/packages`, { packageId, note: 'Paid by bank transfer' })).status).toBe(201);
  return made.body.id as number;
}

/** A coaching session booked by the client through /book, starting at least `hours` from now. */
async function bookFrom(hours: number, name: string, email: string) {
  const { slots } = await (await request('/api/booking/slots?type=coaching')).json();
  const slot = slots.find((s: { start: string }) => Date.parse(s.start) >= Date.now() + hours * HOUR);
  const response = await book({ start: slot.start, sessionType: 'coaching', name, email });
  expect(response.status).toBe(201);
  const [row] = await db()
    .select()
    .from(bookings)
    .where(eq(bookings.startsAt, new Date(slot.start)));
  return row!;
}

/** Each of a client's ledger rows as [kind, amount], oldest first. */
async function ledgerOf(clientId: number) {
  const rows = await db()
    .select({ kind: creditLedger.kind, amount: creditLedger.amount })
    .from(creditLedger)
    .innerJoin(clientPackages, eq(clientPackages.id, creditLedger.clientPackageId))
    .where(eq(clientPackages.clientId, clientId))
    .orderBy(asc(creditLedger.id));
  return rows.map((row) => [row.kind, row.amount]);
}

test('three clients on packages, a weekly series, a late cancellation and a no-show: every credit accounted for', async () => {
  const pack = await send('/api/admin/packages', {
    name: 'Four sessions',
    sessions: 4,
    sessionTypeIds: [coachingId],
    validDays: 60,
    price: '£1,200',
  });
  expect(pack.status).toBe(201);
  const ada = await clientOnPackage('Ada Okafor', 'ada@example.com', pack.body.id);
  const ben = await clientOnPackage('Ben Ito', 'ben@example.com', pack.body.id);
  const cleo = await clientOnPackage('Cleo Marsh', 'cleo@example.com', pack.body.id);

  // Ada: every Tuesday at 10:00 for four weeks, from the coach's admin.
  const start = new Date(Date.now() + 3 * 24 * HOUR);
  const tuesday = new Date(start.getTime() + ((2 - start.getUTCDay() + 7) % 7) * 24 * HOUR).toISOString().slice(0, 10);
  const series = { sessionTypeId: coachingId, date: tuesday, time: '10:00', every: 1, count: 4 };
  const preview = await send(`/api/admin/clients/${ada}/series/preview`, series);
  expect(preview.status).toBe(200);
  const booked = await send(`/api/admin/clients/${ada}/series`, series);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  // Ben: two sessions; the one in a few hours, cancelled after the cut-off from his email's link.
  const soon = await bookFrom(3, 'Ben Ito', 'ben@example.com');
  await bookFrom(30, 'Ben Ito', 'ben@example.com');
  const bensEmail = (await outbox()).find((email) => email.toAddress === 'ben@example.com' && email.text.includes('/book/manage?token='));
  const token = manageTokenIn(bensEmail!.text);
  const refused = await sendJson('POST', '/api/bookings/manage/cancel', { token });
  expect(refused.status).toBe(409);
  const late = await sendJson('POST', '/api/bookings/manage/cancel', { token, late: true });
  expect(late.status).toBe(200);
  expect(await late.json()).toMatchObject({ status: 'cancelled', credit: { state: 'forfeited', left: 2 } });
  expect((await db().select().from(bookings).where(eq(bookings.id, soon.id)))[0]!.status).toBe('cancelled');

  // Cleo: booked, and did not come: the coach marks the no-show once it has started.
  const missed = await bookFrom(2, 'Cleo Marsh', 'cleo@example.com');
  await markNoShow(missed.id, 'Did not join', new Date(missed.startsAt.getTime() + 10 * 60_000));

  expect(await ledgerOf(ada)).toEqual([
    ['granted', 4],
    ['used', -1],
    ['used', -1],
    ['used', -1],
    ['used', -1],
  ]);
  expect(await ledgerOf(ben)).toEqual([
    ['granted', 4],
    ['used', -1],
    ['used', -1],
    ['forfeited', 0],
  ]);
  expect(await ledgerOf(cleo)).toEqual([
    ['granted', 4],
    ['used', -1],
    ['forfeited', 0],
  ]);

  // The balances are the sums of the rows, and every screen says the same.
  const expected = new Map([
    [ada, 0],
    [ben, 2],
    [cleo, 3],
  ]);
  const { clients } = await get('/api/admin/clients');
  for (const [id, left] of expected) {
    const sum = (await ledgerOf(id)).reduce((total, [, amount]) => total + Number(amount), 0);
    expect(sum).toBe(left);
    expect(clients.find((client: { id: number }) => client.id === id).creditsLeft).toBe(left);
    const detail = await get(`/api/admin/clients/${id}`);
    expect(detail.packages).toEqual([expect.objectContaining({ name: 'Four sessions', sessions: 4, left })]);
  }
  // Seven bookings: Ada's four, Ben's two (one cancelled), Cleo's one (a no-show).
  const all = await db().select({ status: bookings.status, noShow: bookings.noShowAt }).from(bookings);
  expect(all.filter((row) => row.status === 'cancelled')).toHaveLength(1);
  expect(all.filter((row) => row.noShow !== null)).toHaveLength(1);
  expect(all).toHaveLength(7);
});
