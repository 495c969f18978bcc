// `bun run test`: every test, each runner writing JUnit XML to test-results/, then one closing
// line "N passed, N failed, N skipped" totalled over all of them. Exits non-zero on any failure.
// First it makes sure the machine has Chromium and the Postgres server (scripts/lib/test-tools.ts);
// TEST_TOOLS_ONLY=1 stops there (the README's commands are tested so, tests/commands).
//   0. strict type-check (tsc --noEmit), then lint and format check (Biome): any error fails the run
//   1. unit + API tests on PGlite (bun test)
//   2. the API tests again on a disposable real Postgres server
//   3. browser journeys (Playwright, Debian Chromium) against the production build
//   4. the short fault tests (tests/fault, docs/reliability.md) against that build, each on its own
//      disposable Postgres and production servers (`bun run test:fault` runs the full ones)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DisposablePostgres, freePort, startPostgres } from './lib/disposable-postgres.ts';
import { junitFailures, junitTotals, type Totals } from './lib/junit.ts';
import { ensureTestTools } from './lib/test-tools.ts';

const toolsProblem = await ensureTestTools();
if (toolsProblem) {
  console.error(toolsProblem);
  process.exit(1);
}
if (process.env.TEST_TOOLS_ONLY === '1') {
  console.log('The tests have what they need: Chromium and the Postgres server.');
  process.exit(0);
}

const RESULTS_DIR = 'test-results';
const RUN_STARTED_AT = Date.now();

interface StepResult extends Totals {
  name: string;
  exitCode: number;
  /** The failed test cases, named in the summary (the last lines a CI log keeps). */
  failures?: string[];
}

const results: StepResult[] = [];

function heading(text: string) {
  console.log(`\n${'='.repeat(72)}\n${text}\n${'='.repeat(72)}`);
}

