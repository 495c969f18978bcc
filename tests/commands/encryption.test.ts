// Encryption at rest as an operator meets it (issue 35 §6), on a real PGlite folder: session notes
// written under one key leave no readable word in a `bun run backup` file (while the booking's own
// name is there, so the search does find what is stored in the clear); `bun run rotate-key` with a
// wrong key says so and changes nothing, and with the old key as ENCRYPTION_KEY_PREVIOUS
// re-encrypts every note so that the new key alone reads them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '#db/pglite-options.ts';
import { keyIdOfSealed, seal, unseal } from '#server/crypto/sealed-text.ts';
import { notesContext } from '#server/services/practice/session-notes.ts';
import { setEnv } from '../helpers/env.ts';

const ROOT = path.resolve(import.meta.dir, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'encryption-test-'));
const dir = path.join(work, 'pglite');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');
const NOTES = {
  privateNotes: 'She fears the Zanzibar acquisition will fail.',
  sharedNotes: 'Prepare the Kilimanjaro board paper.',
  actionItems: [{ text: 'Call the Serengeti chair', done: false }],
};
const SECRET_WORDS = ['Zanzibar', 'Kilimanjaro', 'Serengeti'];

async function run(args: string[], env: Record<string, string | undefined>) {
  const child = Bun.spawn(['bun', 'run', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: dir, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner-Passw0rd!', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

async function withDatabase<T>(use: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

const storedNotes = () =>
  withDatabase(async (db) => (await db.query<{ booking_id: number; sealed: string }>('select booking_id, sealed from session_notes')).rows);

let bookingId: number;

beforeAll(async () => {
  expect((await run(['db:seed'], {})).code).toBe(0);
  const undo = setEnv({ ENCRYPTION_KEY: KEY_A, ENCRYPTION_KEY_PREVIOUS: undefined });
  try {
    await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: number }>(
        `insert into bookings (uid, session_type_id, starts_at, ends_at, name, email, topic, time_zone)
         values ('enc-1@coach', (select id from session_types where intro), '2030-01-07 09:00+00', '2030-01-07 09:30+00',
                 'Noor Haddad', 'noor@example.com', null, 'UTC') returning id`,
      );
      bookingId = rows[0]!.id;
      const sealed = await seal(JSON.stringify(NOTES), notesContext(bookingId));
      await db.query('insert into session_notes (booking_id, sealed) values ($1, $2)', [bookingId, sealed]);
    });
  } finally {
    undo();
  }
}, 120_000);

describe('encryption at rest', () => {
  test('a backup file holds the booking in the clear but not a word of its notes', async () => {
    const file = path.join(work, 'site.backup');
    const backup = await run(['backup', '--', file], {});
    expect(backup.code).toBe(0);
    const contents = gunzipSync(readFileSync(file)).toString('latin1');
    expect(contents).toContain('Noor Haddad');
    for (const word of SECRET_WORDS) expect(contents).not.toContain(word);
  }, 120_000);

  test('rotate-key with a previous key that is not the notes’ key reports them and changes nothing', async () => {
    const before = await storedNotes();
    const wrong = await run(['rotate-key'], { ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: randomBytes(32).toString('base64') });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain(
      'Re-encrypted with the new key: 0 session notes, 0 emails in the outbox, 0 calendar passwords and addresses.',
    );
    expect(wrong.stderr).toContain(`The notes of booking ${bookingId}: This text was encrypted with another key`);
    expect(await storedNotes()).toEqual(before);

    const noKey = await run(['rotate-key'], { ENCRYPTION_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('Encryption is not set up: set ENCRYPTION_KEY');
  }, 120_000);

  test('rotate-key re-encrypts with the new key; the new key alone then reads every note', async () => {
    const rotated = await run(['rotate-key'], { ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A });
    expect(rotated.stderr.replace(/^\$ .*\n?/m, '')).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain(
      'Re-encrypted with the new key: 1 session notes, 0 emails in the outbox, 0 calendar passwords and addresses.',
    );
    expect(rotated.stdout).toContain('ENCRYPTION_KEY_PREVIOUS can be removed');

    const [row] = await storedNotes();
    const undo = setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: undefined });
    try {
      expect(JSON.parse(await unseal(row!.sealed, notesContext(bookingId)))).toEqual(NOTES);
      setEnv({ ENCRYPTION_KEY: KEY_A });
      expect(keyIdOfSealed(row!.sealed)).not.toBe(keyIdOfSealed(await seal('x', 'y')));
    } finally {
      undo();
    }
  }, 120_000);
});
