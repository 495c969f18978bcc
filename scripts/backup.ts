// `bun run backup -- FILE`: writes one consistent backup of the site's database to FILE (README, Backups).
//   DATABASE_URL set: pg_dump --format=custom (one snapshot; the site keeps running).
//   Otherwise the embedded database in PGLITE_DIR: PGlite's own dump of its data folder, a gzipped
//   tar. The server must be stopped for it: PGlite runs inside the server's process, so no second
//   process may open the folder while it runs (db/pglite-lock.ts), and its files on disk are only
//   consistent when the one process using them makes the dump.
// FILE is written whole or not at all (a private temporary file renamed over it), readable by its
// owner only. The password in DATABASE_URL is never printed nor passed on a command line.
// Once FILE is complete, the backup is recorded in the database it came from (server/services/
// backups.ts): the dashboard's setup checklist ticks its backup step from that record (issue 38 §2).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { type Database, type Engine, openPglite } from '../db/client.ts';
import { DatabaseFolderInUseError, lockDatabaseFolder } from '../db/pglite-lock.ts';
import { PGLITE_EXTENSIONS } from '../db/pglite-options.ts';
import * as schema from '../db/schema.ts';
import { recordBackup } from '../server/services/backups.ts';
import {
  CommandError,
  connectionFailure,
  connectPostgres,
  discardFile,
  fileArgument,
  finishFile,
  formatSize,
  partialFileFor,
  pickTool,
  postgresConnection,
  redact,
  runCommand,
  runTool,
  serverMajor,
  targetFromEnv,
} from './lib/backup-common.ts';

const USAGE = `Usage: bun run backup -- FILE
Writes a backup of the site's database to FILE: with DATABASE_URL, a pg_dump custom-format archive;
otherwise the embedded database in PGLITE_DIR (default ./.data/pglite) as a gzipped PGlite dump,
which needs the server stopped. Restore it with \`bun run restore -- FILE\` into an empty database.`;

/**
 * Records the finished backup. The file is complete whatever happens here, so a failure (a role that
 * may only read, a database not yet migrated to the table) is a warning, not a failed backup.
 */
async function record(db: Database, engine: Engine, sizeBytes: number, secrets: string[] = []): Promise<void> {
  try {
    await recordBackup(db, { engine, sizeBytes });
  } catch (error) {
    // Drizzle wraps the driver's error (its message is the query); the driver's says why.
    const cause = (error as { cause?: unknown }).cause ?? error;
    const reason = redact(cause instanceof Error ? cause.message : String(cause), secrets);
    console.error(
      `The backup is complete, but the site could not record it (${reason}), so the dashboard's setup checklist does not show it. ` +
        'On Postgres, let the role in DATABASE_URL insert into backups: GRANT INSERT ON backups TO role; GRANT USAGE ON SEQUENCE backups_id_seq TO role.',
    );
  }
}

async function backupPostgres(url: string, file: string): Promise<void> {
  const connection = postgresConnection(url);
  const sql = connectPostgres(url);
  let server: { major: number; version: string };
  try {
    server = await serverMajor(sql);
    const [row] = await sql<{ migrations: string | null }[]>`select to_regclass('drizzle.__drizzle_migrations')::text as migrations`;
    if (!row?.migrations) {
      throw new CommandError(
        `The ${connection.label} holds no site data (no drizzle.__drizzle_migrations table): check DATABASE_URL. Nothing was written.`,
      );
    }
  } catch (error) {
    throw error instanceof CommandError ? error : connectionFailure(error, connection);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }

  const pgDump = pickTool('pg_dump', server.major);
  const partial = partialFileFor(file);
  try {
    // One transaction with one snapshot: consistent while the site keeps writing. --no-password:
    // fail rather than wait for a password prompt under cron.
    const result = await runTool(
      [pgDump.path, '--format=custom', '--no-password', `--file=${partial}`, `--dbname=${connection.conninfo}`],
      connection,
    );
    if (result.code !== 0) {
      const mismatch = /server version mismatch/.test(result.stderr) ? ' (pg_dump must be at least the server version)' : '';
      throw new CommandError(`pg_dump ${pgDump.version} failed${mismatch}; nothing was written:\n${result.stderr}`);
    }
    const head = readFileSync(partial).subarray(0, 5).toString('latin1');
    if (head !== 'PGDMP') throw new CommandError('pg_dump wrote no archive; nothing was written.');
    const size = finishFile(partial, file);
    console.log(
      `Backed up the ${connection.label} (Postgres ${server.version}, pg_dump ${pgDump.version}) to ${file} (${formatSize(size)}).`,
    );
    const recorder = connectPostgres(url);
    try {
      await record(drizzle(recorder, { schema, casing: 'snake_case' }), 'postgres', size, connection.secrets);
    } finally {
      await recorder.end({ timeout: 1 }).catch(() => {});
    }
  } finally {
    discardFile(partial);
  }
}

async function backupPglite(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new CommandError(
      `No embedded database in ${dir}: set PGLITE_DIR to the folder the site uses (default ./.data/pglite), or DATABASE_URL for Postgres.`,
    );
  }
  const partial = partialFileFor(file);
  let release: (() => void) | undefined;
  try {
    try {
      release = lockDatabaseFolder(dir);
    } catch (error) {
      if (!(error instanceof DatabaseFolderInUseError)) throw error;
      const owner = /process (\d+)/.exec(error.message)?.[1];
      throw new CommandError(
        `Cannot back up ${dir}: the embedded database is in use by process ${owner ?? '(unknown)'}, most likely the running site. ` +
          'PGlite lets one process open its folder at a time, and copying it while the server writes would give a broken backup. ' +
          'Stop the server, run the backup (a few seconds), then start it again; or use Postgres (DATABASE_URL), which is backed up while the site runs.',
      );
    }
    const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    try {
      await client.waitReady;
      const migrations = await client.query<{ name: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as name");
      if (!migrations.rows[0]?.name) {
        throw new CommandError(
          `The embedded database in ${dir} holds no site data (no drizzle.__drizzle_migrations table). Nothing was written.`,
        );
      }
      // Writes every changed page to the data files, so the dump needs no WAL replay to be whole.
      await client.exec('checkpoint');
      const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      if (dump[0] !== 0x1f || dump[1] !== 0x8b) throw new CommandError('PGlite did not produce a gzipped dump; nothing was written.');
      writeFileSync(partial, dump);
      const size = finishFile(partial, file);
      console.log(`Backed up the embedded database in ${dir} to ${file} (${formatSize(size)}).`);
      await record(openPglite(client).db, 'pglite', size);
    } finally {
      await client.close();
    }
  } finally {
    discardFile(partial);
    release?.();
  }
}

const file = fileArgument(USAGE);
await runCommand(async () => {
  const target = targetFromEnv();
  if (target.engine === 'postgres') await backupPostgres(target.url, file);
  else await backupPglite(target.dir, file);
});
