import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, sql } from 'drizzle-orm';
import { auditLog, subscribers } from '#db/schema.ts';
import { OWNER_ONLY_AUDIT } from '#server/routes/admin/audit.ts';
import { deleteExpiredAudit } from '#server/services/audit.ts';
import { publishDuePosts } from '#server/services/posts/writes.ts';
import { updateSettings } from '#server/services/settings.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';

// docs/security.md "Audit log": every security-relevant or destructive action leaves exactly one
// row naming who, from where, what and (for roles and settings) old → new; never a password or a
// token; rows cannot be changed, nor deleted before a year.

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const IP = '198.51.100.23';
const NEW_PASSWORD = 'Audit-Trail-Passw0rd!';
const CHANGED_PASSWORD = 'Second-Audit-Passw0rd!';

let owner: Awaited<ReturnType<typeof signedIn>>;
const as = () => ({ headers: { Cookie: owner.cookie }, ip: IP });
/** The owner's typed clients, from IP. */
const ownerApi = typedApi(() => ({ Cookie: owner.cookie }), IP);

beforeEach(async () => {
  owner ??= await signedIn(db(), 'admin', { isOwner: true, email: 'owner@audit.example' });
});

const rows = () => db().select().from(auditLog).orderBy(asc(auditLog.id));

/** Runs `work` and returns the audit rows it added. */
async function added(work: () => Promise<unknown>) {
  const before = (await rows()).length;
  await work();
  return (await rows()).slice(before);
}

/** Sends one request, expects its status, and returns the audit rows it added. */
const answeredWith = (status: number, send: () => Response | Promise<Response>) =>
  added(async () => expect((await send()).status).toBe(status));
/** The owner's JSON request from the site's own page. */
const sending = (method: Parameters<typeof sendJson>[0], path: string, body: unknown) => () => sendJson(method, path, body, as());
/** The owner's DELETE from the site's own page. */
const deleting = (path: string) => () =>
  request(path, { method: 'DELETE', headers: { Cookie: owner.cookie, Origin: 'http://localhost' } }, IP);

const byOwner = { actorId: expect.any(Number), actorEmail: 'owner@audit.example', ipAddress: IP };

