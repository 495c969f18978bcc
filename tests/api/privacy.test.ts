import { beforeEach, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { bookings, contactMessages, newsletterDeliveries, newsletters, outboxEmails, siteSettings, subscribers } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { applyContactRetention } from '#server/services/privacy.ts';
import { introSessionTypeId } from '#server/services/session-types.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const DAY = 24 * 60 * 60 * 1000;

const PERSON = 'Ada.Lovelace@Example.com';
const OTHER = 'grace@example.com';
// Shares a suffix with PERSON's address: must never be taken for it.
const LOOKALIKE = 'bada.lovelace@example.com';

async function seedPeople() {
  const [subscriber] = await db()
    .insert(subscribers)
    .values([
      { email: 'ada.lovelace@example.com', firstName: 'Ada', status: 'active', source: 'footer' },
      { email: OTHER, status: 'active' },
    ])
    .returning();
  const [newsletter] = await db().insert(newsletters).values({ subject: 'Leading in winter', body: 'Hi', status: 'sent' }).returning();
  await db()
    .insert(outboxEmails)
    .values([
      {
        kind: 'newsletter',
        messageId: '<n1@x>',
        toAddress: 'ada.lovelace@example.com',
        subject: 'Leading in winter',
        html: '',
        text: 'Hi Ada',
      },
      {
        kind: 'contact_notification',
        messageId: '<c1@x>',
        toAddress: 'coach@example.com',
        subject: 'New message from Ada',
        html: '',
        text: 'Ada <ada.lovelace@example.com> wrote: hello',
        headers: { 'Reply-To': '"Ada" <ada.lovelace@example.com>' },
      },
      {
        kind: 'contact_notification',
        messageId: '<c2@x>',
        toAddress: 'coach@example.com',
        subject: 'New message from Bada',
        html: '',
        text: `Bada <${LOOKALIKE}> wrote: hi`,
      },
      { kind: 'newsletter', messageId: '<n2@x>', toAddress: OTHER, subject: 'Leading in winter', html: '', text: 'Hi Grace' },
    ]);
  await db().insert(newsletterDeliveries).values({ newsletterId: newsletter!.id, subscriberId: subscriber!.id });
  await db()
    .insert(contactMessages)
    .values([
      { name: 'Ada', email: 'ADA.LOVELACE@example.com', message: 'I would like coaching.', ipAddress: '203.0.113.9', userAgent: 'Firefox' },
      { name: 'Bada', email: LOOKALIKE, message: 'Hello there, coach.' },
      { name: 'Grace', email: OTHER, message: 'Another person entirely.' },
    ]);
  const at = new Date(Date.now() + 3 * DAY);
  const sessionTypeId = await introSessionTypeId(db());
  await db()
    .insert(bookings)
    .values([
      {
        uid: 'u1@test',
        sessionTypeId,
        startsAt: at,
        endsAt: new Date(at.getTime() + 1_800_000),
        name: 'Ada',
        email: 'ada.lovelace@example.com',
        topic: 'Board work',
        timeZone: 'UTC',
      },
      {
        uid: 'u2@test',
        sessionTypeId,
        startsAt: new Date(at.getTime() + DAY),
        endsAt: new Date(at.getTime() + DAY + 1_800_000),
        name: 'Grace',
        email: OTHER,
        timeZone: 'UTC',
      },
    ]);
}

beforeEach(async () => {
  for (const table of [newsletterDeliveries, newsletters, outboxEmails, subscribers, contactMessages, bookings]) await db().delete(table);
  await db().delete(siteSettings).where(eq(siteSettings.key, 'privacyRetention'));
  await seedPeople();
});

const summary = (email: string) => request(`/api/admin/privacy?email=${encodeURIComponent(email)}`, { headers: admin.headers() });

describe('GET /api/admin/privacy', () => {
  test("lists every record of the address, whatever its case, and nothing of anyone else's", async () => {
    const response = await summary(PERSON);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.contactMessages.map((m: { name: string }) => m.name)).toEqual(['Ada']);
    expect(body.subscription).toMatchObject({ status: 'active', source: 'footer' });
    expect(body.newsletterDeliveries.map((d: { newsletter: string }) => d.newsletter)).toEqual(['Leading in winter']);
    expect(body.bookings).toHaveLength(1);
    expect(body.emails.map((e: { subject: string }) => e.subject).sort()).toEqual(['Leading in winter', 'New message from Ada']);
  });

  test('an address that is missing or not an address is 400 naming the field', async () => {
    for (const query of ['', '?email=', '?email=not-an-email']) {
      const response = await request(`/api/admin/privacy${query}`, { headers: admin.headers() });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.field).toBe('email');
      expect(body.message).toMatch(/^(Email is required|Please enter a valid email address)$/);
    }
  });

  test('a user without the admin role is refused', async () => {
    const { cookie } = await signedIn(db(), 'user');
    expect((await request(`/api/admin/privacy?email=${PERSON}`, { headers: { Cookie: cookie } })).status).toBe(403);
    expect((await sendJson('POST', '/api/admin/privacy/erase', { email: PERSON }, { headers: { Cookie: cookie } })).status).toBe(403);
    expect(await db().select().from(contactMessages)).toHaveLength(3);
  });
});

