// `bun run backup` and `bun run restore`, run as an operator would, on both engines: a real PGlite
// folder and a disposable real Postgres cluster of this test's own (so it needs no DATABASE_URL and
// runs in the PGlite phase of scripts/test.ts). Each database is migrated and seeded by
// `bun run db:seed`, given extra rows, backed up, restored into a fresh one, and every table
// (public, plus drizzle.__drizzle_migrations) compared by row count and an md5 of its ordered rows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { lockDatabaseFolder } from '#db/pglite-lock.ts';
import { PGLITE_EXTENSIONS } from '#db/pglite-options.ts';
import { type DisposablePostgres, startPostgres } from '#scripts/lib/disposable-postgres.ts';

const ROOT = path.resolve(import.meta.dir, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const baseEnv = {
  ...process.env,
  DATABASE_URL: '',
  PGLITE_DIR: path.join(work, 'unused'),
  ADMIN_EMAIL: 'owner@example.com',
  ADMIN_PASSWORD: 'Owner-Passw0rd!',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `bun run <script> [-- FILE]` from the repository root, as an operator types it. */
async function run(script: string, file: string | undefined, env: Record<string, string>): Promise<Run> {
  const child = Bun.spawn(['bun', 'run', script, ...(file === undefined ? [] : ['--', file])], {
    cwd: ROOT,
    env: { ...baseEnv, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

async function seed(env: Record<string, string>) {
  const seeded = await run('db:seed', undefined, env);
  expect(seeded.stderr.replace(/^\$ .*\n?/m, '')).toBe('');
  expect(seeded.code).toBe(0);
}

// Extra rows in the tables that matter most, with values that trip naive dumps: quotes, newlines,
// tabs, backslashes, non-ASCII (an emoji outside the BMP too), NULLs, jsonb, time zones,
// fractional seconds. (Not String.raw: Bun 1.4.5 turns an emoji in a raw template into \u{…}.)
const EXTRA_ROWS = `
  insert into users (email, password_hash, role, first_name, last_name) values
    ('coach.two@example.com', '$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA', 'admin', 'Zoë', 'O''Brien'),
    ('reader@example.com', 'not-a-hash', 'user', null, E'Line\\nBreak');
  insert into posts (slug, title, excerpt, content, published, published_at) values
    ('backup-round-trip', 'Backups — “quoted” & ünïcödé', 'An excerpt', E'# Heading\\n\\nA tab\\there, a backslash \\\\ and 🎯', true, '2024-02-29 12:34:56.789+00'),
    ('backup-draft', 'A draft', '', 'Draft body', false, null);
  insert into contact_messages (name, email, subject, message, ip_address, user_agent) values
    ('Visitor One', 'one@example.org', null, E'Hello,\\nI''d like to talk.', '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64)'),
    ('Visitor Two', 'two@example.org', 'Re: coaching', 'Short', null, null);
  insert into subscribers (email, first_name, status, source, confirmed_at) values
    ('sub1@example.net', 'Sub', 'active', 'footer', '2024-03-01 08:00+01'),
    ('sub2@example.net', null, 'pending', 'post', null),
    ('sub3@example.net', 'Ex', 'unsubscribed', 'import', null);
  insert into outbox_emails (kind, message_id, to_address, subject, html, text, headers, calendar) values
    ('contact_notification', '<backup-1@example.com>', 'coach@example.com', 'New message', '<p>Hi</p>', 'Hi', '{"Reply-To": "one@example.org"}', null),
    ('booking_confirmation', '<backup-2@example.com>', 'one@example.org', 'Your call', '<p>Call</p>', 'Call', '{}',
     '{"method": "REQUEST", "content": "BEGIN:VCALENDAR\\r\\nEND:VCALENDAR"}');
  insert into bookings (uid, session_type_id, starts_at, ends_at, name, email, topic, time_zone) values
    ('backup-1@coach', (select id from session_types where intro), '2030-01-07 09:00+00', '2030-01-07 09:30+00', 'Visitor One', 'one@example.org', 'Leadership', 'Europe/London'),
    ('backup-2@coach', (select id from session_types where intro), '2030-01-08 15:00+00', '2030-01-08 15:30+00', 'Visitor Two', 'two@example.org', null, 'America/New_York');
`;
const EXTRA_TABLES = ['users', 'posts', 'contact_messages', 'subscribers', 'outbox_emails', 'bookings'];

type Query = (text: string) => Promise<Record<string, unknown>[]>;
type Snapshot = Record<string, { rows: number; md5: string }>;

/** Every table's row count and md5 of its rows in order, plus each sequence's position. */
async function snapshot(query: Query): Promise<Snapshot> {
  const tables = await query(`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and (table_schema = 'public' or (table_schema = 'drizzle' and table_name = '__drizzle_migrations'))
    order by 1, 2`);
  const result: Snapshot = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as md5 from "${schema}"."${name}" t`,
    );
    result[`${schema}.${name}`] = { rows: Number(row?.rows), md5: String(row?.md5) };
  }
  const sequences = await query(
    "select schemaname || '.' || sequencename as name, coalesce(last_value, 0)::text as value from pg_sequences where schemaname in ('public', 'drizzle')",
  );
  for (const { name, value } of sequences as { name: string; value: string }[]) result[`sequence ${name}`] = { rows: 0, md5: value };
  return result;
}

async function withPglite<T>(dir: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    // exec: several statements in one go, like postgres.js's unsafe(); the rows of the last one.
    return await use(async (text) => ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[]);
  } finally {
    await client.close();
  }
}

async function withPostgres<T>(url: string, use: (query: Query) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await use(async (text) => [...(await sql.unsafe<Record<string, unknown>[]>(text))]);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** A snapshot without the backups' own record, which a backup adds to its source once its file is complete (issue 38 §2). */
const withoutBackupRecord = (snap: Snapshot): Snapshot =>
  Object.fromEntries(Object.entries(snap).filter(([name]) => name !== 'public.backups' && name !== 'sequence public.backups_id_seq'));

/** The backups recorded in a database, oldest first. */
const RECORDED_BACKUPS = 'select engine, size_bytes::int as "sizeBytes" from backups order by id';

function expectRoundTrip(source: Snapshot, restored: Snapshot) {
  expect(Object.keys(source).length).toBeGreaterThan(20);
  for (const table of EXTRA_TABLES) expect(source[`public.${table}`]?.rows).toBeGreaterThanOrEqual(2);
  expect(source['drizzle.__drizzle_migrations']?.rows).toBeGreaterThan(0);
  expect(restored).toEqual(source);
}

const isGzip = (file: string) => {
  const head = readFileSync(file).subarray(0, 2);
  return head[0] === 0x1f && head[1] === 0x8b;
};

describe('the embedded database (PGlite)', () => {
  const source = path.join(work, 'pglite-source');
  const backup = path.join(work, 'pglite.backup');
  let sourceSnapshot: Snapshot;

  beforeAll(async () => {
    await seed({ PGLITE_DIR: source });
    await withPglite(source, async (query) => {
      await query(EXTRA_ROWS);
      sourceSnapshot = await snapshot(query);
    });
  }, 120_000);

  test('backup, then restore into a new folder: every table equal', async () => {
    const backedUp = await run('backup', backup, { PGLITE_DIR: source });
    expect(backedUp.stderr.replace(/^\$ .*\n?/m, '')).toBe('');
    expect(backedUp.stdout).toContain(`Backed up the embedded database in ${source} to ${backup}`);
    expect(backedUp.code).toBe(0);
    expect(isGzip(backup)).toBe(true);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    // The source is left as it was, and unlocked.
    expect(existsSync(`${source}.lock`)).toBe(false);

    const target = path.join(work, 'pglite-restored', 'nested');
    const restored = await run('restore', backup, { PGLITE_DIR: target });
    expect(restored.stdout).toContain(`Restored ${backup} into the embedded database in ${target}`);
    expect(restored.code).toBe(0);
    expectRoundTrip(sourceSnapshot, await withPglite(target, snapshot));
    // The source changed by the backup's record alone, which names the file's engine and size.
    const after = await withPglite(source, snapshot);
    expect(withoutBackupRecord(after)).toEqual(withoutBackupRecord(sourceSnapshot));
    expect(await withPglite(source, (query) => query(RECORDED_BACKUPS))).toEqual([{ engine: 'pglite', sizeBytes: statSync(backup).size }]);
    sourceSnapshot = after;
  }, 120_000);

  test('backup refuses while the server holds the folder, saying to stop it', async () => {
    const release = lockDatabaseFolder(source);
    try {
      const file = path.join(work, 'while-running.backup');
      const refused = await run('backup', file, { PGLITE_DIR: source });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`the embedded database is in use by process ${process.pid}`);
      expect(refused.stderr).toContain('Stop the server, run the backup');
      expect(existsSync(file)).toBe(false);
    } finally {
      release();
    }
  }, 60_000);

  test('restore refuses a folder holding a database or anything else, and leaves it as it was', async () => {
    const refused = await run('restore', backup, { PGLITE_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refusing to restore: the folder ${source} already holds a database.`);
    expect(await withPglite(source, snapshot)).toEqual(sourceSnapshot);

    const cluttered = path.join(work, 'cluttered');
    mkdirSync(cluttered);
    writeFileSync(path.join(cluttered, 'notes.txt'), 'keep me');
    const refusedFolder = await run('restore', backup, { PGLITE_DIR: cluttered });
    expect(refusedFolder.code).toBe(1);
    expect(refusedFolder.stderr).toContain(`the folder ${cluttered} is not empty (1 entries)`);
    expect(readFileSync(path.join(cluttered, 'notes.txt'), 'utf8')).toBe('keep me');

    // An empty folder is fine.
    const empty = path.join(work, 'empty-folder');
    mkdirSync(empty);
    expect((await run('restore', backup, { PGLITE_DIR: empty })).code).toBe(0);
  }, 120_000);

  test('backup of a folder without a database says so and writes nothing', async () => {
    const file = path.join(work, 'nothing.backup');
    const missing = await run('backup', file, { PGLITE_DIR: path.join(work, 'no-such-db') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`No embedded database in ${path.join(work, 'no-such-db')}`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(work, 'no-such-db'))).toBe(false);
  }, 30_000);

  test('a damaged backup is refused and leaves no folder behind', async () => {
    const bytes = readFileSync(backup);
    const truncated = path.join(work, 'truncated-pglite.backup');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = path.join(work, 'from-truncated');
    const refused = await run('restore', truncated, { PGLITE_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${truncated} is damaged`);
    expect(existsSync(target)).toBe(false);

    const gzippedText = path.join(work, 'notes.gz');
    writeFileSync(gzippedText, Bun.gzipSync(new TextEncoder().encode('not a database')));
    const foreign = await run('restore', gzippedText, { PGLITE_DIR: target });
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('holds no embedded database');
    expect(existsSync(target)).toBe(false);
  }, 60_000);

  test('a PGlite backup is refused by a Postgres target', async () => {
    const refused = await run('restore', backup, { DATABASE_URL: 'postgres://nobody:Secret-Never-Used@127.0.0.1:1/none' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${backup} is a backup of the embedded database (PGlite), but DATABASE_URL is set`);
    expect(refused.stderr).not.toContain('Secret-Never-Used');
  }, 30_000);
});

describe('Postgres', () => {
  let cluster: DisposablePostgres;
  // A role that signs in with a password (scram), so the test can show it never reaches the output.
  const password = `s3cr@t-${crypto.randomUUID().slice(0, 8)}`;
  const encoded = encodeURIComponent(password);
  const coachUrl = (database: string) => `postgres://coach:${encoded}@127.0.0.1:${cluster.port}/${database}`;
  const superUrl = (database: string) => `postgres://postgres@127.0.0.1:${cluster.port}/${database}`;
  const backup = path.join(work, 'postgres.backup');
  let sourceSnapshot: Snapshot;

  const expectNoSecret = (result: Run) => {
    for (const secret of [password, encoded]) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  };

  beforeAll(async () => {
    cluster = await startPostgres('app');
    await seed({ DATABASE_URL: cluster.url });
    const hba = path.join(cluster.dir, 'data', 'pg_hba.conf');
    writeFileSync(hba, `host all coach 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
    await withPostgres(superUrl('app'), async (query) => {
      await query(`create role coach login password '${password}'`);
      await query('grant pg_read_all_data to coach');
      // Enough to record the backups it takes (README, Backups); "reader" may only read.
      await query('grant insert on backups to coach; grant usage on sequence backups_id_seq to coach');
      await query('create role reader login; grant pg_read_all_data to reader');
      for (const database of ['restored', 'conflict_target']) await query(`create database ${database} owner coach`);
      await query('select pg_reload_conf()');
      await query(EXTRA_ROWS);
      sourceSnapshot = await snapshot(query);
    });
  }, 120_000);
  afterAll(() => cluster?.stop());

  test('backup through pg_dump, then restore into a fresh database: every table equal, no password printed', async () => {
    const backedUp = await run('backup', backup, { DATABASE_URL: coachUrl('app') });
    expectNoSecret(backedUp);
    expect(backedUp.stdout).toContain(`Backed up the database app on 127.0.0.1:${cluster.port} as coach (Postgres 15`);
    expect(backedUp.code).toBe(0);
    expect(readFileSync(backup).subarray(0, 5).toString()).toBe('PGDMP');
    expect(statSync(backup).mode & 0o777).toBe(0o600);

    const restored = await run('restore', backup, { DATABASE_URL: coachUrl('restored') });
    expectNoSecret(restored);
    expect(restored.stdout).toContain(`Restored ${backup} into the database restored on 127.0.0.1:${cluster.port} as coach`);
    expect(restored.code).toBe(0);
    expectRoundTrip(sourceSnapshot, await withPostgres(superUrl('restored'), snapshot));
    // The source changed by the backup's record alone, which names the file's engine and size.
    const after = await withPostgres(superUrl('app'), snapshot);
    expect(withoutBackupRecord(after)).toEqual(withoutBackupRecord(sourceSnapshot));
    expect(await withPostgres(superUrl('app'), (query) => query(RECORDED_BACKUPS))).toEqual([
      { engine: 'postgres', sizeBytes: statSync(backup).size },
    ]);
    sourceSnapshot = after;
  }, 120_000);

  test('a role that may only read still gets its backup, with a warning that the site could not record it', async () => {
    const file = path.join(work, 'read-only.backup');
    const backedUp = await run('backup', file, { DATABASE_URL: `postgres://reader@127.0.0.1:${cluster.port}/app` });
    expect(backedUp.code).toBe(0);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(backedUp.stderr).toContain('The backup is complete, but the site could not record it (permission denied for table backups)');
    expect(backedUp.stderr).toContain('GRANT INSERT ON backups TO role');
    expect(await withPostgres(superUrl('app'), snapshot)).toEqual(sourceSnapshot);
  }, 60_000);

  test('restore refuses a database that is not empty and leaves it as it was', async () => {
    const refused = await run('restore', backup, { DATABASE_URL: coachUrl('app') });
    expectNoSecret(refused);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refusing to restore: the database app on 127.0.0.1:${cluster.port} as coach is not empty (`);
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(await withPostgres(superUrl('app'), snapshot)).toEqual(sourceSnapshot);
  }, 60_000);

  test('a wrong password or an unreachable server is a clear message without the password', async () => {
    const wrong = await run('backup', path.join(work, 'wrong.backup'), {
      DATABASE_URL: `postgres://coach:${encodeURIComponent(`${password}-wrong`)}@127.0.0.1:${cluster.port}/app`,
    });
    expectNoSecret(wrong);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`Cannot connect to the database app on 127.0.0.1:${cluster.port} as coach:`);
    expect(wrong.stderr).toContain('password authentication failed');
    expect(existsSync(path.join(work, 'wrong.backup'))).toBe(false);

    const away = await run('restore', backup, { DATABASE_URL: `postgres://coach:${encoded}@127.0.0.1:1/app` });
    expectNoSecret(away);
    expect(away.code).toBe(1);
    expect(away.stderr).toContain('Cannot connect to the database app on 127.0.0.1:1 as coach:');

    const noDatabase = await run('restore', backup, { DATABASE_URL: coachUrl('not_created') });
    expectNoSecret(noDatabase);
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain('Create it first');
  }, 60_000);

  const publicTables = (database: string) =>
    withPostgres(superUrl(database), async (query) => {
      const [row] = await query("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
      return row?.n;
    });

  test('a truncated archive is refused before the target is touched', async () => {
    const bytes = readFileSync(backup);
    const truncated = path.join(work, 'truncated.backup');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const result = await run('restore', truncated, { DATABASE_URL: coachUrl('conflict_target') });
    expectNoSecret(result);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${truncated} cannot be read by pg_restore`);
    expect(await publicTables('conflict_target')).toBe(0);
  }, 60_000);

  test('a restore failing part-way is rolled back, leaving the target as it was', async () => {
    // A type named like a table of the dump: no table, so the target counts as empty, yet pg_restore
    // fails at CREATE TABLE posts, after it has created the tables before it.
    await withPostgres(superUrl('conflict_target'), (query) => query("create type posts as enum ('x')"));
    const result = await run('restore', backup, { DATABASE_URL: coachUrl('conflict_target') });
    expectNoSecret(result);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('failed; the restore was rolled back, leaving the database as it was');
    expect(result.stderr).toContain('type "posts" already exists');
    expect(await publicTables('conflict_target')).toBe(0);
  }, 60_000);

  test('a Postgres backup is refused by an embedded-database target', async () => {
    const target = path.join(work, 'pglite-from-postgres');
    const refused = await run('restore', backup, { PGLITE_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${backup} is a Postgres backup (a pg_dump archive), but DATABASE_URL is not set`);
    expect(existsSync(target)).toBe(false);
  }, 30_000);
});

describe('files that are not backups', () => {
  const target = () => ({ PGLITE_DIR: path.join(work, 'never-created') });

  test.each([
    ['a missing file', () => path.join(work, 'missing.backup'), 'No such file: '],
    ['a folder', () => work, 'is a folder, not a backup file'],
    ['an empty file', () => writeTo('empty.backup', ''), 'is empty: not a backup'],
    ['garbage', () => writeTo('garbage.backup', 'hello, this is not a backup at all\n'), 'is not a backup made by `bun run backup`'],
    ['a plain SQL dump', () => writeTo('plain.sql', '--\n-- PostgreSQL database dump\n--\n'), 'is a plain SQL dump'],
  ])(
    'restore of %s is a clear message',
    async (_name, file, message) => {
      const result = await run('restore', file(), target());
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
      expect(existsSync(target().PGLITE_DIR)).toBe(false);
    },
    30_000,
  );

  test('backup and restore without FILE print the usage', async () => {
    for (const script of ['backup', 'restore']) {
      const result = await run(script, undefined, target());
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Usage: bun run ${script} -- FILE`);
    }
  }, 30_000);
});

function writeTo(name: string, content: string): string {
  const file = path.join(work, name);
  writeFileSync(file, content);
  return file;
}
