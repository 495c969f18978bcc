// The admin inbox and subscriber list (docs/product.md §2 "Admin contact messages", §4 unread → read with no
// way back, §7; ASVS 8.2.3, docs/security.md#input-validation). Refusals assert the status, the exact body and
// that the table is exactly as it was.
import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { contactMessages, subscribers } from '#db/schema.ts';
import { CONTACT_MESSAGE_PAGE_MAX, CONTACT_MESSAGE_PAGE_SIZE } from '#src/schemas/contact-message.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const MESSAGES_PATH = '/api/admin/contact-messages';
const { adminApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });
const MESSAGE_KEYS = ['createdAt', 'email', 'id', 'ipAddress', 'isRead', 'message', 'name', 'subject', 'userAgent'];
const MALFORMED_IDS = ['abc', '-1', '0', '1.5', '99999999999'];
const UNKNOWN_ID = 2_147_483_647;
const BAD_ID = { message: 'id must be a positive whole number', field: 'id' };
const NOT_FOUND = { message: 'Message not found' };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function storeMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactMessages)
    .values({
      name: unique('Visitor'),
      email: 'visitor@example.com',
      subject: 'Coaching',
      message: 'I would like to talk about coaching.',
      ipAddress: '203.0.113.5',
      userAgent: 'TestBrowser/1.0',
      ...overrides,
    })
    .returning();
  return row!;
}

