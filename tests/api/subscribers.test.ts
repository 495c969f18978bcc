import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { newsletterDeliveries, newsletters, outboxEmails, subscribers } from '#db/schema.ts';
import { exportSubscribersCsv } from '#server/services/subscribers.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const get = (path: string) => request(path, { headers: admin.headers() });
const { adminApi } = typedApi(admin.headers);

beforeEach(async () => {
  await db().delete(outboxEmails);
  await db().delete(subscribers);
});

async function people() {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
  return db()
    .insert(subscribers)
    .values([
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'active', source: 'post', createdAt: at(1) },
      { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', status: 'active', source: 'footer', createdAt: at(2) },
      { email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing', status: 'unsubscribed', source: 'post', createdAt: at(3) },
      { email: 'new@example.com', status: 'pending', source: 'services', createdAt: at(4) },
      { email: 'percent%_\\@example.com', firstName: '50%', status: 'active', source: 'import', createdAt: at(5) },
    ])
    .returning();
}

describe('GET /api/admin/subscribers', () => {
  test('active ones by default, newest first, in the spec shape plus status and source; X-Total-Count', async () => {
    await people();
    const response = await adminApi.subscribers.$get({ query: {} });
    expect(response.headers.get('x-total-count')).toBe('3');
    const list = await response.json();
    expect(list.map((row) => row.email)).toEqual(['percent%_\\@example.com', 'grace@example.com', 'ada@example.com']);
    expect(list[1]).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      status: 'active',
      source: 'footer',
      createdAt: '2026-11-01T09:02:00.000Z',
    });
  });

  test('search by name or email (literal % _ \\), filter by status, pages', async () => {
    await people();
    const emails = async (query: InferRequestType<typeof adminApi.subscribers.$get>['query']) =>
      (await (await adminApi.subscribers.$get({ query })).json()).map((row) => row.email);
    expect(await emails({ search: 'grace' })).toEqual(['grace@example.com']);
    expect(await emails({ search: 'ada lovelace' })).toEqual(['ada@example.com']);
    expect(await emails({ search: '%' })).toEqual(['percent%_\\@example.com']);
    expect(await emails({ search: '_' })).toEqual(['percent%_\\@example.com']);
    expect(await emails({ status: 'unsubscribed' })).toEqual(['alan@example.com']);
    // All five, newest first, two a page: the second page holds the 3rd and 4th newest.
    expect(await emails({ status: 'all', pageSize: '2', page: '2' })).toEqual(['alan@example.com', 'grace@example.com']);
    const bad = await get('/api/admin/subscribers?status=gone');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'status must be one of: active, pending, unsubscribed, bounced, all', field: 'status' });
    expect((await get('/api/admin/subscribers?pageSize=501')).status).toBe(400);
  });
});

describe('delete', () => {
  test('erases the person and the newsletter emails kept for them; 404 for an unknown id', async () => {
    const [ada] = await people();
    const [newsletter] = await db().insert(newsletters).values({ subject: 'S', body: 'B', status: 'sent' }).returning();
    const [mail] = await db()
      .insert(outboxEmails)
      .values({ kind: 'newsletter', messageId: '<a@x>', toAddress: ada!.email, subject: 'S', html: 'h', text: 't', status: 'sent' })
      .returning();
    await db().insert(newsletterDeliveries).values({ newsletterId: newsletter!.id, subscriberId: ada!.id, outboxEmailId: mail!.id });
    expect((await sendJson('DELETE', `/api/admin/subscribers/${ada!.id}`, {}, { headers: admin.headers() })).status).toBe(204);
    expect(await db().select().from(subscribers).where(eq(subscribers.id, ada!.id))).toEqual([]);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.id, mail!.id))).toEqual([]);
    // The newsletter's count keeps the delivery, without the person.
    expect((await db().select().from(newsletterDeliveries))[0]).toMatchObject({ subscriberId: null, outboxEmailId: null });
    const missing = await sendJson('DELETE', `/api/admin/subscribers/${ada!.id}`, {}, { headers: admin.headers() });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Subscriber not found' });
  });
});

