import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import { newsletterDeliveries, newsletters, outboxEmails, rateLimits, siteSettings, subscribers } from '#db/schema.ts';
import { settleAfterAnswer } from '#server/jobs/after-answer.ts';
import { startHousekeeping } from '#server/jobs/housekeeping.ts';
import { confirmLinkState, deleteExpiredSignups } from '#server/services/newsletter/signup.ts';
import { unsubscribeToken } from '#server/services/newsletter/tokens.ts';
import { SIGNUP_ACCEPTED } from '#src/schemas/newsletter-signup.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

beforeEach(async () => {
  // A signup is stored after its answer: the last test's must land before this one looks.
  await settleAfterAnswer();
  await db().delete(outboxEmails);
  await db().delete(rateLimits);
  await db()
    .insert(siteSettings)
    .values({ key: 'newsletterEnabled', value: true })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: true } });
});

const subscribe = (body: Record<string, unknown>, ip = freshIp()) => sendJson('POST', '/api/newsletter/subscribe', body, { ip });
const confirm = (token: string) => sendJson('POST', '/api/newsletter/confirm', { token }, { ip: freshIp() });

async function subscriber(email: string) {
  await settleAfterAnswer();
  const [row] = await db().select().from(subscribers).where(sql`lower(${subscribers.email}) = lower(${email})`);
  return row;
}

async function confirmationsTo(email: string) {
  await settleAfterAnswer();
  return db()
    .select()
    .from(outboxEmails)
    .where(sql`${outboxEmails.kind} = 'newsletter_confirmation' and ${outboxEmails.toAddress} = ${email}`)
    .orderBy(asc(outboxEmails.id));
}

