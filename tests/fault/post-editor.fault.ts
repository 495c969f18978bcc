// The editor's saves on two production instances sharing one Postgres (issue 19, points 1–3):
// saves racing from the same outdated version through both instances give exactly one 200 and
// 409s, with one stored text and one revision; and an autosave acknowledged by an instance that is
// then killed (-9) is what the other instance's editor opens with, and the restarted one's too.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login, typedApi } from './harness/http.ts';
import { startHealthyServer, startTwoInstances } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';

const RACERS = FULL ? 40 : 10;
const ROUNDS = FULL ? 5 : 2;
const STALE = 'Someone else saved this post since you opened it';
const facts: Figures = {};

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
let cookie: string;

beforeAll(async () => {
  ({ cluster, sql, a, b } = await startTwoInstances());
  cookie = await login(a);
}, 300_000);

afterAll(async () => {
  await finish('Post editor on two instances', facts, [a, b]);
}, 60_000);

async function createPost(title: string) {
  const response = await typedApi(a, { cookie }).adminApi['blog-posts'].$post({
    json: { title, content: 'The first body.', published: true },
  });
  expect(response.status).toBe(201);
  return response.json();
}

test(`saves racing from one version through both instances: one 200, the rest 409, one revision (${ROUNDS} rounds of ${RACERS})`, async () => {
  const statuses: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const post = await createPost(`Race ${round} ${crypto.randomUUID().slice(0, 6)}`);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const content = `Racer ${i} of round ${round}.`;
        const response = await api(server, 'PUT', `/api/admin/blog-posts/${post.id}`, {
          cookie,
          body: { title: `Race ${round}`, slug: post.slug, content, published: true, version: post.version },
        });
        // All but one are refused (409): their `{ message }` is an error's, which no route type declares.
        const body = await response.json();
        return { status: response.status, content, message: body.message };
      }),
    );
    statuses.push(...answers.map((answer) => answer.status));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.message)).toEqual(Array(RACERS - 1).fill(STALE));
    const [stored] = await sql<{ content: string; version: number }[]>`select content, version from posts where id = ${post.id}`;
    expect(stored).toEqual({ content: winners[0]!.content, version: 2 });
    const [revisions] = await sql<{ n: number }[]>`select count(*)::int as n from post_revisions where post_id = ${post.id}`;
    expect(revisions!.n).toBe(2);
  }
  facts['racing saves'] = `${ROUNDS} × ${RACERS}`;
  facts.answers = [...new Set(statuses)].map((status) => `${status}×${statuses.filter((s) => s === status).length}`).join(' ');
}, 120_000);

test('an autosave acknowledged by A survives A killed -9: B and the restarted A open the editor with it, the live page unchanged', async () => {
  const post = await createPost(`Kill ${crypto.randomUUID().slice(0, 6)}`);
  const text = `Autosaved just before the crash ${crypto.randomUUID()}`;
  const saved = await api(a, 'PUT', `/api/admin/blog-posts/${post.id}/autosave`, {
    cookie,
    body: { title: 'Kill', excerpt: '', content: text, version: post.version },
  });
  expect(saved.status).toBe(200);
  const port = a.port;
  await a.kill9();

  const editorOn = async (server: AppServer) => {
    const response = await api(server, 'GET', `/admin/posts/${post.id}`, { cookie });
    expect(response.status).toBe(200);
    return response.text();
  };
  expect(await editorOn(b)).toContain(text);
  const live = await (await typedApi(b).publicApi['blog-posts'][':slug{.+}'].$get({ param: { slug: post.slug } })).json();
  expect(live.content).toBe('The first body.');

  a = await startHealthyServer({ name: 'A', databaseUrl: cluster.url, port });
  expect(await editorOn(a)).toContain(text);
  facts['autosave after kill -9'] = 'kept, offered by both instances';
}, 120_000);
