// docs/reliability.md, test 5, kill -9 with PGlite: the production server on the embedded database
// (PGLITE_DIR, no DATABASE_URL) takes contact messages, is SIGKILLed at a random moment and started
// again on the same folder, each round. Each restart either comes up with every acknowledged
// message there exactly once, or exits with a message naming the folder; it never hangs. A second
// process on the folder while the first runs is refused (PGlite takes no lock of its own,
// electric-sql/pglite#1106; db/pglite-lock.ts), and the README sends production to Postgres.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { api, login, typedApi } from './harness/http.ts';
import { cleanup } from './harness/registry.ts';
import { startServer } from './harness/servers.ts';
import { FULL, ROOT } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const ROUNDS = FULL ? 8 : 2;
const KILL_AFTER_MS: [number, number] = FULL ? [300, 3_000] : [300, 1_200];
const WRITERS = 2;
// A restart must answer one way or the other within this: healthy, or exited with its message.
const RESTART_BOUND_MS = 90_000;
const run = crypto.randomUUID().slice(0, 8);
const dir = mkdtempSync(path.join(tmpdir(), 'pglite-kill-'));
const folder = path.join(dir, 'pglite');
const env = { PGLITE_DIR: folder, CONTACT_LIMIT_PER_10_MIN: '1000000' };

let server: AppServer;
let firstStartMs = 0;

beforeAll(async () => {
  server = await startServer({ name: 'pglite', databaseUrl: '', env });
  // A fresh folder: PGlite initialises, then migrates and seeds (several seconds).
  firstStartMs = await server.waitHealthy(RESTART_BOUND_MS);
}, RESTART_BOUND_MS + 60_000);

