import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { contactMessages } from '#db/schema.ts';
import type { ContactMessageInput } from '#src/schemas/contact-message.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

let ipCounter = 0;
/** Each test writes from its own address, so the per-IP limit only bites where a test wants it. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Coaching', message: 'I would like to talk about coaching.' };

/** A message sent through the typed client, from `ip` (a fresh address unless given). */
const post = (json: ContactMessageInput, headers: Record<string, string> = {}, ip = freshIp()) =>
  typedApi(() => headers, ip).publicApi.contact.$post({ json });

async function storedCount() {
  const [row] = await db().select({ n: count() }).from(contactMessages);
  return row!.n;
}

/** Posts a body and asserts the refusal left the table untouched. */
async function expectRefused(body: unknown, status: number, expected: Record<string, unknown>, headers: Record<string, string> = {}) {
  const before = await storedCount();
  const response = await sendJson('POST', '/api/contact', body, { headers, ip: freshIp() });
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toEqual(expected);
  expect(await storedCount()).toBe(before);
}

describe('POST /api/contact', () => {
  test('stores the message with the socket IP and user agent, and answers 201 with its id', async () => {
    const response = await post(
      { ...valid, name: '  Ada Lovelace  ' },
      { 'User-Agent': 'TestBrowser/1.0', 'X-Forwarded-For': '10.9.9.9' },
      '203.0.113.77',
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Coaching',
      message: valid.message,
      isRead: false,
      ipAddress: '203.0.113.77',
      userAgent: 'TestBrowser/1.0',
    });
  });

  test('an empty subject is stored as none', async () => {
    const response = await post({ ...valid, subject: '   ' });
    const { id } = await response.json();
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.subject).toBeNull();
  });

  test('emoji, right-to-left text and joiners round-trip byte for byte', async () => {
    const message = 'مرحبا 👩🏽‍💼 — שלום, e\u0301, 你好, thanks!';
    const response = await post({ ...valid, name: 'Zoë 👋', message });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.message).toBe(message);
    expect(stored!.name).toBe('Zoë 👋');
  });

  test('a long user agent is stored truncated to 512 characters', async () => {
    const response = await post(valid, { 'User-Agent': 'U'.repeat(10_000) });
    const { id } = await response.json();
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.userAgent).toHaveLength(512);
  });

  describe('validation (docs/product.md §5 messages)', () => {
    for (const name of ['a', '  a  ', '']) {
      test(`name ${JSON.stringify(name)} is too short`, () =>
        expectRefused({ ...valid, name }, 400, { message: 'Name must be at least 2 characters', field: 'name' }));
    }
    for (const email of ['a@', 'a@b', 'not-an-email', '']) {
      test(`email ${JSON.stringify(email)} is invalid`, () =>
        expectRefused({ ...valid, email }, 400, { message: 'Please enter a valid email address', field: 'email' }));
    }
    test('a 9-character message is too short', () =>
      expectRefused({ ...valid, message: '123456789' }, 400, { message: 'Message must be at least 10 characters', field: 'message' }));
    test('a missing field is named', () =>
      expectRefused({ email: valid.email, message: valid.message }, 400, { message: 'Name must be at least 2 characters', field: 'name' }));
    for (const name of [123, true, ['x'], { $ne: '' }]) {
      test(`name of the wrong type (${JSON.stringify(name)}) is refused naming the field`, () =>
        expectRefused({ ...valid, name }, 400, { message: 'Name must be at least 2 characters', field: 'name' }));
    }
    test('subject of the wrong type is refused naming the field', () =>
      expectRefused({ ...valid, subject: [] }, 400, { message: 'Subject must be text', field: 'subject' }));
    for (const field of ['isRead', 'ipAddress', 'createdAt']) {
      test(`the server-owned field ${field} is refused`, () =>
        expectRefused({ ...valid, [field]: field === 'isRead' ? true : 'x' }, 400, { message: `Unknown field: ${field}`, field }));
    }
    test('a NUL character is refused', () =>
      expectRefused({ ...valid, message: 'Hello\u0000 there, coach' }, 400, {
        message: 'message contains characters that are not allowed',
        field: 'message',
      }));
    test('a lone surrogate is refused', () =>
      expectRefused(`{"name":"Ada","email":"ada@example.com","message":"broken \\ud800 text here"}`, 400, {
        message: 'message contains characters that are not allowed',
        field: 'message',
      }));
    test('limits from docs/security.md: a 5,001-character message is refused', () =>
      expectRefused({ ...valid, message: 'x'.repeat(5001) }, 400, {
        message: 'Message must be at most 5000 characters',
        field: 'message',
      }));
  });

  describe('malformed requests', () => {
    for (const body of ['[]', '"x"', 'null', '{', '[[[]]]']) {
      test(`body ${body.slice(0, 12)} is "Invalid JSON body"`, () => expectRefused(body, 400, { message: 'Invalid JSON body' }));
    }
    test('10,000 nested arrays are refused as nested too deeply, before they are parsed', () =>
      expectRefused('['.repeat(10_000) + ']'.repeat(10_000), 400, { message: 'JSON body is nested too deeply (at most 32 levels)' }));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      test(`Content-Type "${type}" is refused with 415`, () =>
        expectRefused(valid, 415, { message: 'Content-Type must be application/json' }, { 'Content-Type': type }));
    }
    test('a body over 32 KB is refused with 413', () =>
      expectRefused({ ...valid, message: 'x'.repeat(33 * 1024) }, 413, { message: 'Request body too large' }));
    test('a chunked body over 32 KB is refused with 413', async () => {
      const before = await storedCount();
      const chunk = new TextEncoder().encode('x'.repeat(1024));
      let sent = 0;
      const stream = new ReadableStream({
        pull(controller) {
          if (sent++ < 64) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await request('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await storedCount()).toBe(before);
    });
  });

  describe('abuse', () => {
    test('a foreign, null or missing Origin is refused with 403 before anything is stored', async () => {
      await expectRefused(valid, 403, { message: 'Cross-site request refused' }, { Origin: 'https://evil.example' });
      await expectRefused(valid, 403, { message: 'Cross-site request refused' }, { Origin: 'null' });
      await expectRefused(valid, 403, { message: 'Cross-site request refused' }, { Origin: 'http://localhost.evil.example' });
      const before = await storedCount();
      const noOrigin = await request(
        '/api/contact',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(valid) },
        freshIp(),
      );
      expect(noOrigin.status).toBe(403);
      const sameSiteReferer = await request(
        '/api/contact',
        { method: 'POST', headers: { 'Content-Type': 'application/json', Referer: `${SITE_ORIGIN}/contact` }, body: JSON.stringify(valid) },
        freshIp(),
      );
      expect(sameSiteReferer.status).toBe(201);
      expect(await storedCount()).toBe(before + 1);
    });

    test('a filled honeypot gets the same 201 and nothing is stored', async () => {
      const before = await storedCount();
      const response = await post({ ...valid, website: 'https://spam.example' });
      expect(response.status).toBe(201);
      expect(Object.keys(await response.json())).toEqual(['id']);
      expect(await storedCount()).toBe(before);
    });

    test('the 6th message in 10 minutes from one IP gets 429 with Retry-After, whatever X-Forwarded-For says', async () => {
      const ip = '192.0.2.200';
      for (let n = 0; n < 5; n++) {
        const ok = await sendJson('POST', '/api/contact', valid, { ip, headers: { 'X-Forwarded-For': `10.0.0.${n}` } });
        expect(ok.status).toBe(201);
      }
      const before = await storedCount();
      const limited = await sendJson('POST', '/api/contact', valid, { ip, headers: { 'X-Forwarded-For': '10.0.0.99' } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
      expect((await limited.json()).message).toBe('Too many messages. Try again in 10 minutes.');
      expect(await storedCount()).toBe(before);
      const otherIp = await sendJson('POST', '/api/contact', valid, { ip: freshIp() });
      expect(otherIp.status).toBe(201);
    });

    test('GET is not a way to send a message', async () => {
      const response = await request('/api/contact');
      expect(response.status).toBe(404);
    });
  });
});