describe('CSV export', () => {
  test('RFC 4180 with a header row, quotes doubled, and cells starting with = + - @ neutralised', async () => {
    await db()
      .insert(subscribers)
      .values([
        { email: 'formula@example.com', firstName: '=HYPERLINK("http://evil.example")', lastName: '+1', status: 'active' },
        { email: 'quote@example.com', firstName: 'Anna "Nan"', lastName: 'Line\nBreak', status: 'active' },
        { email: 'at@example.com', firstName: '@SUM(A1)', lastName: '-2', status: 'active' },
      ]);
    const response = await get('/api/admin/subscribers/export.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,status,source,subscribed_at,confirmed_at,unsubscribed_at');
    expect(csv).toContain(`"formula@example.com","'=HYPERLINK(""http://evil.example"")","'+1","active"`);
    expect(csv).toContain('"quote@example.com","Anna ""Nan""","Line\nBreak","active"');
    expect(csv).toContain(`"at@example.com","'@SUM(A1)","'-2","active"`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('CSV export, streamed', () => {
  /** Each chunk of the stream as text. */
  async function chunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
    const decoder = new TextDecoder();
    const parts: string[] = [];
    for await (const chunk of stream) parts.push(decoder.decode(chunk));
    return parts;
  }

  test('25 subscribers go out 10 rows a batch, newest first, none twice or missed, even a microsecond apart or tied', async () => {
    // 15 a microsecond apart (a JavaScript Date cannot tell them apart), then 10 at the very same instant.
    await db()
      .insert(subscribers)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          email: `reader-${String(i).padStart(2, '0')}@example.com`,
          status: 'active' as const,
          createdAt: sql`timestamptz '2026-11-01 09:00:00.000000+00' + ${Math.min(i, 15)} * interval '1 microsecond'`,
        })),
      );
    const expected = await db()
      .select({ email: subscribers.email })
      .from(subscribers)
      .orderBy(sql`${subscribers.createdAt} desc`, sql`${subscribers.id} desc`);
    const parts = await chunks(await exportSubscribersCsv({ status: 'active' }, { batchSize: 10 }));
    expect(parts.length).toBe(4);
    expect(parts[0]).toBe(`${'email,first_name,last_name,status,source,subscribed_at,confirmed_at,unsubscribed_at'}\r\n`);
    const lines = parts.slice(1).map((part) => part.split('\r\n').filter(Boolean).length);
    expect(lines).toEqual([10, 10, 5]);
    const emails = parts
      .slice(1)
      .join('')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line.slice(0, line.indexOf(','))) as string);
    expect(emails).toEqual(expected.map((row) => row.email));
    expect(new Set(emails).size).toBe(25);
  });

  test('the route streams the same CSV: every matching subscriber, with the filter applied', async () => {
    await people();
    const emails = async (query: string) => {
      const response = await get(`/api/admin/subscribers/export.csv?${query}`);
      expect(response.status).toBe(200);
      return (await response.text())
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((line) => line.slice(0, line.indexOf(',')));
    };
    expect(await emails('status=all')).toEqual([
      '"percent%_\\@example.com"',
      '"new@example.com"',
      '"alan@example.com"',
      '"grace@example.com"',
      '"ada@example.com"',
    ]);
    expect(await emails('status=active&search=lovelace')).toEqual(['"ada@example.com"']);
  });

  test('an empty export is the header row alone', async () => {
    const parts = await chunks(await exportSubscribersCsv({ status: 'active' }, { batchSize: 10 }));
    expect(parts.join('')).toBe('email,first_name,last_name,status,source,subscribed_at,confirmed_at,unsubscribed_at\r\n');
  });
});

