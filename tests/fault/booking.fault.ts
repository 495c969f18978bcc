// Intro-call booking on two production instances sharing one Postgres: visitors racing for one slot
// through both instances get one 201 and 409s (the exclusion constraint decides, whatever the
// checks before it saw), with the two emails of the one booking; and the day-before reminders,
// claimed with FOR UPDATE SKIP LOCKED, go out exactly once each, when both instances' passes run at
// the same moment and when an instance is killed (-9) while holding claimed reminders.
//
// The reminder job runs every SCHEDULER_INTERVAL_MS, set to 60 s here so that no pass but the ones
// the test causes falls inside its steps; it also runs once at boot: the test starts instances to
// make a pass happen now, and waits for the 60 s tick only once, for the survivor.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import { openAvailability } from '#tests/helpers/open-availability.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login, typedApi } from './harness/http.ts';
import { startServer, startTwoInstances } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep, until } from './harness/wait.ts';

const RACERS = 20;
const ROUNDS = FULL ? 10 : 3;
/** Due reminders inserted while both instances run (more than one claim batch of 50 in the full run). */
const DUE_BOTH = FULL ? 120 : 12;
/** Due reminders inserted before one instance is killed holding their claim. */
const DUE_KILL = FULL ? 30 : 8;
const DUE_AFTER = 3;
/** The reminder job's interval here (SCHEDULER_INTERVAL_MS). */
const REMINDER_POLL_MS = 60_000;
const SLOT_TAKEN = 'Sorry, that time was just booked by someone else. Please choose another time.';
const run = crypto.randomUUID().slice(0, 8);
const facts: Figures = {};

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
/** Every instance started, for the log check at the end (a killed one's log included). */
const instances: AppServer[] = [];
const serverEnv = { TRUST_PROXY: '1', SCHEDULER_INTERVAL_MS: String(REMINDER_POLL_MS) };

function start(name: string, port?: number): Promise<AppServer> {
  return startServer({ name, databaseUrl: cluster.url, env: serverEnv, port }).then((server) => {
    instances.push(server);
    return server;
  });
}

beforeAll(async () => {
  ({ cluster, sql, a, b } = await startTwoInstances(serverEnv));
  instances.push(a, b);
  const cookie = await login(a);
  const enabled = await api(a, 'PATCH', '/api/admin/settings', { cookie, body: { bookingEnabled: true } });
  if (enabled.status !== 200) throw new Error(`switching booking on: ${enabled.status} ${await enabled.text()}`);
  const availability = await api(a, 'PUT', '/api/admin/booking/availability', { cookie, body: openAvailability() });
  if (availability.status !== 200) throw new Error(`availability: ${availability.status} ${await availability.text()}`);
  // B reads the same rows: booking is on there too.
  await until(
    "B's slots",
    async () => {
      const slots = await fetch(b.url('/api/booking/slots'));
      await slots.arrayBuffer();
      return slots.status;
    },
    (status) => status === 200,
    { timeoutMs: 10_000 },
  );
}, 300_000);

afterAll(async () => {
  await finish('Booking on two instances', facts, instances);
}, 60_000);

interface Answer {
  server: string;
  status: number;
  message?: string;
  ms: number;
}