async function step(name: string, command: string[], junitFile: string, env: Record<string, string | undefined> = {}) {
  heading(name);
  rmSync(junitFile, { force: true });
  const child = Bun.spawn(command, {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, ...env },
  });
  const exitCode = await child.exited;
  const report = existsSync(junitFile) ? readFileSync(junitFile, 'utf8') : '';
  const totals = junitTotals(report);
  // A runner that failed without reporting a failing test (a crash, a broken config) still counts as a failure.
  if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
  results.push({ name, exitCode, ...totals, failures: junitFailures(report) });
  console.log(`\n${name}: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

/** A step without test cases (the linter): one check, passed or failed by its exit code. */
async function check(name: string, command: string[]) {
  heading(name);
  const exitCode = await Bun.spawn(command, { stdout: 'inherit', stderr: 'inherit' }).exited;
  const passed = exitCode === 0 ? 1 : 0;
  results.push({ name, exitCode, passed, failed: 1 - passed, skipped: 0 });
  console.log(`\n${name}: ${passed} passed, ${1 - passed} failed, 0 skipped`);
}

mkdirSync(RESULTS_DIR, { recursive: true });
const bunTest = (file: string, ...paths: string[]) => [
  'bun',
  'test',
  ...paths,
  '--reporter=junit',
  `--reporter-outfile=${path.join(RESULTS_DIR, file)}`,
];

// The fault tests whose short variant runs here, each named: the others (tests 2, 3, 5, 9, 10 and
// 11; test 3 waits out a 30 s retry window, test 9 holds load for 60 s) run only in
// `bun run test:fault`, which takes the whole folder in full length.
const SHORT_FAULT_TESTS = [
  'postgres-restart',
  'kill-9',
  'sigterm-drain',
  'two-instances',
  'solo-instance',
  'slow-clients',
  'outbox',
  'newsletter',
  'analytics',
  'driver-closed-socket',
  'booking',
  'credits',
  'payments',
  'calendar-sync',
  'hostile-json',
  'proxy-topology',
  'sessions',
  'post-editor',
  'cache-acks',
  'workers',
].map((name) => `./tests/fault/${name}.fault.ts`);

// The fault tests are named *.fault.ts so that a plain `bun test` (bunfig's root, tests/) leaves
// them out: they start their own servers and run in step 4.
await check('Type-check (tsc --noEmit, strict)', ['bun', 'run', 'typecheck']);
await check('Lint and format (Biome)', ['bun', 'run', 'lint']);

await step(
  'Unit and API tests on PGlite (embedded)',
  bunTest('junit-pglite.xml', './tests/unit', './tests/api', './tests/commands'),
  path.join(RESULTS_DIR, 'junit-pglite.xml'),
  { DATABASE_URL: '' },
);

let postgres: DisposablePostgres | undefined;
try {
  postgres = await startPostgres();
  await step(
    `API tests on a real Postgres server (${postgres.version}, 127.0.0.1:${postgres.port})`,
    bunTest('junit-postgres.xml', './tests/api'),
    path.join(RESULTS_DIR, 'junit-postgres.xml'),
    { DATABASE_URL: postgres.url },
  );
} catch (error) {
  console.error(`Could not start a disposable Postgres server: ${(error as Error).message}`);
  results.push({ name: 'API tests on Postgres', exitCode: 1, passed: 0, failed: 1, skipped: 0 });
} finally {
  await postgres?.stop();
}

heading('Production build');
const build = Bun.spawnSync(['bun', '--bun', 'waku', 'build'], { stdout: 'inherit', stderr: 'inherit' });
if (build.exitCode === 0) {
  const e2eDir = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  try {
    await step(
      'Browser tests (Playwright, Chromium) against the production build',
      ['bun', '--bun', 'playwright', 'test'],
      path.join(RESULTS_DIR, 'junit-browser.xml'),
      {
        E2E_PORT: String(await freePort()),
        E2E_PGLITE_DIR: path.join(e2eDir, 'pglite'),
        E2E_SMTP_PORT: String(await freePort()),
        E2E_STRIPE_PORT: String(await freePort()),
        E2E_MAIL_DIR: path.join(e2eDir, 'mail'),
        E2E_JUNIT: path.join(RESULTS_DIR, 'junit-browser.xml'),
      },
    );
  } finally {
    rmSync(e2eDir, { recursive: true, force: true });
  }
  await step(
    'Fault tests (short) on Postgres and production servers',
    [
      'bun',
      'test',
      ...SHORT_FAULT_TESTS,
      '--timeout',
      '600000',
      '--reporter=junit',
      `--reporter-outfile=${path.join(RESULTS_DIR, 'junit-fault.xml')}`,
    ],
    path.join(RESULTS_DIR, 'junit-fault.xml'),
    // The build just made; FAULT_FULL stays unset, so every test runs its short variant.
    { FAULT_DIST_DIR: 'dist', FAULT_FULL: '' },
  );
} else {
  results.push({ name: 'Production build', exitCode: build.exitCode ?? 1, passed: 0, failed: 1, skipped: 0 });
}

// Optional, last (docs/decisions.md: test-suite monitoring): RECORD_TEST_RESULTS=1 records this run's
// reports as test runs in the database at RECORD_DATABASE_URL, for /admin/test-results. Only
// reports written by this run count; a failure to record is reported but fails no test.
if (process.env.RECORD_TEST_RESULTS === '1' && process.env.RECORD_DATABASE_URL) {
  heading('Recording the test results');
  const reports = ['junit-pglite.xml', 'junit-postgres.xml', 'junit-browser.xml', 'junit-fault.xml']
    .map((file) => path.join(RESULTS_DIR, file))
    .filter((file) => existsSync(file) && statSync(file).mtimeMs >= RUN_STARTED_AT);
  const record =
    reports.length > 0 &&
    Bun.spawnSync(['bun', 'scripts/record-tests.ts', ...reports], {
      stdout: 'inherit',
      stderr: 'inherit',
      env: { ...process.env, DATABASE_URL: process.env.RECORD_DATABASE_URL },
    });
  if (!record) console.log('No reports were written by this run: nothing recorded.');
  else if (record.exitCode !== 0) console.error('Recording the test results failed; the results below stand.');
}

heading('Summary');
for (const r of results) {
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
  for (const failure of r.failures ?? []) console.log(`  failed: ${failure}`);
}
const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || results.some((r) => r.exitCode !== 0) ? 1 : 0);
