// What every run of the JSON-body tests works against (tests/api/json-bodies.property.test.ts,
// json-endpoints.test.ts): rows for the routes that take an id, a signed-in admin, a new client
// address per request, and a digest of every table. setupJsonBodyFixtures(db) makes them before the
// calling file's tests (call it after setupTestDatabase).
import { afterAll, beforeAll, expect, spyOn } from 'bun:test';
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { newsletters } from '#db/schema.ts';
import { typedApi } from '../api.ts';
import { request, SITE_ORIGIN } from '../app.ts';
import { createUserRow, signedIn } from '../auth.ts';
import { createCategory, createPost, createTestimonial } from '../factories.ts';

import type { Field } from './values.ts';

/** A JSON endpoint of the generated-body tests: the caller it serves, its URL and its fields. */
export interface JsonEndpoint {
  caller: 'admin' | 'anonymous';
  /** The URL, with an existing row's id where the route takes one. */
  url: (f: Fixtures) => string;
  /** The fields the route's schema knows, each with values its form would send (valid or nearly). */
  fields: (f: Fixtures) => Record<string, Field>;
}

export const TARGET_PASSWORD = 'Target-Passw0rd!';

export interface Fixtures {
  categoryId: number;
  postId: number;
  postSlug: string;
  /** An autosave of the post, to restore. */
  revisionId: number;
  topicIds: number[];
  testimonialIds: number[];
  messageId: number;
  newsletterId: number;
  target: { id: number; email: string };
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];

let db: () => Database;
let snapshotQuery: ReturnType<typeof sql>;

/**
 * Every table's row count and a digest of its rows, in one query. rate_limits is left out: a
 * failed login (401) or a refused one (429) counts an attempt there, which is its purpose; so is
 * app_secrets, whose signing key is made by the first request that checks an unsubscribe link; and
 * audit_log, where a failed sign-in (401) is recorded, which is its purpose too.
 */
export async function tableSnapshot(): Promise<Record<string, string>> {
  return rowsOf(await db().execute(snapshotQuery))[0]!;
}

export let adminCookie: string;
let fixtures: Omit<Fixtures, 'topicIds' | 'testimonialIds'>;
let ipCounter = 0;
/** A different client address per request, so the contact and login limits seldom decide a run. */
export const nextIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

export async function currentFixtures(): Promise<Fixtures> {
  const topics = rowsOf(await db().execute(sql`select id from backlog_topics order by priority`));
  const testimonials = rowsOf(await db().execute(sql`select id from testimonials order by position, id`));
  return { ...fixtures, topicIds: topics.map((row) => Number(row.id)), testimonialIds: testimonials.map((row) => Number(row.id)) };
}

let quiet: ReturnType<typeof spyOn> | undefined;

export function setupJsonBodyFixtures(database: () => Database) {
  db = database;
  beforeAll(async () => {
    const tables = rowsOf(
      await db().execute(
        sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', 'app_secrets', 'audit_log') order by tablename`,
      ),
    ).map((row) => row.tablename!);
    snapshotQuery = sql.join(
      [
        sql`select `,
        sql.join(
          tables.map((table) => {
            // A session's last_active_at moves on its own once a minute, whatever the answer: the rest of the row counts.
            const rows =
              table === 'sessions' ? sql`(select id, user_id, expires_at, created_at, user_agent from sessions)` : sql.identifier(table);
            return sql`(select count(*) || ':' || md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) from ${rows} t) as ${sql.identifier(table)}`;
          }),
          sql`, `,
        ),
      ],
      sql``,
    );

    adminCookie = (await signedIn(db(), 'admin')).cookie;
    const target = await createUserRow(db(), { role: 'user', password: TARGET_PASSWORD });
    const category = await createCategory(db());
    const post = await createPost(db(), { categoryId: category.id });
    const asAdmin = { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, Cookie: adminCookie };
    for (const title of ['First topic', 'Second topic', 'Third topic']) {
      const response = await request('/api/admin/blog-topic-backlog', {
        method: 'POST',
        headers: asAdmin,
        body: JSON.stringify({ title, description: 'A description.' }),
      });
      expect(response.status).toBe(201);
    }
    const { publicApi } = typedApi(undefined, nextIp());
    const contact = await publicApi.contact.$post({
      json: { name: 'Ada', email: 'ada@example.com', message: 'A message of some length.' },
    });
    expect(contact.status).toBe(201);
    const { id: messageId } = await contact.json();
    for (let i = 0; i < 3; i++) await createTestimonial(db(), { position: i });
    const [newsletter] = await db().insert(newsletters).values({ subject: 'Fixture', body: 'A draft.' }).returning();
    const { adminApi } = typedApi(() => ({ Cookie: adminCookie }));
    const autosave = await adminApi['blog-posts'][':id'].autosave.$put({
      param: { id: String(post.id) },
      json: { title: 'An earlier title', excerpt: '', content: 'An earlier body.', version: 1 },
    });
    expect(autosave.status).toBe(200);
    const { revisionId } = await autosave.json();
    fixtures = {
      categoryId: category.id,
      postId: post.id,
      postSlug: post.slug,
      revisionId,
      messageId,
      newsletterId: newsletter!.id,
      target: { id: target.id, email: target.email },
    };
    // A refused login or contact writes one security line each: thousands here, which say nothing.
    quiet = spyOn(console, 'log').mockImplementation(() => {});
  });

  afterAll(() => quiet?.mockRestore());
}

export function send(route: string, endpoint: JsonEndpoint, f: Fixtures, body: string) {
  const method = route.split(' ')[0]!;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: SITE_ORIGIN };
  if (endpoint.caller === 'admin') headers.Cookie = adminCookie;
  return request(endpoint.url(f), { method, headers, body }, nextIp());
}