describe('CSV import', () => {
  const importCsv = (csv: string, flags: { confirm?: boolean; consent?: boolean } = {}) =>
    sendJson('POST', '/api/admin/subscribers/import', { csv, ...flags }, { headers: admin.headers() });
  /** `importCsv` through the typed client, for an answer read as the route declares it. */
  const importCsvTyped = (csv: string, flags: { confirm?: boolean; consent?: boolean } = {}) =>
    adminApi.subscribers.import.$post({ json: { csv, ...flags } });
  const expectRefused = refusalChecker(() => db().select().from(subscribers).orderBy(asc(subscribers.id)));

  const FILE = `\uFEFFFirst Name,Email,Last Name\r\n"Ada","ada@example.com","Lovelace"\r\n"Bob ""the builder""",bob@example.com,"Multi\nline"\r\nNo address,,\r\nCarol,not-an-email,\r\nDup,ADA@example.com,\r\nZed,zed@example.com,\r\n`;

  test('the preview reports who would be added, duplicates and bad lines, and changes nothing', async () => {
    await db().insert(subscribers).values({ email: 'zed@example.com', status: 'active' });
    const before = await db().select().from(subscribers);
    const preview = await (await importCsvTyped(FILE)).json();
    expect(preview).toEqual({
      added: [
        { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
        { email: 'bob@example.com', firstName: 'Bob "the builder"', lastName: 'Multi\nline' },
      ],
      duplicates: ['ADA@example.com', 'zed@example.com'],
      invalid: [
        { line: 4, reason: 'no email address' },
        { line: 5, reason: 'not an email address: not-an-email' },
      ],
      imported: false,
    });
    expect(await db().select().from(subscribers)).toEqual(before);
  });

  test('importing needs the consent confirmation; with it, people are added active, from import, and nobody is emailed', async () => {
    await expectRefused(() => importCsv(FILE, { confirm: true }), 400, {
      message: 'Confirm that these people agreed to receive your newsletter',
    });
    const done = await (await importCsvTyped(FILE, { confirm: true, consent: true })).json();
    expect(done.imported).toBe(true);
    const rows = await db().select().from(subscribers).orderBy(asc(subscribers.email));
    expect(rows.map((row) => [row.email, row.status, row.source])).toEqual([
      ['ada@example.com', 'active', 'import'],
      ['bob@example.com', 'active', 'import'],
      ['zed@example.com', 'active', 'import'],
    ]);
    expect(await db().select().from(outboxEmails)).toEqual([]);
  });

  test('a file of bare addresses, one per line, works too; broken CSV and a too-large file are refused', async () => {
    const preview = await (await importCsvTyped('one@example.com\ntwo@example.com\n')).json();
    expect(preview.added.map((person) => person.email)).toEqual(['one@example.com', 'two@example.com']);
    await expectRefused(() => importCsv('"unterminated,quote\nx@example.com', { confirm: true, consent: true }), 400, {
      message: expect.stringContaining('The file is not valid CSV') as unknown as string,
    });
    const big = await importCsv('x'.repeat(4 * 1024 * 1024 + 1));
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ message: 'The file must be at most 4 MB', field: 'csv' });
    const tooBig = await sendJson('POST', '/api/admin/subscribers/import', `{"csv":"${'x'.repeat(5_300_000)}"}`, {
      headers: admin.headers(),
    });
    expect(tooBig.status).toBe(413);
    // A 10 MB export from another tool: refused before it is read whole, nobody added.
    const rows = Array.from({ length: 240_000 }, (_, i) => `reader-${i}@example.com,Reader,Number ${i}`).join('\n');
    expect(rows.length).toBeGreaterThan(10 * 1024 * 1024);
    await expectRefused(
      () => sendJson('POST', '/api/admin/subscribers/import', { csv: rows, confirm: true, consent: true }, { headers: admin.headers() }),
      413,
      { message: 'The file must be at most 4 MB' },
    );
  });
});
