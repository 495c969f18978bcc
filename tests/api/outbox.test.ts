import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { generateKeyPairSync } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { contactMessages, type OutboxEmail, outboxEmails, siteSettings, users } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { claimDueEmails, deliverDueEmails, recordAttempt, retryDelayMs } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import type { ContactMessageInput } from '#src/schemas/contact-message.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { refusalChecker } from '../helpers/refusals.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

let smtp: TestSmtp;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const OWNER = 'owner@coach.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  await db().insert(users).values({ email: OWNER, passwordHash: 'x', role: 'admin', isOwner: true });
});
afterAll(() => smtp.stop());

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
    OUTBOX_RETRY_BASE_MS: '10',
    SMTP_MAX_PER_SECOND: '1000',
    CONTACT_EMAIL: undefined,
  });
  await db().delete(outboxEmails);
  smtp.received.length = 0;
});
afterEach(() => {
  closeTransport();
  undoEnv();
});

const contact = (body: Record<string, unknown>) =>
  sendJson(
    'POST',
    '/api/contact',
    { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to talk about coaching.', ...body },
    { ip: freshIp() },
  );

/** `contact` through the typed client, for an answer read as the route declares it. */
const contactTyped = (body: Partial<ContactMessageInput>) =>
  typedApi(undefined, freshIp()).publicApi.contact.$post({
    json: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to talk about coaching.', ...body },
  });

const { adminApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });

const outbox = () => db().select().from(outboxEmails).orderBy(asc(outboxEmails.id));

/** Runs delivery passes until nothing is queued or sending (retries are due within milliseconds here). */
async function deliverAll(maxPasses = 200) {
  for (let pass = 0; pass < maxPasses; pass++) {
    await deliverDueEmails();
    const rows = await outbox();
    if (rows.every((row) => row.status === 'sent' || row.status === 'failed')) return rows;
    await Bun.sleep(15);
  }
  throw new Error('the outbox did not settle');
}

