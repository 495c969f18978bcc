import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseFolderInUseError, lockDatabaseFolder } from '#db/pglite-lock.ts';
import { freePort } from '#scripts/lib/disposable-postgres.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a folder can be locked once; the lock names the owner and is released', () => {
  const folder = path.join(dir, 'a');
  const release = lockDatabaseFolder(folder);
  expect(() => lockDatabaseFolder(folder)).toThrow(DatabaseFolderInUseError);
  expect(() => lockDatabaseFolder(folder)).toThrow(`The database folder ${folder} is in use by process ${process.pid}.`);
  release();
  expect(existsSync(`${folder}.lock`)).toBe(false);
  lockDatabaseFolder(folder)();
});

test("a dead process's lock is taken over", () => {
  const folder = path.join(dir, 'b');
  writeFileSync(`${folder}.lock`, '2147483646');
  const release = lockDatabaseFolder(folder);
  release();
});

test('a second process on the same folder is refused with a clear message', async () => {
  const folder = path.join(dir, 'c');
  const release = lockDatabaseFolder(folder);
  try {
    const child = Bun.spawn(['bun', 'scripts/start.ts'], {
      env: { ...process.env, PGLITE_DIR: folder, DATABASE_URL: '', PORT: String(await freePort()) },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot start: The database folder ${folder} is in use by process ${process.pid}.`);
  } finally {
    release();
  }
}, 60_000);