async function confirmTokenSentTo(email: string) {
  const [mail] = (await confirmationsTo(email)).slice(-1);
  const token = mail?.text.match(/\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was sent to ${email}`);
  return token;
}

describe('POST /api/newsletter/subscribe', () => {
  test('a new address becomes pending with its names and source, and is sent one confirmation link', async () => {
    const response = await subscribe({ email: ' New.Reader@Example.com ', firstName: ' Ada ', lastName: 'Lovelace', source: 'footer' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: SIGNUP_ACCEPTED });
    expect(await subscriber('new.reader@example.com')).toMatchObject({
      email: 'New.Reader@Example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'pending',
      source: 'footer',
      confirmedAt: null,
    });
    const [mail] = await confirmationsTo('New.Reader@Example.com');
    expect(mail!.subject).toBe('Confirm your subscription to Summit Leadership Coaching');
    expect(mail!.html).toContain('Confirm subscription');
  });

  test('an email alone is a whole signup (issue 32 §6): pending without names, and sent its confirmation link', async () => {
    const response = await subscribe({ email: 'just.an.email@example.com', source: 'post' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: SIGNUP_ACCEPTED });
    expect(await subscriber('just.an.email@example.com')).toMatchObject({
      email: 'just.an.email@example.com',
      firstName: null,
      lastName: null,
      status: 'pending',
      source: 'post',
    });
    expect(await confirmTokenSentTo('just.an.email@example.com')).toMatch(/^[\w-]+$/);
  });

  test('new, pending, active and unsubscribed addresses all get the same 202 and body', async () => {
    await db()
      .insert(subscribers)
      .values([
        { email: 'active@example.com', status: 'active' },
        { email: 'gone@example.com', status: 'unsubscribed' },
      ]);
    await subscribe({ email: 'pending@example.com' });
    await settleAfterAnswer();
    const answers = await Promise.all(
      ['fresh@example.com', 'pending@example.com', 'active@example.com', 'gone@example.com'].map(async (email) => {
        const response = await subscribe({ email });
        return [response.status, await response.json()];
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual([202, { message: SIGNUP_ACCEPTED }]);
    // Active stays active and is sent nothing; unsubscribed asks again; pending waits an hour.
    expect((await subscriber('active@example.com'))!.status).toBe('active');
    expect(await confirmationsTo('active@example.com')).toHaveLength(0);
    expect((await subscriber('gone@example.com'))!.status).toBe('pending');
    expect(await confirmationsTo('gone@example.com')).toHaveLength(1);
    expect(await confirmationsTo('pending@example.com')).toHaveLength(1);
  });

  test('at most one confirmation an hour per address', async () => {
    for (let i = 0; i < 3; i++) await subscribe({ email: 'eager@example.com' });
    expect(await confirmationsTo('eager@example.com')).toHaveLength(1);
    await db()
      .update(subscribers)
      .set({ confirmSentAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(subscribers.email, 'eager@example.com'));
    await subscribe({ email: 'eager@example.com' });
    expect(await confirmationsTo('eager@example.com')).toHaveLength(2);
  });

  test('the honeypot answers the same and stores nothing; 5 signups per IP in 10 minutes', async () => {
    const ip = freshIp();
    const trap = await subscribe({ email: 'bot@example.com', website: 'https://spam.example' }, ip);
    expect(trap.status).toBe(202);
    expect(await trap.json()).toEqual({ message: SIGNUP_ACCEPTED });
    expect(await subscriber('bot@example.com')).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await subscribe({ email: `reader${i}@example.com` }, ip)).status).toBe(202);
    const limited = await subscribe({ email: 'reader9@example.com' }, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many signups. Try again in 10 minutes.' });
  });

  const expectRefused = refusalChecker(async () => ({
    subscribers: await db().select().from(subscribers).orderBy(asc(subscribers.id)),
  }));

  test('bad input gets a clear message naming the field, and nothing is stored', async () => {
    await expectRefused(() => subscribe({ email: 'not-an-email' }), 400, { message: 'Please enter a valid email address', field: 'email' });
    await expectRefused(() => subscribe({ email: 'a@example.com', firstName: 'x'.repeat(101) }), 400, {
      message: 'First name must be at most 100 characters',
      field: 'firstName',
    });
    await expectRefused(() => subscribe({ email: 'a@example.com', source: 'admin' }), 400, {
      message: 'source must be post, footer or services',
      field: 'source',
    });
    await expectRefused(() => subscribe({ email: 'a@example.com', status: 'active' }), 400, {
      message: 'Unknown field: status',
      field: 'status',
    });
  });

  test('while the coach has not turned the newsletter on, signups are refused with 403', async () => {
    await db().update(siteSettings).set({ value: false }).where(eq(siteSettings.key, 'newsletterEnabled'));
    await expectRefused(() => subscribe({ email: 'early@example.com' }), 403, { message: 'The newsletter is not open for signups' });
  });
});

describe('double opt-in', () => {
  test('a GET of the link changes nothing; the POST confirms once, and again says they are already subscribed', async () => {
    await subscribe({ email: 'scanner@example.com' });
    const token = await confirmTokenSentTo('scanner@example.com');
    // What a mail security scanner does: open the link.
    expect((await request(`/newsletter/confirm?token=${token}`)).status).toBeLessThan(500);
    expect((await subscriber('scanner@example.com'))!.status).toBe('pending');
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: 'Your subscription is confirmed. Welcome aboard!' });
    const row = await subscriber('scanner@example.com');
    expect(row).toMatchObject({ status: 'active', confirmExpiresAt: null });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: "You're already subscribed." });
    expect((await subscriber('scanner@example.com'))!.confirmedAt).toEqual(row!.confirmedAt);
    expect(await confirmLinkState(token)).toBe('subscribed');

    // Once they leave, the old link names nobody.
    const left = await request(`/api/newsletter/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(row!.id))}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    const gone = await confirm(token);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ message: 'This confirmation link is not valid or has expired. Subscribe again to get a new one.' });
    expect(await confirmLinkState(token)).toBe('invalid');
  });

  test('the token is stored only as its hash; a tampered or expired one is refused', async () => {
    await subscribe({ email: 'hash@example.com' });
    const token = await confirmTokenSentTo('hash@example.com');
    const row = await subscriber('hash@example.com');
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenHash).not.toBe(token);
    expect((await confirm(`${token.slice(0, -2)}xx`)).status).toBe(400);
    await db()
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscribers.id, row!.id));
    expect((await confirm(token)).status).toBe(400);
    expect((await subscriber('hash@example.com'))!.status).toBe('pending');
  });

  test('pending signups whose link expired are deleted; the others stay', async () => {
    await subscribe({ email: 'late@example.com' });
    await subscribe({ email: 'recent@example.com' });
    await settleAfterAnswer();
    await db()
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscribers.email, 'late@example.com'));
    const expired = await db()
      .select()
      .from(subscribers)
      .where(sql`${subscribers.status} = 'pending' and ${subscribers.confirmExpiresAt} < now()`);
    expect(expired.map((row) => row.email)).toContain('late@example.com');
    expect(await deleteExpiredSignups()).toBe(expired.length);
    expect(await subscriber('late@example.com')).toBeUndefined();
    expect(await subscriber('recent@example.com')).toBeDefined();
  });

  test('the housekeeping job, started at boot in every instance, deletes them at once and then hourly', async () => {
    await subscribe({ email: 'forgotten@example.com' });
    await settleAfterAnswer();
    await db()
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscribers.email, 'forgotten@example.com'));
    const stop = startHousekeeping();
    await stop(); // waits for the first pass, which runs at start
    expect(await subscriber('forgotten@example.com')).toBeUndefined();
  });
});