describe('each action leaves exactly one row', () => {
  test('users: created, password changed, deleted', async () => {
    let id = 0;
    expect(
      await added(async () => {
        const response = await ownerApi.adminUserApi.users.$post({
          json: { email: 'new.admin@audit.example', password: NEW_PASSWORD, role: 'admin' },
        });
        expect(response.status).toBe(201);
        id = (await response.json()).id;
      }),
    ).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'user.created',
        targetType: 'user',
        targetId: String(id),
        details: { email: 'new.admin@audit.example', role: 'admin' },
      }),
    ]);
    expect(await answeredWith(204, sending('PATCH', `/api/auth/admin/users/${id}/password`, { password: CHANGED_PASSWORD }))).toEqual([
      expect.objectContaining({ ...byOwner, action: 'user.password_changed', targetId: String(id) }),
    ]);
    expect(await answeredWith(204, deleting(`/api/auth/admin/users/${id}`))).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'user.deleted',
        targetId: String(id),
        details: { email: 'new.admin@audit.example', role: 'admin' },
      }),
    ]);
  });

  test('posts: published, unpublished, deleted — and a scheduled publication, by nobody', async () => {
    let id = 0;
    expect(
      await added(async () => {
        const response = await ownerApi.adminApi['blog-posts'].$post({
          json: { title: 'Audited post', content: 'Body of the audited post.', published: true },
        });
        expect(response.status).toBe(201);
        id = (await response.json()).id;
      }),
    ).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'post.published',
        targetType: 'post',
        targetId: String(id),
        details: { title: 'Audited post' },
      }),
    ]);
    expect(await answeredWith(200, sending('PATCH', `/api/admin/blog-posts/${id}/publish`, { published: false }))).toEqual([
      expect.objectContaining({ ...byOwner, action: 'post.unpublished', targetId: String(id) }),
    ]);
    // Saving without changing the state records nothing.
    expect(await answeredWith(200, sending('PATCH', `/api/admin/blog-posts/${id}/publish`, { published: false }))).toEqual([]);
    expect(await answeredWith(204, deleting(`/api/admin/blog-posts/${id}`))).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'post.deleted',
        targetId: String(id),
        details: { title: 'Audited post', slug: 'audited-post' },
      }),
    ]);
    const due = await createPost(db(), {
      published: false,
      autoPublish: true,
      scheduledFor: new Date(Date.now() - 60_000),
      title: 'Scheduled one',
    });
    expect(await added(() => publishDuePosts())).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: null,
        action: 'post.published',
        targetId: String(due.id),
        details: { title: 'Scheduled one', scheduled: true },
      }),
    ]);
  });

  test('settings: one row with each changed value old → new', async () => {
    expect(
      await answeredWith(
        200,
        sending('PATCH', '/api/admin/settings', { siteName: 'Harbour Coaching', bookingEnabled: true, newsletterEnabled: false }),
      ),
    ).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'settings.changed',
        details: { siteName: { from: 'Summit Leadership Coaching', to: 'Harbour Coaching' }, bookingEnabled: { from: false, to: true } },
      }),
    ]);
    // Nothing changed: nothing recorded.
    expect(await answeredWith(200, sending('PATCH', '/api/admin/settings', { siteName: 'Harbour Coaching' }))).toEqual([]);
  });

  test('subscribers: exported, imported, deleted', async () => {
    expect(await answeredWith(200, () => request('/api/admin/subscribers/export.csv', { headers: { Cookie: owner.cookie } }, IP))).toEqual([
      expect.objectContaining({
        ...byOwner,
        action: 'subscribers.exported',
        details: { count: 0, filter: { search: null, status: 'active' } },
      }),
    ]);
    expect(
      await answeredWith(
        200,
        sending('POST', '/api/admin/subscribers/import', { csv: 'email\nreader@audit.example\nbad', confirm: true, consent: true }),
      ),
    ).toEqual([expect.objectContaining({ ...byOwner, action: 'subscribers.imported', details: { added: 1, duplicates: 0, invalid: 1 } })]);
    const [{ id }] = (await db().select({ id: subscribers.id }).from(subscribers)) as [{ id: number }];
    expect(await answeredWith(204, deleting(`/api/admin/subscribers/${id}`))).toEqual([
      expect.objectContaining({ ...byOwner, action: 'subscriber.deleted', targetId: String(id) }),
    ]);
  });

  test('privacy requests: looked up, exported, erased — without the address or the data', async () => {
    const person = 'private.person@audit.example';
    const entries = await added(async () => {
      expect((await request(`/api/admin/privacy?email=${person}`, { headers: { Cookie: owner.cookie } }, IP)).status).toBe(200);
      expect((await request(`/api/admin/privacy/export?email=${person}`, { headers: { Cookie: owner.cookie } }, IP)).status).toBe(200);
      expect((await sendJson('POST', '/api/admin/privacy/erase', { email: person }, as())).status).toBe(200);
    });
    expect(entries.map((entry) => entry.action)).toEqual(['privacy.looked_up', 'privacy.exported', 'privacy.erased']);
    expect(entries[2]!.details).toEqual({
      contactMessages: 0,
      subscriptions: 0,
      newsletterDeliveries: 0,
      bookings: 0,
      emails: 0,
      clients: 0,
    });
    expect(JSON.stringify(entries)).not.toContain('private.person');
  });
});

test('no row holds a password or a session token', async () => {
  const result = (await db().execute(sql`select coalesce(string_agg(a::text, ' '), '') as text from audit_log a`)) as unknown;
  const all = (Array.isArray(result) ? result : (result as { rows: { text: string }[] }).rows)[0]!.text as string;
  expect(all.length).toBeGreaterThan(0);
  for (const secret of [NEW_PASSWORD, CHANGED_PASSWORD, owner.token]) expect(all).not.toContain(secret);
});

