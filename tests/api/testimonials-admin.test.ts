import { beforeEach, describe, expect, test } from 'bun:test';
import { asc } from 'drizzle-orm';
import { PGLITE_EXTENSIONS } from '#db/pglite-options.ts';
import { testimonials } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { seedDatabase } from '#server/seed.ts';
import type { NewTestimonial } from '#src/schemas/testimonial.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { createTestDatabase, setupTestDatabase } from '../helpers/database.ts';
import { createTestimonial } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const snapshot = () => db().select().from(testimonials).orderBy(asc(testimonials.id));
const expectRefused = refusalChecker(snapshot);

const URL = '/api/admin/testimonials';
const { adminApi } = typedApi(admin.headers);
const { publicApi } = typedApi();
const list = async () => (await adminApi.testimonials.$get()).json();
const create = (body: unknown) => sendJson('POST', URL, body, { headers: admin.headers() });
const change = (id: number | string, body: unknown) => sendJson('PATCH', `${URL}/${id}`, body, { headers: admin.headers() });
const reorder = (body: unknown) => sendJson('POST', `${URL}/reorder`, body, { headers: admin.headers() });
const remove = (id: number | string) =>
  request(`${URL}/${id}`, { method: 'DELETE', headers: { ...admin.headers(), Origin: 'http://localhost' } });
const publicNames = async () => (await (await publicApi.testimonials.$get()).json()).map((t) => t.authorName);

const VALID = {
  content: 'She helped me find my voice in the boardroom.',
  authorName: 'Ada Lovelace',
  authorPosition: 'CTO, Analytical Engines',
  consentGivenAt: '2026-03-03',
  consentMethod: 'email',
  consentNote: 'Reply to my email of 3 March 2026',
} satisfies NewTestimonial;

async function add(body: Partial<NewTestimonial>) {
  const response = await adminApi.testimonials.$post({ json: { ...VALID, ...body } });
  expect(response.status).toBe(201);
  return response.json();
}

beforeEach(async () => {
  await db().delete(testimonials);
});

