import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import { media, newsletterDeliveries, newsletters, outboxEmails, siteSettings, subscribers, users } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { queueNextBatch, startDueNewsletters } from '#server/services/newsletter/sending.ts';
import { NEWSLETTER_PAGE_MAX, NEWSLETTER_PAGE_SIZE } from '#src/schemas/newsletter.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { createPost } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.stop());

beforeEach(async () => {
  await db().delete(newsletters);
  await db().delete(outboxEmails);
  await db().delete(subscribers);
  smtp.received.length = 0;
});

const asAdmin = () => ({ headers: admin.headers() });
const { adminApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });
const readNewsletter = async (id: number) => (await adminApi.newsletters[':id'].$get(byId(id))).json();
const create = (body: Record<string, unknown>) => sendJson('POST', '/api/admin/newsletters', body, asAdmin());
const send = (id: number, body: Record<string, unknown> = {}) => sendJson('POST', `/api/admin/newsletters/${id}/send`, body, asAdmin());

async function readers(count: number, status: 'active' | 'pending' | 'unsubscribed' = 'active') {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${status}-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
    status,
  }));
  return db().insert(subscribers).values(rows).returning();
}

async function draft(subject = 'This week: decide less, decide better') {
  const response = await adminApi.newsletters.$post({ json: { subject, body: '# Hello\n\nOne idea for **this week**.' } });
  expect(response.status).toBe(201);
  return response.json();
}

async function queueAll(batchSize = 500) {
  while ((await queueNextBatch(batchSize)) > 0);
}

const newsletterEmails = () => db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'newsletter')).orderBy(asc(outboxEmails.id));

