// docs/reliability.md, test 13: a newsletter to 2,000 active subscribers (10,000 in the full run)
// from two production instances on one Postgres, delivered to an SMTP server in this process. The
// first send runs on both instances; the second has its sending instance killed with SIGKILL
// halfway and started again. Each reader gets exactly one newsletter (one Message-ID): a resend
// after the kill could only repeat the same Message-ID, which the figures count.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login, typedApi } from './harness/http.ts';
import { startHealthyServer, startTwoInstances } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep, until } from './harness/wait.ts';

const READERS = FULL ? 10_000 : 2_000;
const facts: Figures = {};

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let smtp: TestSmtp;
let a: AppServer;
let b: AppServer;
let cookie: string;
let serverEnv: Record<string, string>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  serverEnv = {
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Fault Coaching" <fault@coach.example>',
    SMTP_MAX_PER_SECOND: '1000',
    OUTBOX_POLL_MS: '100',
    OUTBOX_LEASE_MS: '3000',
  };
  ({ cluster, sql, a, b } = await startTwoInstances(serverEnv));
  cookie = await login(a);
  // The seed's own subscribers leave; these are the readers.
  await sql`update subscribers set status = 'unsubscribed'`;
  const rows = Array.from({ length: READERS }, (_, i) => ({ email: `reader-${i}@example.com`, status: 'active', source: 'import' }));
  for (let i = 0; i < rows.length; i += 1_000) await sql`insert into subscribers ${sql(rows.slice(i, i + 1_000))}`;
}, 300_000);

afterAll(async () => {
  await smtp?.stop();
  await finish('Test 13: a newsletter to every subscriber', facts, [a, b]);
}, 60_000);

async function sendNewsletter(subject: string): Promise<number> {
  const created = await typedApi(a, { cookie }).adminApi.newsletters.$post({
    json: { subject, body: `# ${subject}\n\nOne idea for this week.` },
  });
  expect(created.status).toBe(201);
  const { id } = await created.json();
  const sent = await api(a, 'POST', `/api/admin/newsletters/${id}/send`, { cookie, body: {} });
  expect(sent.status).toBe(200);
  return id;
}

async function progress(id: number) {
  const [row] = await sql<{ status: string; deliveries: number; sent: number; waiting: number }[]>`
    select n.status,
      (select count(*)::int from newsletter_deliveries d where d.newsletter_id = n.id) as deliveries,
      (select count(*)::int from newsletter_deliveries d join outbox_emails o on o.id = d.outbox_email_id where d.newsletter_id = n.id and o.status = 'sent') as sent,
      (select count(*)::int from newsletter_deliveries d join outbox_emails o on o.id = d.outbox_email_id where d.newsletter_id = n.id and o.status in ('queued', 'sending')) as waiting
    from newsletters n where n.id = ${id}`;
  return row!;
}

async function waitDelivered(id: number, timeoutMs: number) {
  return until(
    'not delivered',
    () => progress(id),
    (now) => now.status === 'sent' && now.waiting === 0,
    { timeoutMs },
  );
}

/** Per reader, the distinct Message-IDs that reached them, and how many arrivals in all. */
function arrivals(subject: string) {
  const byReader = new Map<string, Set<string>>();
  let total = 0;
  for (const email of smtp.received) {
    if (email.parsed.subject !== subject) continue;
    total++;
    const to = email.envelopeTo[0]!;
    byReader.set(to, (byReader.get(to) ?? new Set()).add(email.parsed.messageId!));
  }
  return { byReader, total };
}

