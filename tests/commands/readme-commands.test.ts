// The README's Quick start is two commands (issue 38), and they are what works: this reads them
// from README.md and runs them. The run command serves a (stamped, so not rebuilt) build; the test
// command stops after its prerequisite check (TEST_TOOLS_ONLY), since it would otherwise run this
// suite again. The branches a bare machine takes are run with fake `npm` and `apt-get`.
import { afterAll, describe, expect, test } from 'bun:test';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceDigest, writeStamp } from '#scripts/lib/build-stamp.ts';
import { freePort } from '#scripts/lib/disposable-postgres.ts';

const ROOT = path.resolve(import.meta.dir, '../..');
const BUN_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1] as string;
const scratch = mkdtempSync(path.join(tmpdir(), 'readme-commands-'));
// Build folders inside the project: Waku writes its build only under the project root.
const distDir = mkdtempSync(path.join(ROOT, '.dist-readme-test-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

/** The shell commands of the README's Quick start, in order. */
function quickStart(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
}

async function run(command: string, env: Record<string, string>, options: { timeoutMs?: number } = {}) {
  const child = Bun.spawn(['/bin/sh', '-c', command], { cwd: ROOT, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const timer = setTimeout(() => child.kill(), options.timeoutMs ?? 120_000);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(timer);
  return { stdout, stderr, exitCode };
}

/** A folder of fake tools: each records its arguments in `<name>.args` and exits with `exitCode`. */
function fakeTools(names: string[], exitCode: number, linked: string[] = []): string {
  const bin = mkdtempSync(path.join(scratch, 'bin-'));
  for (const name of names) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\necho "$@" >> "${bin}/${name}.args"\nexit ${exitCode}\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  for (const tool of linked) symlinkSync(Bun.which(tool)!, path.join(bin, tool));
  return bin;
}

test('the Quick start is exactly two commands: run and test', () => {
  expect(quickStart()).toEqual(['sh scripts/bootstrap.sh run', 'sh scripts/bootstrap.sh test']);
});

/** Runs the README's run command on `dbDir` until it serves; its output, and one answer from it. */
async function serveOnce(runCommand: string, dbDir: string) {
  const port = await freePort();
  // Its own process group: the server is a grandchild (bun run start → bun scripts/start.ts), stopped with the group.
  const child = Bun.spawn(['setsid', '/bin/sh', '-c', runCommand], {
    cwd: ROOT,
    env: {
      ...process.env,
      DIST_DIR: distDir,
      PGLITE_DIR: dbDir,
      DATABASE_URL: '',
      PORT: String(port),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SITE_URL: '',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const reading = (async () => {
    for await (const chunk of child.stdout) output += new TextDecoder().decode(chunk);
  })();
  try {
    const deadline = Date.now() + 120_000;
    while (!output.includes('Serving on') && Date.now() < deadline && child.exitCode === null) await Bun.sleep(100);
    expect(output + (child.exitCode === null ? '' : await new Response(child.stderr).text())).toContain('Serving on');
    return { port, output, page: await (await fetch(`http://127.0.0.1:${port}/`)).text() };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await child.exited;
    await reading;
  }
}

test('the run command installs the dependencies and serves the site; the first start prints where to sign in, once', async () => {
  const [runCommand] = quickStart();
  // A build stamped with the sources' digest: served as it is, without a minute of building.
  mkdirSync(path.join(distDir, 'server'), { recursive: true });
  mkdirSync(path.join(distDir, 'public'), { recursive: true });
  writeFileSync(path.join(distDir, 'server/index.js'), "export const unstable_serverEntry = { fetch: () => new Response('the site') };\n");
  writeStamp(distDir, sourceDigest(ROOT));
  const dbDir = path.join(scratch, 'db');

  const first = await serveOnce(runCommand!, dbDir);
  expect(first.page).toBe('the site');
  const signIn = new RegExp(`Sign in at http://localhost:${first.port}/admin/login as \\S+ with password \\S+`, 'g');
  expect(first.output.match(signIn)).toHaveLength(1);

  const second = await serveOnce(runCommand!, dbDir);
  expect(second.page).toBe('the site');
  expect(second.output).not.toContain('with password');
}, 280_000);

test('the test command gets to the suites: Bun, the dependencies and the test tools are there', async () => {
  const [, testCommand] = quickStart();
  const { stdout, exitCode } = await run(testCommand!, { TEST_TOOLS_ONLY: '1' });
  expect(stdout).toContain('The tests have what they need: Chromium and the Postgres server.');
  expect(exitCode).toBe(0);
});

describe('on a bare machine', () => {
  test('without Bun, the pinned version is installed from npm (here a fake npm that fails: the message says what to run)', async () => {
    // Only node, dirname and a fake npm on the PATH: no Bun.
    const bin = fakeTools(['npm'], 1, ['node', 'dirname']);
    const { stderr, exitCode } = await run(`/bin/sh scripts/bootstrap.sh run`, { PATH: bin, HOME: scratch });
    expect(readFileSync(path.join(bin, 'npm.args'), 'utf8').trim().split('\n')).toEqual([
      `install -g bun@${BUN_VERSION}`,
      `install -g --prefix ${scratch}/.local bun@${BUN_VERSION}`,
    ]);
    expect(stderr).toContain(`Could not install Bun. Install it, then run this command again: npm install -g bun@${BUN_VERSION}`);
    expect(exitCode).toBe(1);
  });

  test('without Chromium, a user who may not install is told the exact apt-get command, at once', async () => {
    const { stderr, exitCode } = await run('bun scripts/test.ts', {
      CHROMIUM_PATH: path.join(scratch, 'no-chromium'),
      TEST_TOOLS_INSTALL: 'never',
      TEST_TOOLS_ONLY: '1',
    });
    expect(stderr).toContain(
      'The tests need chromium. Install them as root, then run the tests again:\n  apt-get update && apt-get install -y --no-install-recommends chromium',
    );
    expect(exitCode).toBe(1);
  });

  test('without Chromium, root installs it from apt (here a fake apt-get)', async () => {
    const bin = fakeTools(['apt-get'], 0);
    const { stdout, stderr, exitCode } = await run('bun scripts/test.ts', {
      PATH: `${bin}:${process.env.PATH}`,
      CHROMIUM_PATH: path.join(scratch, 'no-chromium'),
      // What root gets by default (this suite may run as another user).
      TEST_TOOLS_INSTALL: 'apt',
      TEST_TOOLS_ONLY: '1',
    });
    expect(stdout).toContain('Installing what the tests need: apt-get update && apt-get install -y --no-install-recommends chromium');
    expect(readFileSync(path.join(bin, 'apt-get.args'), 'utf8').trim().split('\n')).toEqual([
      'update',
      'install -y --no-install-recommends chromium',
    ]);
    // The fake installed nothing: the run stops rather than fail later in the browser tests.
    expect(stderr).toContain('Could not install chromium');
    expect(exitCode).toBe(1);
  });
});
