// The outbox: delivery over SMTP and its failures (retries, a server down, permanent refusals, DKIM),
// claims as leases under a rate, and the admin outbox API. Contact messages reaching the coach are
// outbox-contact-notices.test.ts; the shared mail is tests/helpers/outbox.ts.
import { describe, expect, test } from 'bun:test';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contactMessages, type OutboxEmail, outboxEmails } from '#db/schema.ts';
import { claimDueEmails, deliverDueEmails, recordAttempt, retryDelayMs } from '#server/mail/delivery.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { setupOutboxMail } from '../helpers/outbox.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { smtp, contact, outbox, deliverAll } = setupOutboxMail(db);

const { adminApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });

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
