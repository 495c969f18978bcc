// docs/reliability.md, test 12, the email outbox on two production instances sharing one Postgres
// and one SMTP server (in this process): every queued email is delivered exactly once, the send
// rate holds across both instances, and an instance killed mid-send leaves nothing stuck in
// 'sending' (a lapsed lease is taken over; a resend keeps its Message-ID).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { startHealthyServer, startTwoInstances } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep, until } from './harness/wait.ts';

const EMAILS = FULL ? 1_000 : 200;
const RATE = 50;
const facts: Figures = {};

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let smtp: TestSmtp;
let a: AppServer;
let b: AppServer;
let serverEnv: Record<string, string>;

beforeAll(async () => {
  // Each message takes a few milliseconds to be accepted, so a kill lands while some are in flight.
  smtp = await startTestSmtp({ delayMs: 15 });
  serverEnv = {
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Fault Coaching" <fault@coach.example>',
    SMTP_MAX_PER_SECOND: String(RATE),
    OUTBOX_POLL_MS: '100',
    OUTBOX_LEASE_MS: '3000',
    OUTBOX_RETRY_BASE_MS: '200',
  };
  ({ cluster, sql, a, b } = await startTwoInstances(serverEnv));
}, 300_000);

afterAll(async () => {
  await smtp?.stop();
  await finish('Test 12: the email outbox on two instances', facts, [a, b]);
}, 60_000);

/** Queues `count` emails straight into the outbox, as committed changes would; their Message-IDs. */
async function queue(batch: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    kind: 'fault',
    message_id: `<${batch}-${i}-${crypto.randomUUID()}@coach.example>`,
    to_address: `reader-${i}@example.com`,
    subject: `${batch} ${i}`,
    html: `<p>${batch} ${i}</p>`,
    text: `${batch} ${i}`,
  }));
  await sql`insert into outbox_emails ${sql(rows)}`;
  return rows.map((row) => row.message_id);
}

async function statuses(batch: string) {
  const rows = await sql<{ status: string; n: number }[]>`
    select status, count(*)::int as n from outbox_emails where subject like ${`${batch} %`} group by status`;
  return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
}

async function waitAllSent(batch: string, count: number, timeoutMs: number) {
  await until(
    'not all sent',
    () => statuses(batch),
    (current) => (current.sent ?? 0) === count,
    { timeoutMs },
  );
}

const receivedIds = (batch: string) =>
  smtp.received.filter((email) => email.parsed.subject?.startsWith(`${batch} `)).map((email) => email.parsed.messageId!);

/** The most emails that arrived within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= 1_000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

describe('the outbox on two instances', () => {
  test(`${EMAILS} queued emails: each delivered exactly once, and the claims never exceed ${RATE} a second across both`, async () => {
    const started = Date.now();
    const ids = await queue('both', EMAILS);
    await waitAllSent('both', EMAILS, 120_000);
    const received = receivedIds('both');
    expect(received.sort()).toEqual([...ids].sort());
    // Every send started within the rate, counted by the claims both instances take in turn.
    const [claims] = await sql<{ busiest: number }[]>`
      select coalesce(max(n), 0)::int as busiest from (
        select count(*) over (order by last_attempt_at range between interval '999 milliseconds' preceding and current row) as n
        from outbox_emails where subject like 'both %') windows`;
    expect(claims!.busiest).toBeLessThanOrEqual(RATE);
    facts['emails queued / delivered / distinct Message-IDs'] = `${EMAILS} / ${received.length} / ${new Set(received).size}`;
    facts['delivery time (s)'] = ((Date.now() - started) / 1000).toFixed(1);
    facts[`claims in the busiest second (limit ${RATE})`] = claims!.busiest;
    facts['arrivals in the busiest second at the SMTP server'] = busiestSecond(
      smtp.received.filter((email) => email.parsed.subject?.startsWith('both ')).map((email) => email.at),
    );
  }, 180_000);

  test('kill -9 of an instance mid-send, then a restart: every email sent, none left sending, resends only with the same Message-ID', async () => {
    const ids = await queue('kill', EMAILS);
    // Wait until sending is under way, then kill A without any cleanup.
    for (let i = 0; i < 100 && receivedIds('kill').length < EMAILS / 5; i++) await sleep(50);
    const inFlight = (await statuses('kill')).sending ?? 0;
    await a.kill9();
    const restarted = await startHealthyServer({ name: 'A2', databaseUrl: cluster.url, env: serverEnv, port: a.port });
    a = restarted;
    await waitAllSent('kill', EMAILS, 120_000);
    expect((await statuses('kill')).sending ?? 0).toBe(0);
    const received = receivedIds('kill');
    // Every email arrived; anything that arrived twice is the same email, recognisable by its ID.
    expect([...new Set(received)].sort()).toEqual([...ids].sort());
    facts['kill -9: emails in sending at the kill'] = inFlight;
    facts['kill -9: arrivals / distinct Message-IDs (duplicates are resends after the lease)'] =
      `${received.length} / ${new Set(received).size}`;
  }, 180_000);

  test('a graceful restart (SIGTERM) mid-send: the email in hand is finished, none waits for a lease, the rest go after the start', async () => {
    await b.stop();
    const ids = await queue('restart', EMAILS);
    for (let i = 0; i < 100 && receivedIds('restart').length < EMAILS / 5; i++) await sleep(50);
    const stopped = await a.stop();
    expect(stopped.killed).toBe(false);
    // Only A was sending, and it stopped cleanly: nothing is held by a claim now.
    expect((await statuses('restart')).sending ?? 0).toBe(0);
    const sentBefore = (await statuses('restart')).sent ?? 0;
    a = await startHealthyServer({ name: 'A3', databaseUrl: cluster.url, env: serverEnv, port: a.port });
    await waitAllSent('restart', EMAILS, 120_000);
    const received = receivedIds('restart');
    expect(received.sort()).toEqual([...ids].sort());
    facts['SIGTERM: sent before the stop / after the restart'] = `${sentBefore} / ${EMAILS - sentBefore}`;
    facts['SIGTERM: stop took (ms)'] = Math.round(stopped.ms);
  }, 180_000);
});
