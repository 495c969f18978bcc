import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceDigest, staleReason, writeStamp } from '#scripts/lib/build-stamp.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project with a few sources and a build folder holding a server bundle. */
function project(name: string) {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'src/pages'), { recursive: true });
  mkdirSync(path.join(root, 'server'), { recursive: true });
  writeFileSync(path.join(root, 'src/pages/index.tsx'), 'export default () => null;');
  writeFileSync(path.join(root, 'server/app.ts'), 'export {};');
  writeFileSync(path.join(root, 'package.json'), '{}');
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'server/index.js'), '');
  return { root, dist };
}

test('no bundle: a build is needed', () => {
  const { root } = project('none');
  expect(staleReason(root, path.join(root, 'elsewhere'))).toBe('No build found');
});

test('a stamped build is current until a source changes, whatever the file times say', () => {
  const { root, dist } = project('stamped');
  writeStamp(dist, sourceDigest(root));
  expect(staleReason(root, dist)).toBeNull();
  // A checkout that only touches files (new times, same content) needs no build.
  const future = new Date(Date.now() + 60_000);
  utimesSync(path.join(root, 'server/app.ts'), future, future);
  expect(staleReason(root, dist)).toBeNull();
  // A changed, added or removed source does, even with an older time than the build.
  const past = new Date(Date.now() - 3_600_000);
  writeFileSync(path.join(root, 'server/app.ts'), 'export const changed = 1;');
  utimesSync(path.join(root, 'server/app.ts'), past, past);
  expect(staleReason(root, dist)).toBe('The sources changed since the last build');
  writeStamp(dist, sourceDigest(root));
  writeFileSync(path.join(root, 'src/pages/new.tsx'), '');
  expect(staleReason(root, dist)).toBe('The sources changed since the last build');
  rmSync(path.join(root, 'src/pages/new.tsx'));
  expect(staleReason(root, dist)).toBeNull();
  writeFileSync(path.join(root, 'bun.lock'), '{}');
  expect(staleReason(root, dist)).toBe('The sources changed since the last build');
});

test('an unstamped build (a bare `waku build`) is stale when a source is newer than its bundle', () => {
  const { root, dist } = project('unstamped');
  const past = new Date(Date.now() - 3_600_000);
  for (const file of ['src/pages/index.tsx', 'server/app.ts', 'package.json']) utimesSync(path.join(root, file), past, past);
  expect(staleReason(root, dist)).toBeNull();
  writeFileSync(path.join(root, 'server/app.ts'), 'export const changed = 1;');
  expect(staleReason(root, dist)).toBe('The build is older than the sources');
});
