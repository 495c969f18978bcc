// The admin post list at scale (issue 18 §5): GET /api/admin/blog-posts searches, filters and pages
// in the database; its rows carry no body; malformed parameters are a 400 naming the field.
import { describe, expect, test } from 'bun:test';
import { typedApi } from '../helpers/api.ts';
import { request } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost, unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const { adminApi } = typedApi(admin.headers);
type Query = Parameters<(typeof adminApi)['blog-posts']['$get']>[0]['query'];

const list = async (query: Query) => {
  const response = await adminApi['blog-posts'].$get({ query });
  expect(response.status).toBe(200);
  return response.json();
};

describe('GET /api/admin/blog-posts, paged on the server', () => {
  test('25 matching posts: pages of 20 and 5, newest first, exact counts, no content field', async () => {
    const token = unique('Paging');
    const minute = 60_000;
    const made = [];
    for (let i = 0; i < 25; i++) {
      made.push(await createPost(db(), { title: `${token} number ${i}`, createdAt: new Date(Date.now() - (25 - i) * minute) }));
    }
    const all = await list({});
    const first = await list({ search: token });
    expect(first).toMatchObject({ total: 25, unfilteredTotal: all.unfilteredTotal, page: 1, pageSize: 20 });
    expect(first.posts.map((post) => post.id)).toEqual(
      made
        .slice(5)
        .reverse()
        .map((post) => post.id),
    );
    for (const post of first.posts) {
      expect(post).not.toHaveProperty('content');
      expect(post).not.toHaveProperty('search');
    }
    const second = await list({ search: token, page: '2' });
    expect(second.posts.map((post) => post.id)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((post) => post.id),
    );
    expect((await list({ search: token, page: '3' })).posts).toEqual([]);
    const small = await list({ search: token, pageSize: '7', page: '4' });
    expect(small).toMatchObject({ total: 25, page: 4, pageSize: 7 });
    expect(small.posts.map((post) => post.id)).toEqual(
      made
        .slice(0, 4)
        .reverse()
        .map((post) => post.id),
    );
  });

  test('search: case-insensitive on title or excerpt, % _ and \\ literal; status by display status', async () => {
    const token = unique('Filter').toLowerCase();
    const published = await createPost(db(), { title: `${token} Alpha 100% sure` });
    const draft = await createPost(db(), { title: `${token} Beta`, excerpt: 'Has an under_score and a back\\slash.', published: false });
    const scheduled = await createPost(db(), {
      title: `${token} Gamma`,
      published: false,
      scheduledFor: new Date('2099-03-04T10:00:00Z'),
    });
    const ids = async (search: string) => (await list({ search })).posts.map((post) => post.id).sort((a, b) => a - b);
    expect(await ids(token.toUpperCase())).toEqual([published.id, draft.id, scheduled.id].sort((a, b) => a - b));
    expect(await ids('UNDER_SCORE')).toEqual([draft.id]);
    expect(await ids(`${token} alpha 100%`)).toEqual([published.id]);
    expect(await ids(`${token}%Gamma`)).toEqual([]);
    expect(await ids(`${token} _eta`)).toEqual([]);
    expect(await ids('back\\slash')).toEqual([draft.id]);
    for (const [status, post] of [
      ['published', published],
      ['draft', draft],
      ['scheduled', scheduled],
    ] as const) {
      const page = await list({ search: token, status });
      expect(page.total).toBe(1);
      expect(page.posts.map((row) => [row.id, row.displayStatus])).toEqual([[post.id, status]]);
    }
    expect((await list({ search: token, status: 'all' })).total).toBe(3);
  });

  test('bad parameters are 400 with a message naming the field', async () => {
    for (const [query, message, field] of [
      ['page=0', 'page must be a whole number from 1 to 1000000', 'page'],
      ['page=abc', 'page must be a whole number from 1 to 1000000', 'page'],
      ['pageSize=101', 'pageSize must be a whole number from 1 to 100', 'pageSize'],
      ['status=deleted', 'status must be one of: all, published, draft, scheduled', 'status'],
      ['status=draft&status=published', 'status must be given once', 'status'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters', 'search'],
      ['search=%00', 'search contains characters that are not allowed', 'search'],
    ]) {
      const response = await request(`/api/admin/blog-posts?${query}`, { headers: admin.headers() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: message!, field: field! });
    }
  });

  test('signed out: 401', async () => {
    expect((await request('/api/admin/blog-posts?page=2')).status).toBe(401);
  });
});