describe('drafts', () => {
  test('create, read, list with the active subscriber count, change and delete a draft', async () => {
    await readers(3);
    await readers(2, 'pending');
    const created = await draft();
    expect(created).toMatchObject({ status: 'draft', subject: 'This week: decide less, decide better', postId: null, sentAt: null });
    const list = await (await adminApi.newsletters.$get({ query: {} })).json();
    expect(list).toMatchObject({ activeSubscribers: 3, total: 1, page: 1, pageSize: NEWSLETTER_PAGE_SIZE });
    expect(list.newsletters.map((item) => item.id)).toEqual([created.id]);
    const changed = await sendJson('PUT', `/api/admin/newsletters/${created.id}`, { subject: 'New subject', body: 'New body' }, asAdmin());
    expect(await changed.json()).toMatchObject({ subject: 'New subject', body: 'New body', status: 'draft' });
    expect((await sendJson('DELETE', `/api/admin/newsletters/${created.id}`, {}, asAdmin())).status).toBe(204);
    expect((await request(`/api/admin/newsletters/${created.id}`, asAdmin())).status).toBe(404);
  });

  test('the list is a page at a time with exact counts: 25 newsletters are 20 + 5, and a page past the end is empty', async () => {
    await readers(2);
    const base = Date.now() - 60 * 60_000;
    const stored = await db()
      .insert(newsletters)
      .values(Array.from({ length: 25 }, (_, i) => ({ subject: `Issue ${i}`, body: 'Body', createdAt: new Date(base + i * 60_000) })))
      .returning({ id: newsletters.id });
    const newestFirst = stored.map((row) => row.id).reverse();
    const page = async (query: { page?: string; pageSize?: string } = {}) => {
      const response = await adminApi.newsletters.$get({ query });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.total).toBe(25);
      expect(body.activeSubscribers).toBe(2);
      return body;
    };
    const first = await page();
    expect(first).toMatchObject({ page: 1, pageSize: NEWSLETTER_PAGE_SIZE });
    expect(first.newsletters.map((item) => item.id)).toEqual(newestFirst.slice(0, NEWSLETTER_PAGE_SIZE));
    expect((await page({ page: '2' })).newsletters.map((item) => item.id)).toEqual(newestFirst.slice(NEWSLETTER_PAGE_SIZE));
    expect(await page({ page: '3' })).toMatchObject({ newsletters: [], page: 3 });
    const small = await page({ page: '3', pageSize: '5' });
    expect(small).toMatchObject({ page: 3, pageSize: 5 });
    expect(small.newsletters.map((item) => item.id)).toEqual(newestFirst.slice(10, 15));
  });

  test('a malformed or repeated page or pageSize is a 400 naming it', async () => {
    const bad = async (query: string, body: { message: string; field: string }) => {
      const response = await request(`/api/admin/newsletters?${query}`, asAdmin());
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(body);
    };
    const badPage = { message: 'page must be a whole number from 1 to 1000000', field: 'page' };
    const badSize = { message: `pageSize must be a whole number from 1 to ${NEWSLETTER_PAGE_MAX}`, field: 'pageSize' };
    for (const value of ['0', '-1', 'abc', '1.5', '']) await bad(`page=${value}`, badPage);
    for (const value of ['0', 'x', String(NEWSLETTER_PAGE_MAX + 1)]) await bad(`pageSize=${value}`, badSize);
    await bad('pageSize=5&pageSize=6', { message: 'pageSize must be given once', field: 'pageSize' });
  });

  const expectRefused = refusalChecker(() => db().select().from(newsletters).orderBy(asc(newsletters.id)));

  test('bad input names the field; signed out 401, a user 403', async () => {
    await expectRefused(() => create({ subject: '  ', body: 'x' }), 400, { message: 'Subject is required', field: 'subject' });
    await expectRefused(() => create({ subject: 'S', body: '' }), 400, { message: 'Write the newsletter', field: 'body' });
    await expectRefused(() => create({ subject: 'S', body: 'x'.repeat(50_001) }), 400, {
      message: 'The newsletter must be at most 50,000 characters',
      field: 'body',
    });
    await expectRefused(() => create({ subject: 'S', body: 'B', postId: 999_999 }), 400, { message: 'Post not found' });
    // Past int4: no post can have it, and Postgres would refuse the comparison (a 500 before).
    for (const postId of [2_147_483_648, 0, 1.5, '1']) {
      await expectRefused(() => create({ subject: 'S', body: 'B', postId }), 400, { message: 'postId must be a post id', field: 'postId' });
    }
    const user = await signedIn(db(), 'user');
    expect((await sendJson('POST', '/api/admin/newsletters', { subject: 'S', body: 'B' })).status).toBe(401);
    expect(
      (await sendJson('POST', '/api/admin/newsletters', { subject: 'S', body: 'B' }, { headers: { Cookie: user.cookie } })).status,
    ).toBe(403);
  });

  test("'Start from a post' fills the subject and a body linking to it; the preview is the email as it will arrive", async () => {
    const post = await createPost(db(), {
      title: 'Delegation That Frees Time',
      excerpt: 'Hand off decisions, not tasks.',
      published: true,
    });
    const fromPost = await (await adminApi.newsletters['from-post'][':id'].$get(byId(post.id))).json();
    expect(fromPost).toEqual({
      subject: 'Delegation That Frees Time',
      body: `Hand off decisions, not tasks.\n\n[Read “Delegation That Frees Time” on the blog](http://localhost:3000/blog/${post.slug})`,
      postId: post.id,
    });
    const { subject, body } = fromPost;
    const preview = await (await adminApi.newsletters.preview.$post({ json: { subject, body } })).json();
    expect(preview.html).toContain('Hand off decisions, not tasks.');
    expect(preview.html).toContain(`href="http://localhost:3000/blog/${post.slug}"`);
    expect(preview.html).toContain('Unsubscribe');
    const draftPost = await createPost(db(), { published: false });
    expect((await request(`/api/admin/newsletters/from-post/${draftPost.id}`, asAdmin())).status).toBe(404);
  });
});