describe('unsubscribe', () => {
  async function activeReader(email: string) {
    const [row] = await db().insert(subscribers).values({ email, status: 'active' }).returning();
    return { row: row!, token: await unsubscribeToken(row!.id) };
  }

  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    request(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      // RFC 8058: what a mail client sends, from no origin of ours and with no cookie.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'List-Unsubscribe=One-Click',
    });

  test('one click (RFC 8058) from anywhere unsubscribes at once, keeps the row and its date, and is idempotent', async () => {
    const { row, token } = await activeReader('leaving@example.com');
    const response = await oneClick(token, { Origin: 'https://mail.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'You have been unsubscribed. You will not receive the newsletter any more.' });
    const after = await subscriber('leaving@example.com');
    expect(after).toMatchObject({ id: row.id, status: 'unsubscribed' });
    expect(after!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await oneClick(token)).status).toBe(200);
    expect((await subscriber('leaving@example.com'))!.unsubscribedAt).toEqual(after!.unsubscribedAt);
  });

  test("a tampered, truncated or other reader's token changes nothing", async () => {
    const { token } = await activeReader('stays@example.com');
    const { row: other } = await activeReader('other@example.com');
    const [id, signature] = token.split('.');
    // The first character carries whole bits (the last one partly encodes nothing).
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const bad of [`${other.id}.${signature}`, `${id}.${flipped}`, `${id}`, 'garbage', `${Number(id) + 1000}.${signature}`]) {
      const response = await oneClick(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'This unsubscribe link is not valid.' });
    }
    expect((await oneClick('')).status).toBe(400);
    expect((await subscriber('stays@example.com'))!.status).toBe('active');
    expect((await subscriber('other@example.com'))!.status).toBe('active');
  });

  test('unsubscribing mid-send cancels the newsletter emails still waiting for them', async () => {
    const { row, token } = await activeReader('midsend@example.com');
    const [newsletter] = await db().insert(newsletters).values({ subject: 'Issue 1', body: 'Hello', status: 'sending' }).returning();
    const [queued] = await db()
      .insert(outboxEmails)
      .values({ kind: 'newsletter', messageId: '<midsend@x>', toAddress: row.email, subject: 'Issue 1', html: '<p>x</p>', text: 'x' })
      .returning();
    await db().insert(newsletterDeliveries).values({ newsletterId: newsletter!.id, subscriberId: row.id, outboxEmailId: queued!.id });
    await oneClick(token);
    const [after] = await db().select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
    expect(after).toMatchObject({ status: 'cancelled', lastError: 'Unsubscribed before it was sent' });
  });

  test('the unsubscribe page can subscribe them again with the same link (same-origin only)', async () => {
    const { token } = await activeReader('back@example.com');
    await oneClick(token);
    const crossSite = await request('/api/newsletter/resubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ token }),
    });
    expect(crossSite.status).toBe(403);
    const back = await sendJson('POST', '/api/newsletter/resubscribe', { token }, { headers: { Origin: SITE_ORIGIN } });
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({
      message: 'Check your inbox: we have sent you a link to confirm that you want the newsletter again.',
    });
    // Double opt-in again (issue 33 §4): pending, and sent a confirmation link; its POST subscribes them.
    expect((await subscriber('back@example.com'))!.status).toBe('pending');
    expect(await confirmationsTo('back@example.com')).toHaveLength(1);
    expect((await confirm(await confirmTokenSentTo('back@example.com'))).status).toBe(200);
    expect((await subscriber('back@example.com'))!.status).toBe('active');
    // Still subscribed: the link says so and sends nothing.
    const again = await sendJson('POST', '/api/newsletter/resubscribe', { token }, { headers: { Origin: SITE_ORIGIN } });
    expect(await again.json()).toEqual({ message: "You're already subscribed." });
    expect(await confirmationsTo('back@example.com')).toHaveLength(1);
  });

  test('a forwarded newsletter cannot subscribe its reader again: the link alone leaves them unsubscribed until they confirm', async () => {
    const { token } = await activeReader('forwarded@example.com');
    await oneClick(token);
    // Whoever holds the forwarded copy presses 'Subscribe again', as often as they like.
    for (let i = 0; i < 3; i++) expect((await sendJson('POST', '/api/newsletter/resubscribe', { token })).status).toBe(200);
    const row = await subscriber('forwarded@example.com');
    expect(row!.status).not.toBe('active');
    expect(row!.confirmedAt).toBeNull();
    // One link, to the reader's own inbox only (at most one an hour).
    const sent = await confirmationsTo('forwarded@example.com');
    expect(sent.map((mail) => mail.toAddress)).toEqual(['forwarded@example.com']);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'newsletter_confirmation'))).toHaveLength(1);
  });

  test('a reader who confirmed, left and comes back within the hour is sent a new link at once', async () => {
    await subscribe({ email: 'quick@example.com' });
    expect((await confirm(await confirmTokenSentTo('quick@example.com'))).status).toBe(200);
    const row = await subscriber('quick@example.com');
    const token = await unsubscribeToken(row!.id);
    await oneClick(token);
    await sendJson('POST', '/api/newsletter/resubscribe', { token });
    expect(await confirmationsTo('quick@example.com')).toHaveLength(2);
    expect((await subscriber('quick@example.com'))!.status).toBe('pending');
  });
});

describe('the newsletter setting', () => {
  test('GET and PATCH /api/admin/settings: off on first start, switched on by an admin; bad values are 400', async () => {
    await db().delete(siteSettings);
    // (every other setting: tests/api/settings.test.ts)
    expect(await (await request('/api/admin/settings', { headers: admin.headers() })).json()).toMatchObject({ newsletterEnabled: false });
    const on = await sendJson('PATCH', '/api/admin/settings', { newsletterEnabled: true }, { headers: admin.headers() });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ newsletterEnabled: true });
    const bad = await sendJson('PATCH', '/api/admin/settings', { newsletterEnabled: 'yes' }, { headers: admin.headers() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'newsletterEnabled must be true or false', field: 'newsletterEnabled' });
    expect((await sendJson('PATCH', '/api/admin/settings', { newsletterEnabled: false })).status).toBe(401);
  });
});