describe('the coach hears of every contact message', () => {
  test('an accepted message queues one email to the owner, in the transaction that stores the message', async () => {
    const undo = setEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
    const response = await contactTyped({ subject: 'Coaching for my team' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [email] = await outbox();
    expect(email).toMatchObject({
      kind: 'contact_notification',
      toAddress: OWNER,
      status: 'queued',
      attempts: 0,
      subject: 'New message from Ada Lovelace: Coaching for my team',
      headers: { 'Reply-To': '"Ada Lovelace" <ada@example.com>' },
    });
    expect(email!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(email!.text).toContain(`/admin/contact-messages?message=${id}`);
    // Without SMTP_URL nothing is sent: the worker does not run, and a pass finds no server.
    undo();
  });

  test('CONTACT_EMAIL, the first-start contact address, receives the notice instead of the owner', async () => {
    const undo = setEnv({ CONTACT_EMAIL: 'inbox@coach.example' });
    pageCache.clear(); // the settings are read once per cache generation; a running site's environment never changes
    await contact({});
    undo();
    pageCache.clear();
    expect((await outbox()).map((row) => row.toAddress)).toEqual(['inbox@coach.example']);
  });

  test('the contact email the coach sets at /admin/settings receives the notice from then on', async () => {
    const changed = await sendJson('PATCH', '/api/admin/settings', { contactEmail: 'desk@coach.example' }, { headers: admin.headers() });
    expect(changed.status).toBe(200);
    try {
      await contact({});
      expect((await outbox()).map((row) => row.toAddress)).toEqual(['desk@coach.example']);
    } finally {
      await db().delete(siteSettings);
      pageCache.clear();
    }
  });

  test('a honeypot message and a rate-limited one queue nothing', async () => {
    expect((await contact({ website: 'http://spam.example' })).status).toBe(201);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await sendJson('POST', '/api/contact', { name: 'Ada', email: 'a@example.com', message: 'Hello there, coach!' }, { ip })).status,
      ).toBe(201);
    }
    expect(
      (await sendJson('POST', '/api/contact', { name: 'Ada', email: 'a@example.com', message: 'Hello there, coach!' }, { ip })).status,
    ).toBe(429);
    expect(await outbox()).toHaveLength(5);
  });

  test('delivered over SMTP: From, To, Reply-To the visitor, the stored Message-ID, both bodies and the admin link', async () => {
    const response = await contactTyped({ subject: 'Team offsite' });
    const { id } = await response.json();
    const [row] = await deliverAll();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.smtpResponse).toContain('250');
    const [{ parsed, envelopeTo }] = await smtp.waitFor(1);
    expect(envelopeTo).toEqual([OWNER]);
    expect(parsed.from?.value).toEqual([{ name: 'Summit Coaching', address: 'hello@coach.example' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(parsed.messageId).toBe(row!.messageId);
    expect(parsed.subject).toBe('New message from Ada Lovelace: Team offsite');
    const link = `http://localhost:3000/admin/contact-messages?message=${id}`;
    expect(parsed.text).toContain('I would like to talk about coaching.');
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.html).toContain('Ada Lovelace');
    expect(parsed.html).toContain('ada@example.com');
  });

  test('header injection and markup in name, subject and message arrive escaped and in one piece', async () => {
    const name = 'Eve\r\nBcc: victim@evil.example';
    const subject = 'Hi\r\nX-Injected: yes <script>alert(1)</script>';
    const message = '<img src=x onerror=alert(1)> & "quotes"\n<a href="javascript:alert(2)">click</a>\nline three';
    expect((await contact({ name, subject, message })).status).toBe(201);
    await deliverAll();
    const [{ parsed, raw }] = await smtp.waitFor(1);
    expect(parsed.headers.get('bcc')).toBeUndefined();
    expect(parsed.headers.get('x-injected')).toBeUndefined();
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(parsed.subject).toBe('New message from Eve Bcc: victim@evil.example: Hi X-Injected: yes <script>alert(1)</script>');
    expect(parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
    // The message whole in the text body, and only as text in the HTML body.
    expect(parsed.text).toContain(message);
    expect(parsed.html).not.toContain('<img src=x');
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).not.toContain('href="javascript:');
    expect(parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(parsed.html).toContain('line three');
  });
});

// Line breaks of every kind a header could be split on, encoded forms, and markup: each one is
// refused by the form's rules (400) or arrives as the visitor's text, never as a header or markup.
const INJECTIONS = ['\r\n', '\n', '\r', '\r\n\t', '\u2028', '\u0085', '%0d%0a', '=?utf-8?q?=0D=0A?=', '\\r\\n', '\r\n\r\n'];
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '"><iframe src=javascript:alert(1)>',
  '<a href="javascript:alert(2)">x</a>',
  '<style>*{display:none}</style>',
];

describe('the injection corpus reaches the coach escaped, in one piece', () => {
  for (const [index, breaker] of INJECTIONS.entries()) {
    const markup = MARKUP[index % MARKUP.length]!;
    test(`line break ${JSON.stringify(breaker)} with ${markup}`, async () => {
      const name = `Eve${breaker}Bcc: victim@evil.example`;
      const subject = `Hi${breaker}X-Injected: yes ${markup}`;
      const message = `Hello${breaker}Bcc: victim@evil.example\n${markup} & "quotes" — the whole message`;
      const response = await contact({ name, subject, message });
      if (response.status === 400) {
        expect((await response.json()).message).toBeString();
        expect(await outbox()).toEqual([]);
        return;
      }
      expect(response.status).toBe(201);
      await deliverAll();
      const [{ parsed, raw, envelopeTo }] = await smtp.waitFor(1);
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
      // Nobody else is sent a copy.
      expect(envelopeTo).toEqual([OWNER]);
      expect(parsed.headers.get('bcc')).toBeUndefined();
      expect(parsed.headers.get('x-injected')).toBeUndefined();
      expect(parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
      // One line of subject, holding everything the visitor wrote.
      expect(parsed.subject).not.toMatch(/[\r\n]/);
      expect(parsed.subject).toContain('X-Injected: yes');
      // The message whole in the text body; in the HTML body only as escaped text.
      // (MIME bodies carry line breaks as CRLF, which the parser reads as \n: the same text.)
      expect(parsed.text).toContain(message.replace(/\r\n?/g, '\n'));
      expect(parsed.html).toContain('the whole message');
      expect(parsed.html).not.toMatch(/<(script|img|svg|iframe|style)\b/i);
      expect(parsed.html).not.toMatch(/href="javascript:/i);
    });
  }
});

describe('delivery and its failures', () => {
  test('421 twice, then accepted: retried, delivered once, with one Message-ID', async () => {
    smtp.failWith(421, 'Try again later', 2);
    await contact({});
    const [row] = await deliverAll();
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.messageId).toBe(row!.messageId);
  });

  test('a temporary failure is recorded with its error and a later next attempt', async () => {
    smtp.failWith(451, 'Local error in processing', 1);
    await contact({});
    await deliverDueEmails();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(row!.lastAttemptAt!.getTime());
  });

  test('the server down, then back on the same port: the email waits and is then delivered', async () => {
    await smtp.stop();
    await contact({});
    await deliverDueEmails();
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    const [row] = await deliverAll();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  test('a connection dropped before the greeting is retried, and the email delivered once', async () => {
    smtp.hangUp(2);
    await contact({});
    const [row] = await deliverAll();
    expect(row!.status).toBe('sent');
    expect(smtp.dropped).toBe(2);
    expect(smtp.received).toHaveLength(1);
  });

  test('550 is permanent: failed with the answer, and never tried again', async () => {
    smtp.failWith(550, 'Mailbox unavailable', 5);
    await contact({});
    await deliverAll();
    for (let i = 0; i < 3; i++) await deliverDueEmails();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('550');
    expect(smtp.received).toHaveLength(0);
  });

  test('a temporary failure past the retry window fails the email', async () => {
    smtp.failWith(421, 'Try again later', 1);
    await contact({});
    await db()
      .update(outboxEmails)
      .set({ retryUntil: new Date(Date.now() - 1000) });
    await deliverDueEmails();
    const [row] = await outbox();
    expect(row!.status).toBe('failed');
  });

  test('retry delays double from the base, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  test('DKIM: with a key configured, every email carries a DKIM-Signature for the domain and selector', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const undo = setEnv({ DKIM_DOMAIN: 'coach.example', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem.replaceAll('\n', '\\n') });
    await contact({});
    await deliverAll();
    undo();
    const raw = (await smtp.waitFor(1))[0]!.raw;
    const signature = raw.match(/^DKIM-Signature:.*(\r\n[ \t].*)*/im)?.[0] ?? '';
    expect(signature).toContain('d=coach.example');
    expect(signature).toContain('s=mail2026');
    expect(signature).toMatch(/b=[A-Za-z0-9+/=\s]{100,}/);
  });
});

describe('claims', () => {
  test('a claim is a lease: a row whose sender died is taken again after it lapses, with the same Message-ID', async () => {
    const undo = setEnv({ OUTBOX_LEASE_MS: '1000' });
    await contact({});
    const [first] = await claimDueEmails();
    expect(first).toMatchObject({ status: 'sending', attempts: 1 });
    // The sender dies here: nothing is recorded. Until the lease lapses nobody else takes the row.
    expect(await claimDueEmails()).toHaveLength(0);
    await Bun.sleep(1100);
    const [again] = await claimDueEmails();
    expect(again).toMatchObject({ id: first!.id, attempts: 2, messageId: first!.messageId });
    // The first sender's late answer no longer owns the row.
    await recordAttempt(first as OutboxEmail, { ok: true, response: '250 late' });
    expect((await outbox())[0]).toMatchObject({ status: 'sending', attempts: 2 });
    await recordAttempt(again as OutboxEmail, { ok: true, response: '250 OK' });
    expect((await outbox())[0]).toMatchObject({ status: 'sent', smtpResponse: '250 OK' });
    undo();
  });

  test('SMTP_MAX_PER_SECOND: concurrent claimers together take at most that many in a second', async () => {
    const undo = setEnv({ SMTP_MAX_PER_SECOND: '5' });
    for (let i = 0; i < 12; i++) await contact({});
    const claims = await Promise.all([claimDueEmails(), claimDueEmails(), claimDueEmails(), claimDueEmails()]);
    expect(claims.flat()).toHaveLength(5);
    expect(new Set(claims.flat().map((row) => row.id)).size).toBe(5);
    await Bun.sleep(1050);
    expect(await claimDueEmails()).toHaveLength(5);
    undo();
  });

  test('a rolled-back change queues nothing', async () => {
    await db()
      .transaction(async (tx) => {
        const { enqueueEmail } = await import('#server/mail/outbox.ts');
        await tx
          .insert(contactMessages)
          .values({ name: 'X', email: 'x@example.com', message: 'rolled back message', ipAddress: '192.0.2.1' });
        await enqueueEmail(tx, { kind: 'test', to: 'x@example.com', subject: 's', html: '<p>h</p>', text: 't' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await outbox()).toHaveLength(0);
  });
});

describe('the admin outbox API', () => {
  const expectRefused = refusalChecker(() => outbox());
  const get = (path: string, headers: Record<string, string> = admin.headers()) => request(path, { headers });

  test('signed out → 401, a user-role account → 403, for every outbox endpoint', async () => {
    const user = await signedIn(db(), 'user');
    for (const [method, path] of [
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/outbox/1'],
      ['POST', '/api/admin/outbox/1/retry'],
      ['POST', '/api/admin/outbox/test'],
    ] as const) {
      const call = (headers: Record<string, string>) =>
        method === 'GET' ? request(path, { headers }) : sendJson('POST', path, {}, { headers });
      expect((await call({})).status).toBe(401);
      expect((await call({ Cookie: user.cookie })).status).toBe(403);
    }
  });

  test('the list: newest first, counts per status, a status filter and pages; whether email is configured', async () => {
    for (let i = 0; i < 3; i++) await contact({ subject: `Subject ${i}` });
    await db()
      .update(outboxEmails)
      .set({ status: 'failed', lastError: '550 no' })
      .where(eq(outboxEmails.subject, 'New message from Ada Lovelace: Subject 0'));
    const response = await adminApi.outbox.$get({ query: {} });
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 25,
      configured: true,
      counts: { queued: 2, sending: 0, sent: 0, failed: 1, cancelled: 0 },
    });
    expect(page.emails.map((email) => email.subject)).toEqual([2, 1, 0].map((i) => `New message from Ada Lovelace: Subject ${i}`));
    const failed = await (await adminApi.outbox.$get({ query: { status: 'failed' } })).json();
    expect(failed.emails.map((email) => email.lastError)).toEqual(['550 no']);
    expect((await (await adminApi.outbox.$get({ query: { page: '2' } })).json()).emails).toEqual([]);
    const undo = setEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
    expect((await (await adminApi.outbox.$get({ query: {} })).json()).configured).toBe(false);
    undo();
  });

  test('bad queries and ids are 400 with the parameter named; an unknown id is 404', async () => {
    expect(await (await get('/api/admin/outbox?status=lost')).json()).toEqual({
      message: 'status must be one of: all, queued, sending, sent, failed, cancelled',
      field: 'status',
    });
    expect((await get('/api/admin/outbox?page=0')).status).toBe(400);
    expect((await get('/api/admin/outbox?page=1&page=2')).status).toBe(400);
    expect((await get('/api/admin/outbox/abc')).status).toBe(400);
    const missing = await get('/api/admin/outbox/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Email not found' });
  });

  test('one email: its Message-ID, both bodies and its headers', async () => {
    await contact({ subject: 'Details' });
    const [row] = await outbox();
    const detail = await (await adminApi.outbox[':id'].$get(byId(row!.id))).json();
    expect(detail).toMatchObject({
      id: row!.id,
      messageId: row!.messageId,
      html: row!.html,
      text: row!.text,
      headers: row!.headers,
      status: 'queued',
    });
  });

  test('Retry queues a failed email again, due now; any other status is 409 and unchanged', async () => {
    smtp.failWith(550, 'Mailbox unavailable', 1);
    await contact({});
    await deliverAll();
    const [failed] = await outbox();
    expect(failed!.status).toBe('failed');
    const retried = await sendJson('POST', `/api/admin/outbox/${failed!.id}/retry`, {}, { headers: admin.headers() });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id: failed!.id, status: 'queued', lastError: null });
    const [row] = await deliverAll();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    await expectRefused(() => sendJson('POST', `/api/admin/outbox/${row!.id}/retry`, {}, { headers: admin.headers() }), 409, {
      message: 'Only a failed email can be retried',
    });
    await expectRefused(() => sendJson('POST', '/api/admin/outbox/999999/retry', {}, { headers: admin.headers() }), 404, {
      message: 'Email not found',
    });
  });

  test("'Send test email' goes to the signed-in admin and reports the SMTP server's answer", async () => {
    const sent = await adminApi.outbox.test.$post();
    expect(sent.status).toBe(200);
    const result = await sent.json();
    expect(result).toMatchObject({ sent: true, to: admin.user.email });
    expect(result.response).toContain('250');
    const [{ parsed, envelopeTo }] = await smtp.waitFor(1);
    expect(envelopeTo).toEqual([admin.user.email]);
    expect(parsed.subject).toBe('Test email from Summit Leadership Coaching');
    expect((await outbox())[0]).toMatchObject({ kind: 'test', status: 'sent' });

    smtp.failWith(550, 'No such user here', 1);
    const refused = await (await adminApi.outbox.test.$post()).json();
    expect(refused).toMatchObject({ sent: false });
    expect(refused.response).toContain('550 No such user here');
  });

  test("without SMTP_URL, 'Send test email' is 409 with how to configure it, and nothing is queued", async () => {
    const undo = setEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
    await expectRefused(() => sendJson('POST', '/api/admin/outbox/test', {}, { headers: admin.headers() }), 409, {
      message: 'Email is not configured: set SMTP_URL and MAIL_FROM, then restart',
    });
    undo();
  });
});