afterAll(async () => {
  await cleanup();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('a second process on the same PGLITE_DIR is refused with a message naming the folder', async () => {
  const second = await startServer({ name: 'second', databaseUrl: '', env });
  const timer = setTimeout(() => second.proc.kill('SIGKILL'), 30_000);
  const startedAt = performance.now();
  await second.proc.exited;
  clearTimeout(timer);
  const exitMs = performance.now() - startedAt;
  const stopped = await second.stop();
  const message = second.lines.find((line) => line.includes('is in use by process')) ?? '(none)';
  const firstStillHealthy = (await fetch(server.url('/api/health'))).status;

  figures('Test 5: second process on a PGlite folder', {
    'second process: exit code / after (ms)': `${stopped.exitCode} / ${Math.round(exitMs)}`,
    'its message': message,
    'first process /api/health after': firstStillHealthy,
  });
  expect(stopped.signalCode).toBeNull();
  expect(stopped.exitCode).toBe(1);
  expect(message).toContain(`The database folder ${folder} is in use by process ${server.pid}.`);
  expect(firstStillHealthy).toBe(200);
});

test('the README names Postgres for production', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('Use Postgres in production; PGlite is for a single process on one machine.');
});

/** Posts contact messages with unique markers until the server is gone; the 201s are the acknowledged ones. */
async function writer(loop: number, round: number, acknowledged: string[], statuses: Record<string, number>) {
  for (let n = 0; server.running; n++) {
    const message = `PGlite kill ${run}-${round}-${loop}-${n}`;
    try {
      const response = await api(server, 'POST', '/api/contact', {
        body: { name: 'Fault Writer', email: 'writer@example.com', message },
        timeoutMs: 10_000,
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) acknowledged.push(message);
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
      return;
    }
  }
}

test(
  `kill -9 during writes on PGlite, ${ROUNDS} rounds: each restart keeps every acknowledged write or exits naming the folder`,
  async () => {
    const rssStart = server.rssMb();
    const acknowledged: string[] = [];
    const statuses: Record<string, number> = {};
    const killedAfter: number[] = [];
    const restartMs: number[] = [];
    const outcomes: string[] = [];
    const exitMessages: string[] = [];
    let cookie = await login(server);

    for (let round = 0; round < ROUNDS; round++) {
      const loops = Array.from({ length: WRITERS }, (_, loop) => writer(loop, round, acknowledged, statuses));
      const wait = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
      killedAfter.push(Math.round(wait));
      await sleep(wait);
      await server.kill9();
      await Promise.all(loops);

      // Started again on the same folder and port. It must end up healthy or exit, within the bound.
      server = await startServer({ name: 'pglite', databaseUrl: '', env, port: server.port });
      const started = performance.now();
      const healthy = server.waitHealthy(RESTART_BOUND_MS).then(
        (ms) => ms,
        () => undefined,
      );
      const ms = await healthy;
      if (ms !== undefined) {
        outcomes.push('up');
        restartMs.push(Math.round(ms));
        continue;
      }
      outcomes.push(server.running ? 'hung' : 'exited');
      restartMs.push(Math.round(performance.now() - started));
      exitMessages.push(server.lines.slice(-5).join(' | '));
      break;
    }

    // ---- What survived: the inbox through the admin API (the folder is this server's alone).
    let missing: string[] = [];
    let doubled: string[] = [];
    let storedOfRun = 0;
    if (server.running) {
      cookie = await login(server).catch(() => cookie);
      // Every page of the inbox, 100 at a time: a run stores more messages than one page holds.
      const messages: string[] = [];
      for (let page = 1; ; page += 1) {
        const inbox = await typedApi(server, { cookie }).adminApi['contact-messages'].$get({
          query: { page: String(page), pageSize: '100' },
        });
        expect(inbox.status).toBe(200);
        const rows = await inbox.json();
        messages.push(...rows.map((row) => row.message));
        if (rows.length < 100) break;
      }
      const counts = new Map<string, number>();
      for (const message of messages) if (message.startsWith(`PGlite kill ${run}-`)) counts.set(message, (counts.get(message) ?? 0) + 1);
      storedOfRun = counts.size;
      missing = acknowledged.filter((message) => !counts.has(message));
      doubled = [...counts].filter(([, n]) => n > 1).map(([message]) => message);
    }
    const problems = server.problems();
    const rssEnd = server.rssMb();
    const stopped = await server.stop();
    const lockLeft = existsSync(`${folder}.lock`);

    figures('Test 5: kill -9 with PGlite', {
      rounds: ROUNDS,
      'first start on a fresh folder → healthy (ms)': Math.round(firstStartMs),
      'killed after (ms)': killedAfter.join(', '),
      'restart outcomes': outcomes.join(', '),
      'restart → healthy (ms)': restartMs.join(', '),
      'answers before each kill': statusSummary(statuses),
      'acknowledged messages / stored (of this run)': `${acknowledged.length} / ${storedOfRun}`,
      'acknowledged but missing / stored twice': `${missing.length} / ${doubled.length}`,
      // A message committed just before the kill whose 201 never left the process: not a loss.
      'stored without a 201 (answer cut by the kill)': storedOfRun - (acknowledged.length - missing.length),
      'exit messages (when a restart gave up)': exitMessages.join(' // ') || 'none',
      'RSS first start / last restart (MB)': `${rssStart} / ${rssEnd}`,
      'SIGTERM at the end: exit code / lock file left': `${stopped.exitCode} / ${lockLeft}`,
      'log lines that mean a bug (last instance)': problems.length,
    });

    expect(outcomes).not.toContain('hung');
    // Either every restart came up, or the one that did not said which folder it could not open.
    if (outcomes.includes('exited')) expect(exitMessages.join(' ')).toContain(folder);
    else {
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(missing).toEqual([]);
      expect(doubled).toEqual([]);
      expect(storedOfRun).toBeGreaterThanOrEqual(acknowledged.length);
      expect(stopped.exitCode).toBe(0);
      expect(lockLeft).toBe(false);
    }
    expect(problems).toEqual([]);
  },
  ROUNDS * (RESTART_BOUND_MS + 10_000) + 60_000,
);