describe('GET /api/admin/privacy/export', () => {
  test('one JSON file with every record of the person, and nothing of anyone else', async () => {
    const response = await request(`/api/admin/privacy/export?email=${encodeURIComponent(PERSON)}`, { headers: admin.headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="personal-data-ada.lovelace_example.com.json"');
    const file = await response.text();
    const data = JSON.parse(file);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        name: 'Ada',
        email: 'ADA.LOVELACE@example.com',
        message: 'I would like coaching.',
        ipAddress: '203.0.113.9',
        userAgent: 'Firefox',
      }),
    ]);
    expect(data.newsletterSubscription).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Ada', status: 'active' });
    expect(data.introCalls).toEqual([expect.objectContaining({ name: 'Ada', topic: 'Board work' })]);
    expect(data.emails).toHaveLength(2);
    for (const foreign of ['Grace', OTHER, LOOKALIKE, 'Bada', 'Another person entirely']) expect(file).not.toContain(foreign);
    // No internal secrets: no token hashes, no uids.
    expect(file).not.toContain('confirmTokenHash');
    expect(file).not.toContain('u1@test');
  });
});

describe('POST /api/admin/privacy/erase', () => {
  test("deletes every record of the person and nothing of anyone else's; newsletter counts keep an anonymous row", async () => {
    const response = await sendJson('POST', '/api/admin/privacy/erase', { email: ` ${PERSON} ` }, { headers: admin.headers() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      contactMessages: 1,
      subscriptions: 1,
      newsletterDeliveries: 1,
      bookings: 1,
      emails: 2,
      clients: 0,
    });

    const left = await summary(PERSON);
    expect(await left.json()).toEqual({
      client: null,
      email: PERSON,
      contactMessages: [],
      subscription: null,
      newsletterDeliveries: [],
      bookings: [],
      emails: [],
    });
    const mentions = async (table: string) =>
      (await db().execute(
        sql.raw(
          `select count(*)::int as n from ${table} t where lower(t::text) like '%ada.lovelace@example.com%' and lower(t::text) not like '%bada.lovelace%'`,
        ),
      )) as unknown;
    for (const table of ['contact_messages', 'subscribers', 'bookings', 'outbox_emails']) {
      const result = (await mentions(table)) as { rows?: { n: number }[] } | { n: number }[];
      const rows = Array.isArray(result) ? result : (result.rows ?? []);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
    }
    expect(await db().select().from(newsletterDeliveries)).toEqual([expect.objectContaining({ subscriberId: null })]);
    // Everyone else's records are all still there.
    expect((await db().select().from(contactMessages)).map((m) => m.email).sort()).toEqual([LOOKALIKE, OTHER].sort());
    expect((await db().select().from(subscribers)).map((s) => s.email)).toEqual([OTHER]);
    expect((await db().select().from(bookings)).map((b) => b.email)).toEqual([OTHER]);
    expect((await db().select().from(outboxEmails)).map((e) => e.subject).sort()).toEqual(['Leading in winter', 'New message from Bada']);
  });

  test('a bad address is 400 and nothing is deleted', async () => {
    for (const body of [{}, { email: 'nope' }, { email: PERSON, extra: 1 }]) {
      const response = await sendJson('POST', '/api/admin/privacy/erase', body, { headers: admin.headers() });
      expect(response.status).toBe(400);
    }
    expect(await db().select().from(contactMessages)).toHaveLength(3);
  });
});