describe('a newsletter to every subscriber', () => {
  test(`${READERS} readers, two instances: exactly one newsletter each`, async () => {
    const started = Date.now();
    const id = await sendNewsletter('Issue one');
    const queuedBy = Date.now();
    for (;;) {
      const now = await progress(id);
      if (now.deliveries === READERS) break;
      await sleep(20);
    }
    const queueMs = Date.now() - queuedBy;
    const done = await waitDelivered(id, 180_000);
    expect(done).toMatchObject({ deliveries: READERS, sent: READERS, waiting: 0 });
    const { byReader, total } = arrivals('Issue one');
    expect(byReader.size).toBe(READERS);
    expect([...byReader.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(total).toBe(READERS);
    const seconds = (Date.now() - started) / 1000;
    facts[`two instances: readers / deliveries / arrivals`] = `${READERS} / ${done.deliveries} / ${total}`;
    facts['two instances: queued every reader within (ms)'] = queueMs;
    facts['two instances: send → last delivery (s); emails a second'] = `${seconds.toFixed(1)}; ${Math.round(READERS / seconds)}`;
  }, 300_000);

  test('kill -9 of the sending instance halfway, then a restart: still one newsletter each, none left waiting', async () => {
    await b.stop();
    const id = await sendNewsletter('Issue two');
    for (let i = 0; i < 600 && arrivals('Issue two').total < READERS / 2; i++) await sleep(20);
    const before = await progress(id);
    await a.kill9();
    a = await startHealthyServer({ name: 'A2', databaseUrl: cluster.url, env: serverEnv, port: a.port });
    const done = await waitDelivered(id, 180_000);
    expect(done).toMatchObject({ deliveries: READERS, sent: READERS, waiting: 0 });
    const { byReader, total } = arrivals('Issue two');
    expect(byReader.size).toBe(READERS);
    // Never two different newsletters to one reader; an email sent just before the kill may be
    // sent again after the lease, with the same Message-ID.
    expect([...byReader.values()].every((ids) => ids.size === 1)).toBe(true);
    facts['kill -9: deliveries queued / arrived at the kill'] = `${before.deliveries} / ${before.sent}`;
    facts['kill -9: readers / arrivals (a repeat has the same Message-ID)'] = `${byReader.size} / ${total}`;
  }, 300_000);

  test('kill -9 while the readers are still being queued, then a restart: queueing resumes where it stopped, one newsletter each', async () => {
    // Small batches (40 of 50) for this one, so the kill surely lands between two of them.
    await a.stop();
    a = await startHealthyServer({
      name: 'A3',
      databaseUrl: cluster.url,
      env: { ...serverEnv, NEWSLETTER_BATCH_SIZE: '50' },
      port: a.port,
    });
    const id = await sendNewsletter('Issue three');
    // The first batch committed: the kill lands long before the last one.
    let before = await progress(id);
    while (before.deliveries === 0) {
      await sleep(2);
      before = await progress(id);
    }
    await a.kill9();
    const atKill = await progress(id);
    expect(atKill.deliveries).toBeGreaterThan(0);
    expect(atKill.deliveries).toBeLessThan(READERS);
    a = await startHealthyServer({ name: 'A4', databaseUrl: cluster.url, env: serverEnv, port: a.port });
    const done = await waitDelivered(id, 180_000);
    expect(done).toMatchObject({ deliveries: READERS, sent: READERS, waiting: 0 });
    const { byReader, total } = arrivals('Issue three');
    expect(byReader.size).toBe(READERS);
    expect([...byReader.values()].every((ids) => ids.size === 1)).toBe(true);
    facts['kill -9 mid-queueing: readers queued at the kill / after the restart'] = `${atKill.deliveries} / ${done.deliveries}`;
    facts['kill -9 mid-queueing: readers / arrivals'] = `${byReader.size} / ${total}`;
  }, 300_000);

  test('100,000 subscribers: the admin list pages, searches and counts on the server (figures printed)', async () => {
    await sql`insert into subscribers (email, first_name, status, source)
      select 'member-' || g || '@example.com', 'Member ' || g, 'active', 'import' from generate_series(1, 100000) g`;
    const { adminApi } = typedApi(a, { cookie });
    const timed = async (query: { pageSize?: string; page?: string; search?: string }) => {
      const started = performance.now();
      const response = await adminApi.subscribers.$get({ query });
      const rows = await response.json();
      return { response, rows, ms: Math.round(performance.now() - started) };
    };
    const total = READERS + 100_000;
    const first = await timed({ pageSize: '50' });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('x-total-count')).toBe(String(total));
    expect(first.rows).toHaveLength(50);
    const lastPage = Math.ceil(total / 50);
    const last = await timed({ pageSize: '50', page: String(lastPage) });
    expect(last.rows).toHaveLength(total - (lastPage - 1) * 50);
    const search = await timed({ search: 'member-99999@' });
    expect(search.rows.map((row) => row.email)).toEqual(['member-99999@example.com']);
    facts['100,000 more subscribers: first page / last page / search (ms)'] = `${first.ms} / ${last.ms} / ${search.ms}`;
  }, 120_000);
});