const storedMessage = async (id: number) => (await db().select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
const snapshot = () => db().select().from(contactMessages).orderBy(asc(contactMessages.id));

/** A request that must be refused: its status and body, and nothing changed. */
const expectRefused = refusalChecker(snapshot);

/** PATCH …/read with no body at all, unless one is given (the admin screen sends `{}`). */
function markRead(id: number | string, body?: string, contentType = 'application/json') {
  const headers: Record<string, string> = { ...admin.headers(), Origin: SITE_ORIGIN };
  if (body !== undefined) headers['Content-Type'] = contentType;
  return request(`${MESSAGES_PATH}/${id}/read`, { method: 'PATCH', headers, body });
}

const remove = (id: number | string) => sendJson('DELETE', `${MESSAGES_PATH}/${id}`, undefined, { headers: admin.headers() });

describe('GET /api/admin/contact-messages', () => {
  test('lists every message newest first, with every field, hostile text returned as stored', async () => {
    const older = await storeMessage({ createdAt: minutesAgo(30), subject: null });
    const newer = await storeMessage({
      createdAt: minutesAgo(5),
      name: '<img src=x onerror=alert(1)>',
      subject: 'Re: ?&\r\nBcc: x',
      userAgent: "'; DROP TABLE contact_messages;--",
      isRead: true,
    });
    const response = await adminApi['contact-messages'].$get({ query: {} });
    expect(response.status).toBe(200);
    const list = await response.json();
    const stored = await snapshot();
    expect(list.length).toBe(Math.min(stored.length, CONTACT_MESSAGE_PAGE_SIZE));
    expect(response.headers.get('x-total-count')).toBe(String(stored.length));
    expect(response.headers.get('x-unread-count')).toBe(String(stored.filter((row) => !row.isRead).length));
    for (const message of list) expect(Object.keys(message).sort()).toEqual(MESSAGE_KEYS);
    const created = list.map((message) => Date.parse(message.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const ids = list.map((message) => message.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((message) => message.id === older.id)).toEqual({
      id: older.id,
      name: older.name,
      email: 'visitor@example.com',
      subject: null,
      message: 'I would like to talk about coaching.',
      isRead: false,
      createdAt: older.createdAt.toISOString(),
      ipAddress: '203.0.113.5',
      userAgent: 'TestBrowser/1.0',
    });
    expect(list.find((message) => message.id === newer.id)).toMatchObject({
      name: '<img src=x onerror=alert(1)>',
      subject: 'Re: ?&\r\nBcc: x',
      userAgent: "'; DROP TABLE contact_messages;--",
      isRead: true,
    });
  });

  test('answers a page at a time with exact counts: 25 messages are 20 + 5, and a page past the end is empty', async () => {
    // This test counts the whole table, so it starts from an empty inbox.
    await db().delete(contactMessages);
    const stored = [];
    for (let i = 0; i < 25; i++) stored.push(await storeMessage({ createdAt: minutesAgo(100 - i), isRead: i % 5 === 0 }));
    const newestFirst = stored.map((row) => row.id).reverse();
    const page = async (query: { page?: string; pageSize?: string }) => {
      const response = await adminApi['contact-messages'].$get({ query });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('25');
      expect(response.headers.get('x-unread-count')).toBe('20');
      return (await response.json()).map((message) => message.id);
    };
    expect(await page({})).toEqual(newestFirst.slice(0, CONTACT_MESSAGE_PAGE_SIZE));
    expect(await page({ page: '2' })).toEqual(newestFirst.slice(CONTACT_MESSAGE_PAGE_SIZE));
    expect(await page({ page: '3' })).toEqual([]);
    expect(await page({ page: '2', pageSize: '10' })).toEqual(newestFirst.slice(10, 20));
    expect(await page({ pageSize: String(CONTACT_MESSAGE_PAGE_MAX) })).toEqual(newestFirst);
  });

  test('a malformed or repeated page or pageSize is a 400 naming it', async () => {
    const bad = async (query: string, body: { message: string; field: string }) => {
      const response = await request(`${MESSAGES_PATH}?${query}`, { headers: admin.headers() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(body);
    };
    const badPage = { message: 'page must be a whole number from 1 to 1000000', field: 'page' };
    const badSize = { message: `pageSize must be a whole number from 1 to ${CONTACT_MESSAGE_PAGE_MAX}`, field: 'pageSize' };
    for (const value of ['0', '-1', 'abc', '1.5', '', '1000001']) await bad(`page=${value}`, badPage);
    for (const value of ['0', 'abc', String(CONTACT_MESSAGE_PAGE_MAX + 1)]) await bad(`pageSize=${value}`, badSize);
    await bad('page=1&page=2', { message: 'page must be given once', field: 'page' });
  });

  test('signed out: 401; signed in as a user: 403', async () => {
    await storeMessage();
    const anonymous = await request(MESSAGES_PATH);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
    const user = await signedIn(db(), 'user');
    const asUser = await request(MESSAGES_PATH, { headers: { Cookie: user.cookie } });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ message: 'Admin privileges required' });
  });
});

describe('PATCH /api/admin/contact-messages/:id/read', () => {
  test('marks the message read and answers it; marking it again is 200 with the same message', async () => {
    const message = await storeMessage();
    // As the admin screen sends it (`{}`), then with no body at all.
    const first = await adminApi['contact-messages'][':id'].read.$patch({ ...byId(message.id), json: {} });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(Object.keys(body).sort()).toEqual(MESSAGE_KEYS);
    expect(body).toMatchObject({ id: message.id, isRead: true, name: message.name, createdAt: message.createdAt.toISOString() });
    expect((await storedMessage(message.id))!.isRead).toBe(true);

    const second = await markRead(message.id);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(body);
    expect((await storedMessage(message.id))!.isRead).toBe(true);
  });

  test('there is no way back: {isRead: false} or any other field is refused and the message stays read', async () => {
    const message = await storeMessage({ isRead: true });
    await expectRefused(() => markRead(message.id, JSON.stringify({ isRead: false })), 400, {
      message: 'Unknown field: isRead',
      field: 'isRead',
    });
    await expectRefused(() => markRead(message.id, JSON.stringify({ name: 'x' })), 400, { message: 'Unknown field: name', field: 'name' });
    expect((await storedMessage(message.id))!.isRead).toBe(true);
  });

  test('a body that is not a JSON object, or not JSON, is refused', async () => {
    const message = await storeMessage();
    await expectRefused(() => markRead(message.id, '[]'), 400, { message: 'Invalid JSON body' });
    await expectRefused(() => markRead(message.id, 'read', 'text/plain'), 415, { message: 'Content-Type must be application/json' });
    expect((await storedMessage(message.id))!.isRead).toBe(false);
  });

  test('an unknown id is 404; malformed ids are 400', async () => {
    await expectRefused(() => markRead(UNKNOWN_ID), 404, NOT_FOUND);
    for (const id of MALFORMED_IDS) await expectRefused(() => markRead(id), 400, BAD_ID);
  });

  test('a GET cannot mark a message read', async () => {
    const message = await storeMessage();
    const response = await request(`${MESSAGES_PATH}/${message.id}/read`, { headers: admin.headers() });
    expect(response.status).toBe(404);
    expect((await storedMessage(message.id))!.isRead).toBe(false);
  });
});

describe('DELETE /api/admin/contact-messages/:id', () => {
  test('deletes the message: 204, then 404 the second time', async () => {
    const message = await storeMessage();
    const kept = await storeMessage();
    const response = await remove(message.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await storedMessage(message.id)).toBeUndefined();
    expect(await storedMessage(kept.id)).toBeDefined();
    await expectRefused(() => remove(message.id), 404, NOT_FOUND);
  });

  test('malformed ids are 400, nothing deleted', async () => {
    await storeMessage();
    for (const id of MALFORMED_IDS) await expectRefused(() => remove(id), 400, BAD_ID);
  });

  test('signed in as a user: 403 and the message stays', async () => {
    const message = await storeMessage();
    const user = await signedIn(db(), 'user');
    await expectRefused(() => sendJson('DELETE', `${MESSAGES_PATH}/${message.id}`, undefined, { headers: { Cookie: user.cookie } }), 403, {
      message: 'Admin privileges required',
    });
  });
});

describe('GET /api/admin/subscribers', () => {
  test('lists every active subscriber newest first with exactly the spec fields plus status, source and dates', async () => {
    const [older] = await db()
      .insert(subscribers)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: `${unique('ada')}@example.com`, createdAt: minutesAgo(60) })
      .returning();
    const [newer] = await db()
      .insert(subscribers)
      .values({ email: `${unique('anon')}@example.com`, createdAt: minutesAgo(1) })
      .returning();
    const response = await adminApi.subscribers.$get({ query: {} });
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((subscriber) => subscriber.id)).toEqual([newer!.id, older!.id]);
    expect(list[1]).toEqual({
      id: older!.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: older!.email,
      status: 'active',
      source: 'admin',
      createdAt: older!.createdAt.toISOString(),
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(list[0]).toEqual({
      id: newer!.id,
      firstName: null,
      lastName: null,
      email: newer!.email,
      status: 'active',
      source: 'admin',
      createdAt: newer!.createdAt.toISOString(),
      confirmedAt: null,
      unsubscribedAt: null,
    });
  });

  test('signed out: 401; signed in as a user: 403', async () => {
    expect((await request('/api/admin/subscribers')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    const asUser = await request('/api/admin/subscribers', { headers: { Cookie: user.cookie } });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ message: 'Admin privileges required' });
  });
});