/** POST /api/bookings as a visitor's browser sends it, from its own client address (TRUST_PROXY=1). */
async function book(server: AppServer, body: Record<string, string>, ip: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(server.url('/api/bookings'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin, 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let message: string | undefined;
  try {
    // A refusal's `{ message }` is an error's, which no route type declares.
    message = JSON.parse(text).message;
  } catch {
    message = text.slice(0, 120);
  }
  return { server: server.name, status: response.status, message, ms: performance.now() - started };
}

/** Runs `race` while the harness blocks writes to bookings, until all racers wait on a lock. */
async function heldRace(race: () => Promise<Answer[]>): Promise<Answer[]> {
  let answers: Promise<Answer[]> | undefined;
  await sql.begin(async (tx) => {
    await tx`lock table bookings in share mode`;
    answers = race();
    await until(
      `racers waiting (of ${RACERS}) after 10 s`,
      async () => {
        const [waiting] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and application_name <> 'fault-harness'
            and (query ilike 'insert into "bookings"%' or query ilike '%pg_advisory_xact_lock%')`;
        return waiting!.n;
      },
      (n) => n >= RACERS,
      { timeoutMs: 10_000, everyMs: 10 },
    );
  });
  return answers!;
}

async function bookingOutbox(): Promise<Record<string, number>> {
  const rows = await sql<{ kind: string; n: number }[]>`
    select kind, count(*)::int as n from outbox_emails where kind like 'booking%' group by kind`;
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

const countOf = (values: number[]) =>
  Object.entries(
    values.reduce<Record<string, number>>((counts, value) => {
      counts[value] = (counts[value] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([value, n]) => `${value}×${n}`)
    .join(' ');

// ---- Reminders

let dueIndex = 0;
let dueBase: Date | undefined;
const dueEmail = (batch: string, i: number) => `remind-${run}-${batch}-${i}@example.com`;
const inserted: Record<string, number> = {};

/**
 * Inserts `count` confirmed calls, as bookings made days ago would be, starting 12 hours from now
 * and later (2 minutes each, back to back: within the reminder's day, clear of the racing slots of
 * the first hours), with no reminder yet.
 */
async function insertDue(batch: string, count: number): Promise<void> {
  if (!dueBase) {
    const [row] = await sql<{ base: Date }[]>`select date_trunc('minute', now() + interval '12 hours') as base`;
    dueBase = row!.base;
  }
  const [intro] = await sql<{ id: number }[]>`select id from session_types where intro`;
  const rows = Array.from({ length: count }, (_, i) => {
    const startsAt = new Date(dueBase!.getTime() + dueIndex++ * 2 * 60_000);
    return {
      uid: `booking-${crypto.randomUUID()}@fault.example`,
      session_type_id: intro!.id,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 2 * 60_000),
      name: `Reminded ${batch} ${i}`,
      email: dueEmail(batch, i),
      topic: 'A fault test call',
      time_zone: 'Europe/Paris',
    };
  });
  await sql`insert into bookings ${sql(rows)}`;
  inserted[batch] = count;
}

interface ReminderState {
  reminded: number;
  /** Reminder emails per booking: how many bookings have each count. */
  perBooking: Record<number, number>;
  /** Distinct reminded_at values: each pass writes its own, so this counts the passes that claimed some. */
  passes: number;
}

async function reminders(batch: string): Promise<ReminderState> {
  const rows = await sql<{ reminded: boolean; reminded_at: Date | null; n: number }[]>`
    select b.reminded_at is not null as reminded, b.reminded_at,
           (select count(*) from outbox_emails o where o.kind = 'booking_reminder' and o.to_address = b.email)::int as n
    from bookings b where starts_with(b.email, ${`remind-${run}-${batch}-`})`;
  const perBooking: Record<number, number> = {};
  for (const row of rows) perBooking[row.n] = (perBooking[row.n] ?? 0) + 1;
  return {
    reminded: rows.filter((row) => row.reminded).length,
    perBooking,
    passes: new Set(rows.filter((row) => row.reminded_at).map((row) => row.reminded_at!.getTime())).size,
  };
}

async function waitReminded(batch: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const state = await reminders(batch);
    if (state.reminded === inserted[batch]) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${batch}: ${state.reminded} of ${inserted[batch]} reminded after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** The app's reminder passes waiting on a lock, and their statements. */
async function waitingBackends(query: string): Promise<{ pid: number }[]> {
  return sql<{ pid: number }[]>`
    select pid from pg_stat_activity
    where wait_event_type = 'Lock' and application_name <> 'fault-harness' and query ilike ${query}`;
}

async function waitForWaiters(query: string, count: number, timeoutMs: number): Promise<{ pid: number }[]> {
  return until(
    `backends waiting (of ${count}) on ${query}`,
    () => waitingBackends(query),
    (waiting) => waiting.length >= count,
    {
      timeoutMs,
      everyMs: 50,
    },
  );
}

let lastBothPassAt = 0;

describe('booking on two instances', () => {
  test(`${RACERS} visitors book the same slot through A and B at once: one 201, ${RACERS - 1} 409s, one row, two emails (${ROUNDS} slots)`, async () => {
    const response = await typedApi(a).publicApi.booking.slots.$get({ query: {} });
    expect(response.status).toBe(200);
    const { slots } = await response.json();
    const outcomes: string[] = [];
    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Slots of the first hours: booked less than a day ahead, their reminder is marked done at once.
      const slot = slots[2 + 2 * round]!;
      const before = await bookingOutbox();
      const race = () =>
        Promise.all(
          Array.from({ length: RACERS }, (_, i) =>
            book(
              i % 2 === 0 ? a : b,
              {
                start: slot.start,
                name: `Racer ${round}-${i}`,
                email: `racer-${run}-${round}-${i}@example.com`,
                topic: 'Racing for one slot',
                timeZone: 'Europe/London',
              },
              `198.18.${round}.${i + 1}`,
            ),
          ),
        );
      // Every other round the harness holds the table until all racers wait, then lets them go at
      // once: inserts meeting inside the exclusion constraint at one instant is where Postgres may
      // abort one as a deadlock (a 500), unless the app's writes take turns.
      const answers = round % 2 === 0 ? await race() : await heldRace(race);
      latencies.push(...answers.map((answer) => answer.ms));
      const statuses = answers.map((answer) => answer.status).sort();
      outcomes.push(countOf(statuses));
      const unexpected = answers.filter((answer) => answer.status !== 201 && !(answer.status === 409 && answer.message === SLOT_TAKEN));
      expect(unexpected).toEqual([]);
      expect(statuses).toEqual([201, ...Array(RACERS - 1).fill(409)]);

      const winner = answers.findIndex((answer) => answer.status === 201);
      const rows = await sql<{ email: string; status: string; reminded: boolean }[]>`
        select email, status, reminded_at is not null as reminded from bookings where starts_at = ${new Date(slot.start)}`;
      expect([...rows]).toEqual([{ email: `racer-${run}-${round}-${winner}@example.com`, status: 'confirmed', reminded: true }]);
      const after = await bookingOutbox();
      const added = Object.fromEntries(
        Object.entries(after)
          .map(([kind, n]) => [kind, n - (before[kind] ?? 0)])
          .filter(([, n]) => n !== 0),
      );
      expect(added).toEqual({ booking_confirmation: 1, booking_notice: 1 });
      const [confirmation] = await sql<{ to_address: string }[]>`
        select to_address from outbox_emails where kind = 'booking_confirmation' order by id desc limit 1`;
      expect(confirmation!.to_address).toBe(`racer-${run}-${round}-${winner}@example.com`);
    }
    const [overlaps] = await sql<{ n: number }[]>`
      select count(*)::int as n from bookings x join bookings y on x.id < y.id
      where x.status = 'confirmed' and y.status = 'confirmed' and tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at)`;
    expect(overlaps!.n).toBe(0);
    latencies.sort((x, y) => x - y);
    facts[`race rounds (${RACERS} POSTs each, A and B alternating)`] = ROUNDS;
    facts['race outcomes'] = [...new Set(outcomes)].map((o) => `${o} (×${outcomes.filter((x) => x === o).length})`).join(', ');
    facts['race answer p50 / max (ms)'] = `${Math.round(latencies[Math.floor(latencies.length / 2)]!)} / ${Math.round(latencies.at(-1)!)}`;
    facts['outbox rows per won slot'] = 'booking_confirmation 1, booking_notice 1';
  }, 120_000);

  test(`${DUE_BOTH} due reminders, A's and B's passes released at the same moment: each reminded exactly once`, async () => {
    await insertDue('both', DUE_BOTH);
    // A pass runs at each start: both instances are restarted while the harness holds the table, so
    // both passes queue behind it and run their claims at once when it is released.
    await Promise.all([a.stop(), b.stop()]);
    let waiters = 0;
    await sql.begin(async (tx) => {
      await tx`lock table bookings in exclusive mode`;
      [a, b] = await Promise.all([start('A2', a.port), start('B2', b.port)]);
      waiters = (await waitForWaiters('%for update skip locked%', 2, 60_000)).length;
    });
    lastBothPassAt = Date.now();
    const took = await waitReminded('both', 30_000);
    // The passes that found work run again at once: let them finish, then count.
    await sleep(1_000);
    const state = await reminders('both');
    facts['both instances: claim passes waiting at the release'] = waiters;
    facts['both instances: due reminders / reminded / within (ms)'] = `${DUE_BOTH} / ${state.reminded} / ${took}`;
    facts['both instances: reminder emails per booking'] = JSON.stringify(state.perBooking);
    facts['both instances: passes that claimed some'] = state.passes;
    expect(state.perBooking).toEqual({ 1: DUE_BOTH });
    await Promise.all([a.waitHealthy(), b.waitHealthy()]);
  }, 180_000);

  test('kill -9 of an instance holding claimed reminders: none sent by it, the survivor reminds each once, the restart adds none', async () => {
    await insertDue('kill', DUE_KILL);
    // A's next pass is a minute away: restart it (gracefully) while the harness holds the outbox, so
    // its boot pass claims every due call, marks the first and waits to queue its email; then kill -9.
    await a.stop();
    let claimedAtKill = 0;
    let claimant = 0;
    await sql.begin(async (tx) => {
      await tx`lock table outbox_emails in exclusive mode`;
      a = await start('A3', a.port);
      const [waiting] = await waitForWaiters('insert into "outbox_emails"%', 1, 60_000);
      claimant = waiting!.pid;
      // Rows another pass could claim now (SKIP LOCKED, as the job does): none, A3 holds them all.
      const [free] = await sql<{ n: number }[]>`
        select count(*)::int as n from (
          select id from bookings where starts_with(email, ${`remind-${run}-kill-`}) for update skip locked) claimable`;
      claimedAtKill = DUE_KILL - free!.n;
      await a.kill9();
    });
    // Released: A3's backend finds its client gone and rolls back; nothing it claimed is reminded.
    await until(
      'the killed instance backend after 15 s',
      async () => (await sql`select 1 from pg_stat_activity where pid = ${claimant}`).length,
      (n) => n === 0,
      { timeoutMs: 15_000, everyMs: 50 },
    );
    const afterKill = await reminders('kill');
    facts['kill -9: due reminders claimed by the killed instance'] = `${claimedAtKill} of ${DUE_KILL}`;
    facts['kill -9: reminded / reminder emails after its backend ended'] =
      `${afterKill.reminded} / ${JSON.stringify(afterKill.perBooking)}`;
    expect(claimedAtKill).toBe(DUE_KILL);
    expect(afterKill.reminded).toBe(0);
    expect(afterKill.perBooking).toEqual({ 0: DUE_KILL });

    // The survivor's next pass (every minute since its boot pass) reminds them.
    const survivorWait = await waitReminded('kill', REMINDER_POLL_MS + 30_000);
    await sleep(500);
    const survived = await reminders('kill');
    facts['kill -9: survivor reminded them after (s), its tick due at ~60 s since its last pass'] =
      `${(survivorWait / 1000).toFixed(1)} (${((Date.now() - lastBothPassAt) / 1000).toFixed(1)} since the last pass)`;
    facts['kill -9: reminder emails per booking after the survivor'] = JSON.stringify(survived.perBooking);
    expect(survived.perBooking).toEqual({ 1: DUE_KILL });

    // The killed instance restarted: its boot pass reminds the calls due since, and none again.
    await insertDue('after', DUE_AFTER);
    a = await start('A4', a.port);
    await a.waitHealthy();
    await waitReminded('after', 30_000);
    await sleep(1_000);
    const final = await Promise.all(['both', 'kill', 'after'].map((batch) => reminders(batch)));
    const [total] = await sql<{ n: number }[]>`select count(*)::int as n from outbox_emails where kind = 'booking_reminder'`;
    const due = DUE_BOTH + DUE_KILL + DUE_AFTER;
    facts['after the restart: reminder emails / due calls (racing slots need none)'] = `${total!.n} / ${due}`;
    expect(final.map((state) => state.perBooking)).toEqual([{ 1: DUE_BOTH }, { 1: DUE_KILL }, { 1: DUE_AFTER }]);
    expect(total!.n).toBe(due);
  }, 300_000);
});