describe('sending', () => {
  test('Send with nobody to send to is 409 and changes nothing', async () => {
    const created = await draft();
    const response = await send(created.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'There are no active subscribers to send to' });
    expect((await db().select().from(newsletters))[0]!.status).toBe('draft');
  });

  test('every active subscriber gets exactly one email with both unsubscribe headers; pending and unsubscribed get none', async () => {
    const active = await readers(7);
    await readers(2, 'pending');
    await readers(2, 'unsubscribed');
    const created = await draft();
    expect(await (await send(created.id)).json()).toMatchObject({ status: 'sending' });
    // Batches of 3, from three "instances" at once: the unique key keeps everyone to one.
    await Promise.all([queueAll(3), queueAll(3), queueAll(3)]);
    const emails = await newsletterEmails();
    expect(emails.map((email) => email.toAddress).sort()).toEqual(active.map((row) => row.email).sort());
    for (const email of emails) {
      expect(email.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=\d+\.[\w-]{22}>$/);
      expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    const after = await readNewsletter(created.id);
    expect(after).toMatchObject({
      status: 'sent',
      figures: { recipients: 7, queued: 7, delivered: 0, failed: 0, cancelled: 0, unsubscribedSince: 0 },
    });
    expect(after.sentAt).not.toBeNull();
    // Sent is read-only.
    expect((await sendJson('PUT', `/api/admin/newsletters/${created.id}`, { subject: 'x', body: 'y' }, asAdmin())).status).toBe(409);
    expect((await send(created.id)).status).toBe(409);
  });

  test('someone who unsubscribes mid-send gets nothing after that', async () => {
    const [first, second, third] = await readers(3);
    const created = await draft();
    await send(created.id);
    expect(await queueNextBatch(1)).toBe(1);
    await db().update(subscribers).set({ status: 'unsubscribed', unsubscribedAt: new Date() }).where(eq(subscribers.id, third!.id));
    await queueAll(1);
    expect((await newsletterEmails()).map((email) => email.toAddress)).toEqual([first!.email, second!.email]);
  });

  test('delivered over SMTP with both headers, and the one-click POST to the header URL unsubscribes', async () => {
    const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Summit Coaching" <hello@coach.example>', SMTP_MAX_PER_SECOND: '1000' });
    try {
      const [reader] = await readers(1);
      const created = await draft();
      await send(created.id);
      await queueAll();
      await deliverDueEmails();
      const [{ parsed, raw }] = await smtp.waitFor(1);
      expect(parsed.subject).toBe('This week: decide less, decide better');
      expect(parsed.html).toContain('<strong>this week</strong>');
      // Long header lines arrive folded (RFC 5322): unfolded, each is one line again.
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const header = head.match(/^List-Unsubscribe: <([^>]+)>/im)?.[1];
      expect(header).toBeDefined();
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      const url = new URL(header!);
      const response = await request(`${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      const [row] = await db().select().from(subscribers).where(eq(subscribers.id, reader!.id));
      expect(row!.status).toBe('unsubscribed');
      const { figures } = await readNewsletter(created.id);
      expect(figures).toMatchObject({ recipients: 1, delivered: 1, unsubscribedSince: 1 });
    } finally {
      closeTransport();
      undo();
    }
  });

  test("the coach's brand reaches the email: the name in the chosen primary, the logo from Media on top", async () => {
    const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'hello@coach.example', SMTP_MAX_PER_SECOND: '1000' });
    const logo = await db()
      .insert(media)
      .values({
        id: 'brandlogobrandlogobrandl',
        contentType: 'image/png',
        width: 1,
        height: 1,
        byteSize: 1,
        bytes: new Uint8Array([0]),
        alt: 'Logo',
      })
      .returning();
    try {
      const changed = await sendJson(
        'PATCH',
        '/api/admin/settings',
        { brandPrimary: '#2d6a4f', brandLogo: '/media/brandlogobrandlogobrandl.png' },
        asAdmin(),
      );
      expect(changed.status).toBe(200);
      await readers(1);
      const created = await draft();
      await send(created.id);
      await queueAll();
      await deliverDueEmails();
      const [{ parsed }] = await smtp.waitFor(1);
      expect(parsed.html).toContain('color:#2d6a4f');
      expect(parsed.html).not.toContain('#1f3358');
      expect(parsed.html).toMatch(/<img src="https?:\/\/[^"]+\/media\/brandlogobrandlogobrandl\.png"/);
    } finally {
      closeTransport();
      undo();
      await db().delete(siteSettings);
      await db().delete(media).where(eq(media.id, logo[0]!.id));
    }
  });

  describe('who it is from (issue 32 §6)', () => {
    /** One newsletter to one reader and its test copy to the admin, delivered over SMTP with `settings` changed; both as received. */
    async function sentWith(settings: Record<string, unknown>) {
      const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Summit Coaching" <hello@coach.example>', SMTP_MAX_PER_SECOND: '1000' });
      try {
        expect((await sendJson('PATCH', '/api/admin/settings', settings, asAdmin())).status).toBe(200);
        const [reader] = await readers(1);
        const created = await draft();
        expect((await sendJson('POST', `/api/admin/newsletters/${created.id}/test`, {}, asAdmin())).status).toBe(202);
        await send(created.id);
        await queueAll();
        await deliverDueEmails();
        const received = await smtp.waitFor(2);
        const to = (address: string) => received.find((mail) => mail.envelopeTo.includes(address))!.parsed;
        return { toReader: to(reader!.email), testCopy: to(admin.user.email) };
      } finally {
        closeTransport();
        undo();
        await db().delete(siteSettings);
        pageCache.clear();
      }
    }

    test('"Coach Name from Site Name" at the configured address, and replies go to the contact address; the test copy too', async () => {
      const { toReader, testCopy } = await sentWith({
        coachName: 'Alex Rivera',
        siteName: 'Harbour Coaching',
        contactEmail: 'desk@coach.example',
      });
      for (const mail of [toReader, testCopy]) {
        expect(mail.from?.value).toEqual([{ name: 'Alex Rivera from Harbour Coaching', address: 'hello@coach.example' }]);
        expect(mail.replyTo?.value).toEqual([{ name: 'Alex Rivera', address: 'desk@coach.example' }]);
      }
    });

    test("without a contact address, replies go to the owner's", async () => {
      const owner = await createUserRow(db(), { email: 'owner@coach.example', role: 'admin', isOwner: true });
      try {
        const { toReader } = await sentWith({ coachName: 'Alex Rivera', contactEmail: '' });
        expect(toReader.from?.value).toEqual([{ name: 'Alex Rivera from Summit Leadership Coaching', address: 'hello@coach.example' }]);
        expect(toReader.replyTo?.value).toEqual([{ name: 'Alex Rivera', address: 'owner@coach.example' }]);
      } finally {
        await db().delete(users).where(eq(users.id, owner.id));
      }
    });

    test('quotes in the names cannot reach the header: the name is one quoted phrase, the address the configured one', async () => {
      const { toReader } = await sentWith({
        coachName: 'Alex "The Coach" Rivera',
        siteName: 'Harbour <evil@x.example>',
        contactEmail: 'desk@coach.example',
      });
      expect(toReader.from?.value).toEqual([
        { name: 'Alex The Coach Rivera from Harbour <evil@x.example>', address: 'hello@coach.example' },
      ]);
    });
  });

  test('a 550 from the SMTP server marks the reader bounced', async () => {
    const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'hello@coach.example', SMTP_MAX_PER_SECOND: '1000' });
    try {
      const [reader] = await readers(1);
      const created = await draft();
      await send(created.id);
      await queueAll();
      smtp.failWith(550, 'No such mailbox', 1);
      await deliverDueEmails();
      const [row] = await db().select().from(subscribers).where(eq(subscribers.id, reader!.id));
      expect(row!.status).toBe('bounced');
    } finally {
      closeTransport();
      undo();
    }
  });

  test('scheduled for later: waits, starts when due; editing it makes it a draft again', async () => {
    await readers(1);
    const created = await draft();
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = await (await adminApi.newsletters[':id'].send.$post({ ...byId(created.id), json: { scheduledFor: at } })).json();
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledFor: at });
    expect(await startDueNewsletters()).toBe(0);
    await db().update(newsletters).set({ scheduledFor: sql`now() - interval '1 second'` }).where(eq(newsletters.id, created.id));
    expect(await startDueNewsletters()).toBe(1);
    expect((await db().select().from(newsletters))[0]!.status).toBe('sending');
    const bad = await send(created.id, { scheduledFor: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Schedule must be a date and time', field: 'scheduledFor' });
  });

  test("'Send test' queues one copy to the signed-in admin only", async () => {
    await readers(2);
    const created = await draft();
    const response = await sendJson('POST', `/api/admin/newsletters/${created.id}/test`, {}, asAdmin());
    expect(response.status).toBe(202);
    const rows = await db().select().from(outboxEmails);
    expect(rows.map((row) => [row.kind, row.toAddress, row.subject])).toEqual([
      ['newsletter_test', admin.user.email, '[Test] This week: decide less, decide better'],
    ]);
    expect(await db().select().from(newsletterDeliveries)).toHaveLength(0);
  });
});