describe('POST /api/admin/testimonials', () => {
  test('stores the testimonial with its consent, last in the order, and answers it (201)', async () => {
    const first = await add({ authorImageUrl: '  https://example.com/ada.jpg ' });
    expect(first).toEqual({
      id: expect.any(Number),
      content: VALID.content,
      authorName: 'Ada Lovelace',
      authorPosition: 'CTO, Analytical Engines',
      authorImageUrl: 'https://example.com/ada.jpg',
      position: 0,
      visible: true,
      consentGivenAt: '2026-03-03',
      consentMethod: 'email',
      consentNote: 'Reply to my email of 3 March 2026',
      shown: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await add({ authorName: 'Grace Hopper', consentNote: '', authorImageUrl: '' });
    expect(second).toMatchObject({ position: 1, consentNote: null, authorImageUrl: null });
    expect((await list()).map((t) => t.authorName)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  test('without consent it is kept but not shown on the home page', async () => {
    const pending = await add({ authorName: 'Pending Person', consentGivenAt: null, consentMethod: null, consentNote: null });
    expect(pending).toMatchObject({ consentGivenAt: null, consentMethod: null, shown: false, visible: true });
    await add({ authorName: 'Consented Person' });
    expect(await publicNames()).toEqual(['Consented Person']);
  });

  const refusals: Array<[string, Record<string, unknown>, string, string]> = [
    ['no text', { content: '  ' }, 'content', 'Testimonial text is required'],
    ['text too long', { content: 'x'.repeat(1_501) }, 'content', 'Testimonial text must be at most 1500 characters'],
    ['no name', { authorName: '' }, 'authorName', 'Client name is required'],
    ['a name on two lines', { authorName: 'a\nb' }, 'authorName', 'Client name must be one line of text'],
    ['no role', { authorPosition: undefined }, 'authorPosition', 'Client role is required'],
    [
      'a javascript: photo URL',
      { authorImageUrl: 'javascript:alert(1)' },
      'authorImageUrl',
      'Photo URL must start with https://, http:// or /',
    ],
    [
      'a protocol-relative photo URL',
      { authorImageUrl: '//evil.example/a.png' },
      'authorImageUrl',
      'Photo URL must start with https://, http:// or /',
    ],
    ['a date that does not exist', { consentGivenAt: '2026-02-30' }, 'consentGivenAt', 'Consent date must be a date (YYYY-MM-DD)'],
    ['a date in another format', { consentGivenAt: '03/03/2026' }, 'consentGivenAt', 'Consent date must be a date (YYYY-MM-DD)'],
    ['a date in the future', { consentGivenAt: '2999-01-01' }, 'consentGivenAt', 'Consent date cannot be in the future'],
    ['an unknown method', { consentMethod: 'fax' }, 'consentMethod', 'Consent method must be in writing, by email or verbally'],
    [
      'the migration-only method',
      { consentMethod: 'before-tracking' },
      'consentMethod',
      'Consent method must be in writing, by email or verbally',
    ],
    ['a date without a method', { consentMethod: null }, 'consentMethod', 'Consent method is required when a date is given'],
    ['a method without a date', { consentGivenAt: null }, 'consentGivenAt', 'Consent date is required when a method is given'],
    ['a note too long', { consentNote: 'x'.repeat(501) }, 'consentNote', 'Consent note must be at most 500 characters'],
    ['visible as text', { visible: 'yes' }, 'visible', 'Visible must be true or false'],
    ['a server-owned field', { position: 3 }, 'position', 'Unknown field: position'],
  ];
  for (const [name, body, field, message] of refusals) {
    test(`${name}: 400 naming ${field}, nothing stored`, async () => {
      await expectRefused(() => create({ ...VALID, ...body }), 400, { message, field });
    });
  }
});

describe('PATCH /api/admin/testimonials/:id', () => {
  test('edits fields, hides and shows again, withdraws and records consent; the home page follows', async () => {
    const ada = await add({});
    const edited = await change(ada.id, { content: 'Changed words.', authorPosition: 'CEO' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ content: 'Changed words.', authorPosition: 'CEO', consentMethod: 'email' });

    expect(await (await change(ada.id, { visible: false })).json()).toMatchObject({ visible: false, shown: false });
    expect(await publicNames()).toEqual([]);
    expect(await (await change(ada.id, { visible: true })).json()).toMatchObject({ visible: true, shown: true });
    expect(await publicNames()).toEqual(['Ada Lovelace']);

    const withdrawn = await change(ada.id, { consentGivenAt: null, consentMethod: null });
    expect(await withdrawn.json()).toMatchObject({ consentGivenAt: null, consentMethod: null, shown: false });
    expect(await publicNames()).toEqual([]);
    const recorded = await change(ada.id, { consentGivenAt: '2026-01-10', consentMethod: 'verbal', consentNote: 'On our call' });
    expect(await recorded.json()).toMatchObject({ consentMethod: 'verbal', consentNote: 'On our call', shown: true });
  });

  test('refusals: 400 naming the field (one consent field alone, bad values, nothing), 404 for an unknown id', async () => {
    const ada = await add({});
    await expectRefused(() => change(ada.id, { consentGivenAt: null }), 400, {
      message: 'Consent method is required when a date is given',
      field: 'consentMethod',
    });
    await expectRefused(() => change(ada.id, { consentMethod: 'verbal' }), 400, {
      message: 'Consent date is required when a method is given',
      field: 'consentGivenAt',
    });
    await expectRefused(() => change(ada.id, { authorName: '' }), 400, { message: 'Client name is required', field: 'authorName' });
    await expectRefused(() => change(ada.id, { visible: 1 }), 400, { message: 'Visible must be true or false', field: 'visible' });
    await expectRefused(() => change(ada.id, {}), 400, { message: 'Nothing to change' });
    await expectRefused(() => change(ada.id + 1000, { visible: false }), 404, { message: 'Testimonial not found' });
    await expectRefused(() => change('abc', { visible: false }), 400, { message: expect.any(String), field: 'id' });
  });
});

describe('POST /api/admin/testimonials/reorder', () => {
  test('a new order shows on the home page at once; hidden and unconsented ones keep their place in the admin', async () => {
    const a = await add({ authorName: 'A' });
    const b = await add({ authorName: 'B' });
    const c = await add({ authorName: 'C', consentGivenAt: null, consentMethod: null });
    const d = await add({ authorName: 'D', visible: false });
    expect(await publicNames()).toEqual(['A', 'B']);
    const ticket = pageCache.ticket();
    const response = await adminApi.testimonials.reorder.$post({ json: { order: [d.id, c.id, b.id, a.id] } });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.map((t) => [t.authorName, t.position])).toEqual([
      ['D', 0],
      ['C', 1],
      ['B', 2],
      ['A', 3],
    ]);
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
    expect(await publicNames()).toEqual(['B', 'A']);
  });

  test('an order that is not every testimonial exactly once: 400 naming order, nothing changes', async () => {
    const a = await add({ authorName: 'A' });
    const b = await add({ authorName: 'B' });
    const message = 'order must list every testimonial exactly once';
    await expectRefused(() => reorder({ order: [a.id] }), 400, { message, field: 'order' });
    await expectRefused(() => reorder({ order: [a.id, a.id] }), 400, { message, field: 'order' });
    await expectRefused(() => reorder({ order: [a.id, b.id, b.id + 1000] }), 400, { message, field: 'order' });
    await expectRefused(() => reorder({ order: [a.id, '2'] }), 400, {
      message: 'order must be a list of testimonial ids',
      field: 'order.1',
    });
    await expectRefused(() => reorder({ order: 'all' }), 400, { message: 'order must be a list of testimonial ids', field: 'order' });
  });
});

describe('DELETE /api/admin/testimonials/:id', () => {
  test('204; it leaves the admin list and the home page, the others close up; 404 the second time', async () => {
    const a = await add({ authorName: 'A' });
    const b = await add({ authorName: 'B' });
    const c = await add({ authorName: 'C' });
    const ticket = pageCache.ticket();
    expect((await remove(b.id)).status).toBe(204);
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
    expect((await list()).map((t) => [t.id, t.position])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect(await publicNames()).toEqual(['A', 'C']);
    const again = await remove(b.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Testimonial not found' });
  });
});

describe('access and the public list', () => {
  test('signed out: 401; signed in without the admin role: 403 on every endpoint, nothing changes', async () => {
    const a = await createTestimonial(db());
    expect((await request(URL)).status).toBe(401);
    const user = await signedIn(db(), 'user');
    const headers = { Cookie: user.cookie };
    expect((await request(URL, { headers })).status).toBe(403);
    const before = await snapshot();
    expect((await sendJson('POST', URL, VALID, { headers })).status).toBe(403);
    expect((await sendJson('PATCH', `${URL}/${a.id}`, { visible: false }, { headers })).status).toBe(403);
    expect((await sendJson('POST', `${URL}/reorder`, { order: [a.id] }, { headers })).status).toBe(403);
    expect((await request(`${URL}/${a.id}`, { method: 'DELETE', headers: { ...headers, Origin: 'http://localhost' } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  test('GET /api/testimonials: only visible, consented ones, in position order, with the fields it always had', async () => {
    const late = await createTestimonial(db(), { authorName: 'Late', position: 2 });
    const early = await createTestimonial(db(), { authorName: 'Early', position: 0, authorImageUrl: '/uploads/e.webp' });
    await createTestimonial(db(), { authorName: 'Hidden', position: 1, visible: false });
    await createTestimonial(db(), { authorName: 'No consent', position: 1, consentGivenAt: null, consentMethod: null });
    await createTestimonial(db(), { authorName: 'Before tracking', position: 3, consentMethod: 'before-tracking' });
    const response = await request('/api/testimonials');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual([
      { id: early.id, content: early.content, authorName: 'Early', authorPosition: 'COO', authorImageUrl: '/uploads/e.webp' },
      { id: late.id, content: late.content, authorName: 'Late', authorPosition: 'COO', authorImageUrl: null },
      expect.objectContaining({ authorName: 'Before tracking' }),
    ]);
    expect(Object.keys(body[0]).sort()).toEqual(['authorImageUrl', 'authorName', 'authorPosition', 'content', 'id']);
  });

  test('the seed marks its sample testimonials as kept from before consent tracking, so a fresh home page shows all three', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await seedDatabase(fresh.db, { email: 'owner@example.com', password: 'Owner-Passw0rd!' })).toBe(true);
      const seeded = await fresh.db.select().from(testimonials).orderBy(asc(testimonials.position));
      expect(seeded.map((row) => [row.position, row.visible, row.consentMethod, row.consentGivenAt !== null])).toEqual([
        [0, true, 'before-tracking', true],
        [1, true, 'before-tracking', true],
        [2, true, 'before-tracking', true],
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('migration 0010 on a site that already has testimonials', () => {
  test('they stay on the home page in their old order, marked as kept from before consent tracking', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { readFileSync } = await import('node:fs');
    const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: Array<{ tag: string }> };
    const pg = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const apply = async (tag: string) => {
      for (const statement of readFileSync(`db/migrations/${tag}.sql`, 'utf8').split('--> statement-breakpoint')) {
        if (statement.trim()) await pg.exec(statement);
      }
    };
    try {
      const index = journal.entries.findIndex((entry) => entry.tag === '0010_testimonials_admin');
      expect(index).toBeGreaterThan(0);
      for (const entry of journal.entries.slice(0, index)) await apply(entry.tag);
      await pg.exec(`insert into testimonials (content, author_name, author_position, created_at) values
        ('Second words', 'Second', 'COO', '2025-06-02T10:00:00Z'),
        ('First words', 'First', 'CEO', '2025-06-01T23:30:00Z')`);
      await apply('0010_testimonials_admin');
      const { rows } = await pg.query<Record<string, unknown>>(
        'select author_name, position, visible, consent_given_at::text as day, consent_method from testimonials order by position',
      );
      expect(rows).toEqual([
        { author_name: 'Second', position: 0, visible: true, day: '2025-06-02', consent_method: 'before-tracking' },
        { author_name: 'First', position: 1, visible: true, day: '2025-06-01', consent_method: 'before-tracking' },
      ]);
      // A row added later without consent satisfies the constraints; half a consent does not.
      await pg.exec(`insert into testimonials (content, author_name, author_position) values ('x', 'y', 'z')`);
      expect(
        pg.exec(`insert into testimonials (content, author_name, author_position, consent_method) values ('x', 'y', 'z', 'email')`),
      ).rejects.toThrow();
    } finally {
      await pg.close();
    }
  }, 30_000); // A fresh PGlite migrated from nothing: 3–7 s on a busy machine.
});
