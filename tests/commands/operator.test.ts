// The operator commands, run as an operator would: separate processes on one database folder.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const dir = mkdtempSync(path.join(tmpdir(), 'operator-'));
const env = {
  ...process.env,
  PGLITE_DIR: path.join(dir, 'db'),
  DATABASE_URL: '',
  ADMIN_EMAIL: 'owner@example.com',
  ADMIN_PASSWORD: 'Owner-Passw0rd!',
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(script: string, args: string[], stdin: string) {
  const child = Bun.spawn(['bun', script, ...args], { env, stdin: new TextEncoder().encode(stdin), stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

async function storedUser(email: string) {
  const db = new PGlite(env.PGLITE_DIR);
  try {
    const result = await db.query<{ role: string; password_hash: string }>('select role, password_hash from users where email = $1', [
      email,
    ]);
    return result.rows[0];
  } finally {
    await db.close();
  }
}

test('admin:create makes an account from a piped password, refusing a weak one with the policy messages', async () => {
  const weak = await run('scripts/admin-create.ts', ['--email', 'weak@example.com'], 'weak\n');
  expect(weak.code).toBe(1);
  expect(weak.stderr).toContain('password: Password must be at least 8 characters');
  // ASVS 6.2.4, docs/security.md: a password on the common list meets every rule and is refused all the same.
  const common = await run('scripts/admin-create.ts', ['--email', 'common@example.com'], 'Welcome123!\n');
  expect(common.code).toBe(1);
  expect(common.stderr).toContain('password: This password is too common. Please choose another.');

  const created = await run('scripts/admin-create.ts', ['--email', 'Coach@Example.com', '--role', 'admin'], 'Str0ng!Passw0rd\n');
  expect(created.stdout).toContain('Created admin coach@example.com');
  expect(created.code).toBe(0);
  const user = await storedUser('coach@example.com');
  expect(user?.role).toBe('admin');
  expect(await Bun.password.verify('Str0ng!Passw0rd', user!.password_hash)).toBe(true);

  const duplicate = await run('scripts/admin-create.ts', ['--email', 'coach@example.com'], 'Str0ng!Passw0rd\n');
  expect(duplicate.code).toBe(1);
  expect(duplicate.stderr).toContain('A user with this email already exists');
}, 120_000);

test('admin:reset-password sets a new password for an existing account and refuses an unknown one', async () => {
  const common = await run('scripts/admin-reset-password.ts', ['--email', 'owner@example.com'], 'P@ssw0rd123\n');
  expect(common.code).toBe(1);
  expect(common.stderr).toContain('This password is too common. Please choose another.');
  expect(await Bun.password.verify('P@ssw0rd123', (await storedUser('owner@example.com'))!.password_hash)).toBe(false);

  const reset = await run('scripts/admin-reset-password.ts', ['--email', 'owner@example.com'], 'N3w!Passw0rd\n');
  expect(reset.stdout).toContain('Password reset for owner@example.com');
  expect(reset.code).toBe(0);
  const owner = await storedUser('owner@example.com');
  expect(await Bun.password.verify('N3w!Passw0rd', owner!.password_hash)).toBe(true);

  const unknown = await run('scripts/admin-reset-password.ts', ['--email', 'nobody@example.com'], 'N3w!Passw0rd\n');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No account with the e-mail nobody@example.com.');
}, 120_000);
