// docs/reliability.md, test 8 in-process: the body-read deadline on a real route, the client IP kept
// when the request is replaced for it, and the body limits of the sign-in and user routes. The
// fault test (tests/fault/slow-clients.fault.ts) does the same over real sockets.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { contactMessages } from '#db/schema.ts';
import { app } from '#server/app.ts';
import { resetEnvCache } from '#server/env.ts';
import { BODY_TIMEOUT_MESSAGE } from '#server/http/body-limits.ts';
import { JSON_LIMITS, TOO_DEEP, TOO_MANY_VALUES } from '#server/validation.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

beforeAll(() => {
  process.env.BODY_READ_TIMEOUT_MS = '200';
  resetEnvCache();
});
afterAll(() => {
  delete process.env.BODY_READ_TIMEOUT_MS;
  resetEnvCache();
});

const message = { name: 'Slow Sender', email: 'slow@example.com', message: 'A message sent in two parts.' };

/** A body in two parts, the second `delayMs` after the first, without a declared length. */
function twoPartBody(text: string, delayMs: number) {
  const encoder = new TextEncoder();
  const half = Math.floor(text.length / 2);
  return new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(encoder.encode(text.slice(0, half)));
      await Bun.sleep(delayMs);
      c.enqueue(encoder.encode(text.slice(half)));
      c.close();
    },
  });
}

/** Posts a contact message as Bun.serve would hand it over: requestIP knows only this Request object. */
function postContact(body: ReadableStream<Uint8Array>, address: string) {
  const request = new Request(`${SITE_ORIGIN}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN },
    body,
  });
  const server = { requestIP: (candidate: Request) => (candidate === request ? { address } : null) };
  return app.fetch(request, server);
}

const storedCount = async () => (await db().select({ n: count() }).from(contactMessages))[0]!.n;

describe('the body-read deadline (BODY_READ_TIMEOUT_MS)', () => {
  test('a body not received whole in time is answered 408 { message }, the connection closed, nothing stored', async () => {
    const before = await storedCount();
    const response = await postContact(twoPartBody(JSON.stringify(message), 600), '192.0.2.40');
    expect(response.status).toBe(408);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ message: BODY_TIMEOUT_MESSAGE });
    expect(await storedCount()).toBe(before);
  });

  test('a chunked body in time is stored with the address of the socket, though the request was replaced', async () => {
    const response = await postContact(twoPartBody(JSON.stringify(message), 20), '192.0.2.41');
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.ipAddress).toBe('192.0.2.41');
  });
});

/** A JSON-looking body of `kilobytes` KB sent in 1 KB chunks without a declared length. */
function chunkedBody(kilobytes: number) {
  const chunk = new TextEncoder().encode('x'.repeat(1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent++ < kilobytes) c.enqueue(chunk);
      else c.close();
    },
  });
}

describe('body limits of the routes without a larger need', () => {
  const tooLarge = { message: 'Request body too large' };

  test('sign-in: 16 KB + 1 declared, or 64 KB chunked, is refused with 413 before any check of the credentials', async () => {
    const declared = await sendJson(
      'POST',
      '/api/auth/login',
      { email: 'a@example.com', password: 'x'.repeat(16 * 1024) },
      { ip: '192.0.2.50' },
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual(tooLarge);
    const chunked = await request(
      '/api/auth/login',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN }, body: chunkedBody(64) },
      '192.0.2.51',
    );
    expect(chunked.status).toBe(413);
    expect(chunked.headers.get('connection')).toBe('close');
  });

  test('user administration: a body over 16 KB is refused with 413', async () => {
    const admin = await signedIn(db(), 'admin');
    const response = await sendJson(
      'POST',
      '/api/auth/admin/users',
      { email: 'big@example.com', password: 'x'.repeat(17 * 1024), role: 'user' },
      { headers: { Cookie: admin.cookie } },
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });
});

describe('the shape of a JSON body (issue 33 §1): refused before any walk of it', () => {
  const contact = (body: string) =>
    request(
      '/api/contact',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN }, body },
      '198.51.100.77',
    );
  const nested = (levels: number) => `{"name":"A","email":"a@example.com","message":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

  test('15,000 nested arrays, and 33 levels, are a 400 saying so; 32 levels reach the schema', async () => {
    for (const levels of [15_000, JSON_LIMITS.depth + 1]) {
      const response = await contact(nested(levels));
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message: TOO_DEEP } });
    }
    const deepest = await contact(nested(JSON_LIMITS.depth));
    expect(deepest.status).toBe(400);
    expect((await deepest.json()).message).not.toBe(TOO_DEEP);
    expect(await db().select({ n: count() }).from(contactMessages).where(eq(contactMessages.email, 'a@example.com'))).toEqual([{ n: 0 }]);
  });

  test('brackets and quotes inside strings are words, not nesting', async () => {
    const words = `He said "[[[{{{" ${'['.repeat(100)} and \\"]]]\\" — fine.`;
    const response = await contact(JSON.stringify({ name: 'Bracket Writer', email: 'brackets@example.com', message: words }));
    expect(response.status).toBe(201);
  });

  test('more than 100,000 values is a 400 saying so (on a route whose body may be that large); a NUL in a key is a 400 naming it', async () => {
    const admin = await signedIn(db(), 'admin');
    const many = await request('/api/admin/bookings/1/notes', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, Cookie: admin.cookie },
      body: JSON.stringify({ privateNotes: '', sharedNotes: '', actionItems: Array(JSON_LIMITS.values).fill(0), version: 0 }),
    });
    expect({ status: many.status, body: await many.json() }).toEqual({ status: 400, body: { message: TOO_MANY_VALUES } });
    const key = await contact(JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x', 'bad\u0000key': 1 }));
    expect({ status: key.status, body: await key.json() }).toEqual({
      status: 400,
      body: { message: 'bad\u0000key contains characters that are not allowed', field: 'bad\u0000key' },
    });
  });
});
