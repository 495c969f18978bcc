// The operator commands, run as an operator would: separate processes on one database folder, the
// password piped in or typed on a terminal (a pseudo-terminal from util-linux `script`).
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '#db/pglite-options.ts';

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
  // No message repeats the password, whatever became of it.
  const password = stdin.split('\n')[0]!;
  expect(stdout).not.toContain(password);
  expect(stderr).not.toContain(password);
  return { stdout, stderr, code };
}

const scriptCommand = Bun.which('script');

/**
 * Runs the command on a pseudo-terminal (`script -qec`, util-linux) and types each key string once
 * the screen shows the text before it, as a person would; answers everything the terminal showed.
 */
async function onTerminal(command: string, steps: Array<[waitFor: string, keys: string]>) {
  const child = Bun.spawn([scriptCommand!, '-qec', command, '/dev/null'], { env, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' });
  let screen = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) screen += decoder.decode(chunk, { stream: true });
  })();
  for (const [waitFor, keys] of steps) {
    const deadline = Date.now() + 30_000;
    while (!screen.includes(waitFor) && Date.now() < deadline) await Bun.sleep(20);
    if (!screen.includes(waitFor)) throw new Error(`the terminal never showed ${JSON.stringify(waitFor)}: ${JSON.stringify(screen)}`);
    child.stdin.write(keys);
    await child.stdin.flush();
  }
  const code = await child.exited;
  await reading;
  return { screen, code };
}

async function storedUser(email: string) {
  const db = new PGlite(env.PGLITE_DIR, { extensions: PGLITE_EXTENSIONS });
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

test('admin:create refuses a word of the 10,000 most common passwords made to meet the rules, and takes one ranked past them', async () => {
  // "gadget" is ranked 5,001 in @zxcvbn-ts/language-common; "tetris" 10,033.
  const deep = await run('scripts/admin-create.ts', ['--email', 'deep@example.com'], 'Gadget1!\n');
  expect(deep.code).toBe(1);
  expect(deep.stderr).toContain('password: This password is too common. Please choose another.');
  expect(await storedUser('deep@example.com')).toBeUndefined();

  const past = await run('scripts/admin-create.ts', ['--email', 'past@example.com', '--role', 'user'], 'Tetris2024!\n');
  expect(past.code).toBe(0);
  expect(past.stdout).toContain('Created user past@example.com');
}, 120_000);

test.skipIf(!scriptCommand)(
  'admin:create on a terminal asks twice and never echoes the typed password',
  async () => {
    const typed = 'Typed-0n-Terminal!';
    const created = await onTerminal('bun scripts/admin-create.ts --email typed@example.com', [
      ['Password for typed@example.com: ', `${typed}\r`],
      ['Repeat it: ', `${typed}\r`],
    ]);
    expect(created.screen).toContain('Created admin typed@example.com');
    expect(created.code).toBe(0);
    expect(created.screen).not.toContain(typed);
    expect(created.screen).not.toContain('*');
    expect(await Bun.password.verify(typed, (await storedUser('typed@example.com'))!.password_hash)).toBe(true);

    // Backspace and Ctrl-U edit what was typed, unseen.
    const edited = await onTerminal('bun scripts/admin-create.ts --email edited@example.com --role user', [
      ['Password for edited@example.com: ', 'wrong\u0015Edited-Passw0rdX\u007f!\r'],
      ['Repeat it: ', 'Edited-Passw0rd!\r'],
    ]);
    expect(edited.code).toBe(0);
    expect(edited.screen).not.toContain('Edited-Passw0rd');
    expect(await Bun.password.verify('Edited-Passw0rd!', (await storedUser('edited@example.com'))!.password_hash)).toBe(true);

    const mismatch = await onTerminal('bun scripts/admin-create.ts --email mismatch@example.com', [
      ['Password for mismatch@example.com: ', 'First-Passw0rd!\r'],
      ['Repeat it: ', 'Second-Passw0rd!\r'],
    ]);
    expect(mismatch.screen).toContain("Passwords don't match");
    expect(mismatch.code).toBe(1);
    expect(mismatch.screen).not.toContain('Passw0rd');
    expect(await storedUser('mismatch@example.com')).toBeUndefined();

    // A refused password is not repeated either.
    const common = await onTerminal('bun scripts/admin-create.ts --email common-typed@example.com', [
      ['Password for common-typed@example.com: ', 'Welcome123!\r'],
      ['Repeat it: ', 'Welcome123!\r'],
    ]);
    expect(common.screen).toContain('password: This password is too common. Please choose another.');
    expect(common.code).toBe(1);
    expect(common.screen).not.toContain('Welcome123!');

    const cancelled = await onTerminal('bun scripts/admin-create.ts --email cancelled@example.com', [
      ['Password for cancelled@example.com: ', 'Half-typed\u0003'],
    ]);
    expect(cancelled.screen).toContain('Cancelled.');
    expect(cancelled.code).toBe(130);
    expect(cancelled.screen).not.toContain('Half-typed');
    expect(await storedUser('cancelled@example.com')).toBeUndefined();
  },
  180_000,
);

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

  const deep = await run('scripts/admin-reset-password.ts', ['--email', 'owner@example.com'], 'Greedisgood1!\n');
  expect(deep.code).toBe(1);
  expect(deep.stderr).toContain('This password is too common. Please choose another.');
  expect(await Bun.password.verify('N3w!Passw0rd', (await storedUser('owner@example.com'))!.password_hash)).toBe(true);
}, 120_000);

test.skipIf(!scriptCommand)(
  'admin:reset-password on a terminal never echoes the typed password',
  async () => {
    const typed = 'Reset-0n-Terminal!';
    const reset = await onTerminal('bun scripts/admin-reset-password.ts --email owner@example.com', [
      ['New password for owner@example.com: ', `${typed}\r`],
      ['Repeat it: ', `${typed}\r`],
    ]);
    expect(reset.screen).toContain('Password reset for owner@example.com');
    expect(reset.code).toBe(0);
    expect(reset.screen).not.toContain(typed);
    expect(await Bun.password.verify(typed, (await storedUser('owner@example.com'))!.password_hash)).toBe(true);

    const mismatch = await onTerminal('bun scripts/admin-reset-password.ts --email owner@example.com', [
      ['New password for owner@example.com: ', 'Other-Passw0rd!\r'],
      ['Repeat it: ', 'Other-Passw0rd?\r'],
    ]);
    expect(mismatch.screen).toContain("Passwords don't match");
    expect(mismatch.code).toBe(1);
    expect(mismatch.screen).not.toContain('Other-Passw0rd');
    expect(await Bun.password.verify(typed, (await storedUser('owner@example.com'))!.password_hash)).toBe(true);
  },
  180_000,
);
