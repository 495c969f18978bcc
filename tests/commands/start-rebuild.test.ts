// `bun run start` never serves a build older than its sources (issue 18): a build whose stamp does
// not match the sources is rebuilt first, with one log line saying why. The decision itself is
// tested in tests/unit/build-stamp.test.ts (a current build is served as it is); this runs the real
// command on a build folder of its own.
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeStamp } from '#scripts/lib/build-stamp.ts';
import { freePort } from '#scripts/lib/disposable-postgres.ts';

const ROOT = path.resolve(import.meta.dir, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'start-rebuild-'));
// Build folders inside the project: Waku writes its build only under the project root.
const distDirs = mkdtempSync(path.join(ROOT, '.dist-start-test-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(distDirs, { recursive: true, force: true });
});

/** A "build" that answers every request with this text: what an outdated build would serve. */
function fakeBuild(distDir: string, digest: string) {
  mkdirSync(path.join(distDir, 'server'), { recursive: true });
  mkdirSync(path.join(distDir, 'public'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'server/index.js'),
    "export const unstable_serverEntry = { fetch: () => new Response('fake build') };\n",
  );
  writeStamp(distDir, digest);
}

/** Starts the command, waits until it serves, and returns its output so far and one page. */
async function start(name: string) {
  const port = await freePort();
  const child = Bun.spawn(['bun', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DIST_DIR: path.join(distDirs, name),
      PGLITE_DIR: path.join(dir, `${name}-db`),
      DATABASE_URL: '',
      PORT: String(port),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) output += decoder.decode(chunk, { stream: true });
  })();
  try {
    // A full build: about 20 s on a quiet machine, minutes on a busy one.
    const deadline = Date.now() + 280_000;
    while (!output.includes('Serving on') && Date.now() < deadline && child.exitCode === null) await Bun.sleep(100);
    if (!output.includes('Serving on')) throw new Error(`never served: ${output}${await new Response(child.stderr).text()}`);
    const page = await (await fetch(`http://127.0.0.1:${port}/about`)).text();
    return { output, page };
  } finally {
    child.kill();
    await child.exited;
    await reading;
  }
}

test('a build from other sources is rebuilt before anything is served, and says so', async () => {
  fakeBuild(path.join(distDirs, 'stale'), 'a digest of older sources');
  const { output, page } = await start('stale');
  expect(output).toContain('The sources changed since the last build: rebuilding the site before serving it');
  expect(page).not.toBe('fake build');
  expect(page).toContain('<html');
}, 300_000);