describe('the log itself', () => {
  test('rows cannot be changed, nor deleted before a year; older ones are deleted by housekeeping', async () => {
    const [first] = await rows();
    const refused = async (statement: PromiseLike<unknown>) => {
      try {
        await statement;
        return 'done';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    expect(await refused(db().update(auditLog).set({ action: 'post.deleted' }).where(sql`id = ${first!.id}`))).toContain(
      'audit_log is append-only: rows cannot be changed',
    );
    expect(await refused(db().delete(auditLog).where(sql`id = ${first!.id}`))).toContain(
      'audit_log is append-only: rows are kept for a year',
    );
    await db()
      .insert(auditLog)
      .values({ action: 'post.deleted', at: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) });
    const count = (await rows()).length;
    expect(await deleteExpiredAudit()).toBe(1);
    expect((await rows()).length).toBe(count - 1);
  });

  test('GET /api/admin/audit: the owner reads it newest first and filters it; another admin is refused', async () => {
    const audit = typedApi(() => ({ Cookie: owner.cookie })).adminApi.audit;
    const all = await audit.$get({ query: {} });
    expect(all.status).toBe(200);
    const page = await all.json();
    expect(page.total).toBe((await rows()).length);
    expect(page.entries.map((e) => e.at)).toEqual([...page.entries.map((e) => e.at)].sort().reverse());

    const filtered = await (await audit.$get({ query: { action: 'user.created', actor: 'OWNER@audit' } })).json();
    expect(filtered.entries.map((e) => e.action)).toEqual(['user.created']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await (await audit.$get({ query: { from: today, to: today } })).json()).total).toBe(page.total);
    expect((await (await audit.$get({ query: { to: '2000-01-01' } })).json()).total).toBe(0);

    for (const [query, message] of [
      ['?action=nope', 'Action must be one of the listed actions'],
      ['?from=yesterday', 'Dates must be written as YYYY-MM-DD'],
      ['?from=2026-02-01&to=2026-01-01', 'From must be on or before To'],
      ['?page=0', 'page must be a whole number from 1 to 1000000'],
    ] as const) {
      const response = await request(`/api/admin/audit${query}`, { headers: { Cookie: owner.cookie } });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }

    const admin = await signedIn(db(), 'admin');
    const refused = await request('/api/admin/audit', { headers: { Cookie: admin.cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: OWNER_ONLY_AUDIT });
  });
});

describe('addresses as people write them (issue 32 §7)', () => {
  test('an IPv4 client behind a dual-stack socket is recorded as 127.0.0.1, not ::ffff:127.0.0.1', async () => {
    const mapped = typedApi(() => ({ Cookie: owner.cookie }), '::ffff:127.0.0.1');
    const [row] = await added(async () => {
      expect((await mapped.adminApi.settings.$patch({ json: { coachTagline: `Mapped ${Date.now()}` } })).status).toBe(200);
    });
    expect(row).toMatchObject({ action: 'settings.changed', ipAddress: '127.0.0.1' });
  });

  test('an IPv6 address stays as it is; an older row with a mapped address reads plainly in the log', async () => {
    const v6 = typedApi(() => ({ Cookie: owner.cookie }), '2001:db8::7');
    const [row] = await added(async () => {
      expect((await v6.adminApi.settings.$patch({ json: { coachTagline: `Six ${Date.now()}` } })).status).toBe(200);
    });
    expect(row!.ipAddress).toBe('2001:db8::7');

    await db()
      .insert(auditLog)
      .values({ action: 'post.deleted', targetType: 'post', targetId: 'mapped-row', ipAddress: '::FFFF:10.1.2.3' });
    const audit = typedApi(() => ({ Cookie: owner.cookie })).adminApi.audit;
    const { entries } = await (await audit.$get({ query: { action: 'post.deleted' } })).json();
    expect(entries.find((entry) => entry.targetId === 'mapped-row')?.ipAddress).toBe('10.1.2.3');
  });
});

describe("the coach's days", () => {
  test('From and To are days in the coach’s time zone (Settings), as the log’s times are shown (issue 32 §1)', async () => {
    // 23:30 on 7 March and 00:30 on 8 March 2030 in New York (EST, UTC−5).
    await db()
      .insert(auditLog)
      .values([
        { action: 'post.deleted', targetType: 'post', targetId: 'late-evening', at: new Date('2030-03-08T04:30:00Z') },
        { action: 'post.deleted', targetType: 'post', targetId: 'just-after-midnight', at: new Date('2030-03-08T05:30:00Z') },
      ]);
    const audit = typedApi(() => ({ Cookie: owner.cookie })).adminApi.audit;
    const on = async (day: string) =>
      (await (await audit.$get({ query: { from: day, to: day, action: 'post.deleted' } })).json()).entries.map((entry) => entry.targetId);

    expect(await on('2030-03-07')).toEqual([]);
    expect(await on('2030-03-08')).toEqual(['just-after-midnight', 'late-evening']);
    await updateSettings({ timeZone: 'America/New_York' });
    try {
      expect(await on('2030-03-07')).toEqual(['late-evening']);
      expect(await on('2030-03-08')).toEqual(['just-after-midnight']);
    } finally {
      await updateSettings({ timeZone: 'UTC' });
    }
  });
});
