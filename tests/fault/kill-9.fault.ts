// docs/reliability.md, test 4, kill -9 during writes (Postgres): backlog reorders, post creates, drafts
// with tags, user creates and uploads run against the admin API; the server is SIGKILLed at a
// random moment and started again, each round. Every acknowledged write is there exactly once,
// priorities stay 0..n-1, no tag row lacks its post, no upload is half written, and the sessions
// issued before the kills still work.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import { paddedPng } from '../helpers/images.ts';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { api, login, typedApi } from './harness/http.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer, startServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const ROUNDS = FULL ? 10 : 2;
const KILL_AFTER_MS: [number, number] = FULL ? [300, 3_000] : [300, 1_200];
const UPLOAD_BYTES = 256 * 1024;
const run = crypto.randomUUID().slice(0, 8);

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let server: AppServer;
let rssStart = 0;

beforeAll(async () => {
  ({ cluster, sql, server } = await startClusterAndServer());
  rssStart = server.rssMb();
}, 300_000);

afterAll(cleanup, 60_000);

interface Acknowledged {
  posts: string[];
  users: string[];
  topics: string[];
  drafts: Array<{ postId: number; tags: number }>;
  uploads: string[];
  reorders: number;
}

const shuffle = <T>(items: T[]) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

/** Runs `body` in a loop until the server is gone; a failed request (the kill) ends the loop. */
async function writer(name: string, statuses: Record<string, number>, body: (n: number) => Promise<{ status: number } | undefined>) {
  for (let n = 0; server.running; n++) {
    try {
      const response = await body(n);
      if (!response) continue;
      const key = `${name} ${response.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    } catch {
      statuses[`${name} error`] = (statuses[`${name} error`] ?? 0) + 1;
      return;
    }
  }
}

test(
  `kill -9 during writes, ${ROUNDS} rounds: every acknowledged write present once, priorities 0..n-1, sessions kept`,
  async () => {
    const acknowledged: Acknowledged = { posts: [], users: [], topics: [], drafts: [], uploads: [], reorders: 0 };
    const statuses: Record<string, number> = {};
    const sessions: string[] = [];
    const killedAfter: number[] = [];
    const restartMs: number[] = [];
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const migrationsBefore = before!.n;
    const image = paddedPng(UPLOAD_BYTES);

    for (let round = 0; round < ROUNDS; round++) {
      const cookie = await login(server);
      sessions.push(cookie);
      const { adminApi, profileImageApi } = typedApi(server, { cookie });
      const tag = `${run}-${round}`;
      const loops = [
        writer('reorder', statuses, async () => {
          const list = await adminApi['blog-topic-backlog'].$get();
          const topics = await list.json();
          const order = shuffle(topics).map((topic, priority) => ({ id: topic.id, priority }));
          const response = await api(server, 'POST', '/api/admin/blog-topic-backlog/reorder', { cookie, body: { reorderedItems: order } });
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.reorders++;
          return response;
        }),
        writer('post', statuses, async (n) => {
          const slug = `k9-${tag}-${n}`;
          const response = await api(server, 'POST', '/api/admin/blog-posts', {
            cookie,
            body: { title: `Kill ${slug}`, slug, content: 'Written while the server may die.', published: n % 2 === 0 },
          });
          await response.arrayBuffer();
          if (response.status === 201) acknowledged.posts.push(slug);
          return response;
        }),
        writer('topic+draft', statuses, async (n) => {
          const title = `Kill topic ${tag}-${n}`;
          const tags = ['Kill Test', `Round ${tag}`, `N ${n}`];
          const topic = await api(server, 'POST', '/api/admin/blog-topic-backlog', {
            cookie,
            body: { title, description: 'A topic created while the server may die.', tags },
          });
          await topic.arrayBuffer();
          if (topic.status !== 201) return topic;
          acknowledged.topics.push(title);
          const draft = await adminApi['generate-draft'].$post();
          const body = await draft.json();
          if (draft.status === 201 && body.postId) {
            const [row] = await sql<{ n: number }[]>`
              select cardinality(tags)::int as n from backlog_topics where post_id = ${body.postId}`;
            acknowledged.drafts.push({ postId: body.postId, tags: row?.n ?? -1 });
          }
          return draft;
        }),
        writer('user', statuses, async (n) => {
          const email = `k9-${tag}-${n}@example.com`;
          const response = await api(server, 'POST', '/api/auth/admin/users', {
            cookie,
            body: { email, password: 'Kill-Nine-Passw0rd!', role: 'user' },
          });
          await response.arrayBuffer();
          if (response.status === 201) acknowledged.users.push(email);
          return response;
        }),
        writer('upload', statuses, async () => {
          const form = new FormData();
          form.append('file', new File([image], 'kill.png', { type: 'image/png' }));
          const response = await profileImageApi.index.$post({}, { init: { body: form } });
          const body = await response.json();
          if (response.status === 201 && body.url) acknowledged.uploads.push(body.url);
          return response;
        }),
      ];
      const wait = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
      killedAfter.push(Math.round(wait));
      await sleep(wait);
      await server.kill9();
      await Promise.all(loops);

      server = await startServer({ name: 'app', databaseUrl: cluster.url, port: server.port });
      restartMs.push(Math.round(await server.waitHealthy()));
    }

    // ---- What survived
    const [counts] = await sql<
      { migrations: number; orphanTags: number; draftedWithoutPost: number; processing: number; badUploads: number }[]
    >`
      select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
             (select count(*) from post_tags pt left join posts p on p.id = pt.post_id where p.id is null)::int as "orphanTags",
             (select count(*) from backlog_topics t left join posts p on p.id = t.post_id
                where t.status = 'drafted' and p.id is null)::int as "draftedWithoutPost",
             (select count(*) from backlog_topics where status = 'processing')::int as processing,
             (select count(*) from uploads where byte_size <> octet_length(bytes))::int as "badUploads"`;
    const priorities = (await sql<{ priority: number }[]>`select priority from backlog_topics order by priority`).map(
      (row) => row.priority,
    );
    const postRows = await sql<{ slug: string; n: number }[]>`
      select slug, count(*)::int as n from posts where slug like ${`k9-${run}-%`} group by slug`;
    const postCounts = new Map(postRows.map((row) => [row.slug, row.n]));
    const missingPosts = acknowledged.posts.filter((slug) => postCounts.get(slug) !== 1);
    const userRows = await sql<{ email: string }[]>`select email from users where email like ${`k9-${run}-%`}`;
    const users = new Set(userRows.map((row) => row.email));
    const missingUsers = acknowledged.users.filter((email) => !users.has(email));
    const topicRows = await sql<{ title: string; n: number }[]>`
      select title, count(*)::int as n from backlog_topics where title like ${`Kill topic ${run}-%`} group by title`;
    const topicCounts = new Map(topicRows.map((row) => [row.title, row.n]));
    const missingTopics = acknowledged.topics.filter((title) => topicCounts.get(title) !== 1);
    const draftRows = await sql<{ id: number; tags: number }[]>`
      select p.id, (select count(*) from post_tags pt where pt.post_id = p.id)::int as tags
      from posts p where p.id in ${sql(acknowledged.drafts.map((draft) => draft.postId).concat(-1))}`;
    const draftTags = new Map(draftRows.map((row) => [row.id, row.tags]));
    const badDrafts = acknowledged.drafts.filter((draft) => draftTags.get(draft.postId) !== draft.tags);
    const uploadChecks = await Promise.all(
      acknowledged.uploads.map(async (url) => {
        const response = await fetch(server.url(url));
        return response.status === 200 && (await response.arrayBuffer()).byteLength === UPLOAD_BYTES;
      }),
    );
    const sessionChecks = await Promise.all(sessions.map(async (cookie) => (await api(server, 'GET', '/api/auth/me', { cookie })).status));
    const problems = server.problems();

    figures('Test 4: kill -9 during writes (Postgres)', {
      rounds: ROUNDS,
      'killed after (ms)': killedAfter.join(', '),
      'restart → healthy (ms)': restartMs.join(', '),
      'answers before each kill': statusSummary(statuses),
      'acknowledged: posts / drafts / topics / users / uploads / reorders': `${acknowledged.posts.length} / ${acknowledged.drafts.length} / ${acknowledged.topics.length} / ${acknowledged.users.length} / ${acknowledged.uploads.length} / ${acknowledged.reorders}`,
      'acknowledged but missing or doubled: posts / topics / users': `${missingPosts.length} / ${missingTopics.length} / ${missingUsers.length}`,
      'drafts whose tags differ from their topic': badDrafts.length,
      'uploads not served whole / rows with a size mismatch': `${uploadChecks.filter((ok) => !ok).length} / ${counts!.badUploads}`,
      'priorities 0..n-1': `${priorities.every((p, i) => p === i)} (n = ${priorities.length})`,
      'tag rows without a post / drafted topics without a post': `${counts!.orphanTags} / ${counts!.draftedWithoutPost}`,
      'topics left processing by a kill (pending again after 10 min)': counts!.processing,
      'migrations recorded before / after': `${migrationsBefore} / ${counts!.migrations}`,
      'sessions from before the kills still valid': `${sessionChecks.filter((s) => s === 200).length} of ${sessions.length}`,
      'RSS first start / last restart (MB)': `${rssStart} / ${server.rssMb()}`,
      'log lines that mean a bug (last instance)': problems.length,
    });

    expect(acknowledged.posts.length + acknowledged.users.length).toBeGreaterThan(0);
    expect(missingPosts).toEqual([]);
    expect(missingTopics).toEqual([]);
    expect(missingUsers).toEqual([]);
    expect(badDrafts).toEqual([]);
    expect(uploadChecks.every(Boolean)).toBe(true);
    expect(counts!.badUploads).toBe(0);
    expect(priorities).toEqual(priorities.map((_, i) => i));
    expect(counts!.orphanTags).toBe(0);
    expect(counts!.draftedWithoutPost).toBe(0);
    expect(counts!.migrations).toBe(migrationsBefore);
    expect(sessionChecks).toEqual(sessions.map(() => 200));
    expect(problems).toEqual([]);
  },
  FULL ? 600_000 : 120_000,
);