describe("a message that mentions the address is its writer's, not the person's (issue 33 §4)", () => {
  const WRITER = 'mallory@example.net';
  const WORDS = 'Please send the invoice to ada.lovelace@example.com, my colleague.';

  /** B's contact message, through the form, naming A's address in its text and in B's name. */
  async function mentionOfPerson() {
    const body = { name: 'Ada.Lovelace@Example.com', email: WRITER, message: WORDS };
    const undo = setEnv({ CONTACT_EMAIL: 'coach@example.com' });
    pageCache.clear(); // the settings are read once per cache generation
    const response = await sendJson('POST', '/api/contact', body, { ip: '198.51.100.77' });
    undo();
    pageCache.clear();
    expect(response.status).toBe(201);
    // The coach's notice of it exists, carries the words and replies to B.
    const [notice] = await db()
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'contact_notification'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(notice!.text).toContain('ada.lovelace@example.com');
    expect((notice!.headers as Record<string, string>)['Reply-To']).toContain(WRITER);
    return notice!;
  }

  test("A's export and summary hold neither B's message nor the coach's notice of it", async () => {
    const notice = await mentionOfPerson();
    const response = await request(`/api/admin/privacy/export?email=${encodeURIComponent(PERSON)}`, { headers: admin.headers() });
    expect(response.status).toBe(200);
    const file = await response.text();
    expect(file).not.toContain(WRITER);
    expect(file).not.toContain('send the invoice');
    const data = JSON.parse(file);
    expect(data.contactMessages.map((m: { name: string }) => m.name)).toEqual(['Ada']);
    expect(data.emails).toHaveLength(2);
    const listed = await (await summary(PERSON)).json();
    expect(listed.emails.map((e: { id: number }) => e.id)).not.toContain(notice.id);
    // B's own request finds both.
    const writers = await (await summary(WRITER)).json();
    expect(writers.contactMessages).toHaveLength(1);
    expect(writers.emails.map((e: { id: number }) => e.id)).toEqual([notice.id]);
  });

  test("A's erasure leaves B's message and the coach's notice of it", async () => {
    const notice = await mentionOfPerson();
    const response = await sendJson('POST', '/api/admin/privacy/erase', { email: PERSON }, { headers: admin.headers() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ contactMessages: 1, emails: 2 });
    expect((await db().select().from(contactMessages).where(eq(contactMessages.email, WRITER))).map((m) => m.message)).toEqual([WORDS]);
    expect((await db().select().from(outboxEmails).where(eq(outboxEmails.id, notice.id))).length).toBe(1);
  });

  test("a newsletter's Reply-To is the coach's address: the coach's request does not take the readers' copies", async () => {
    await db()
      .update(outboxEmails)
      .set({ headers: { 'Reply-To': '"Coach" <coach@example.com>' } })
      .where(eq(outboxEmails.kind, 'newsletter'));
    const response = await sendJson('POST', '/api/admin/privacy/erase', { email: 'coach@example.com' }, { headers: admin.headers() });
    expect(response.status).toBe(200);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'newsletter'))).toHaveLength(2);
  });
});

describe('retention of contact messages', () => {
  async function ageMessages(days: number) {
    await db()
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(eq(contactMessages.name, 'Ada'));
  }

  test('IP addresses and user agents are forgotten after 30 days by default; the message stays', async () => {
    await ageMessages(29);
    expect(await applyContactRetention()).toEqual({ networkCleared: 0, messagesDeleted: 0 });
    await ageMessages(31);
    expect(await applyContactRetention()).toEqual({ networkCleared: 1, messagesDeleted: 0 });
    const [ada] = await db().select().from(contactMessages).where(eq(contactMessages.name, 'Ada'));
    expect(ada).toMatchObject({ ipAddress: null, userAgent: null, message: 'I would like coaching.' });
  });

  test('messages older than the period the coach sets are deleted, exactly those', async () => {
    const saved = await sendJson(
      'PUT',
      '/api/admin/privacy/retention',
      { contactNetworkDays: 7, contactMessageDays: 365 },
      { headers: admin.headers() },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ contactNetworkDays: 7, contactMessageDays: 365 });
    await ageMessages(366);
    await db()
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 364 * DAY) })
      .where(eq(contactMessages.name, 'Grace'));
    // Ada's message is past both periods: its network details go first, then the message.
    expect(await applyContactRetention()).toEqual({ networkCleared: 1, messagesDeleted: 1 });
    expect((await db().select().from(contactMessages)).map((m) => m.name).sort()).toEqual(['Bada', 'Grace']);
  });

  test('bad retention values are 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ contactNetworkDays: 0, contactMessageDays: null }, 'Days to keep IP addresses must be at least 1'],
      [{ contactNetworkDays: 30, contactMessageDays: 5 }, 'Days to keep messages must be at least 30'],
      [{ contactNetworkDays: 30 }, 'Days to keep messages must be a number'],
    ];
    for (const [body, message] of cases) {
      const response = await sendJson('PUT', '/api/admin/privacy/retention', body, { headers: admin.headers() });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
  });
});
