// `bun run restore -- FILE`: brings a backup made by `bun run backup` back into an EMPTY database
// (README, Backups): with DATABASE_URL, an empty Postgres database (pg_restore, in one transaction);
// otherwise PGLITE_DIR, a folder that does not exist yet or is empty. A target holding any table
// (or, for PGlite, any file) is refused and left as it is: a restore never overwrites data.
// The file's engine is read from its first bytes; a backup of the other engine is refused.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseFolderInUseError, lockDatabaseFolder } from '../db/pglite-lock.ts';
import { PGLITE_EXTENSIONS } from '../db/pglite-options.ts';
import {
  type BackupKind,
  backupKind,
  CommandError,
  connectionFailure,
  connectPostgres,
  fileArgument,
  pickTool,
  postgresConnection,
  readPgliteBackup,
  runCommand,
  runTool,
  serverMajor,
  type Target,
  targetFromEnv,
} from './lib/backup-common.ts';

const USAGE = `Usage: bun run restore -- FILE
Restores a backup made by \`bun run backup\` into an empty database: with DATABASE_URL, an empty
Postgres database; otherwise PGLITE_DIR (default ./.data/pglite), which must not exist yet or be empty.`;

function refuseOtherEngine(file: string, kind: BackupKind, target: Target): void {
  if (kind === 'pglite' && target.engine === 'postgres') {
    throw new CommandError(
      `${file} is a backup of the embedded database (PGlite), but DATABASE_URL is set, so the target is Postgres. ` +
        'Restore it for a site on the embedded database: unset DATABASE_URL and set PGLITE_DIR to a new, empty folder. ' +
        '(These commands do not move data between the two engines.) Nothing was changed.',
    );
  }
  if (kind === 'postgres' && target.engine === 'pglite') {
    throw new CommandError(
      `${file} is a Postgres backup (a pg_dump archive), but DATABASE_URL is not set, so the target would be the embedded database in ${target.dir}. ` +
        'Set DATABASE_URL to an empty Postgres database to restore it. Nothing was changed.',
    );
  }
}

// Relations in any schema but the system ones (not those an extension owns), and schemas besides public.
const NON_EMPTY_QUERY = `
  select name, kind from (
    select n.nspname || '.' || c.relname as name, c.relkind::text as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    union all
    select 'schema ' || nspname, 'n' from pg_namespace
    where nspname not in ('public', 'information_schema') and nspname !~ '^pg_'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_namespace'::regclass and d.objid = pg_namespace.oid and d.deptype = 'e')
  ) objects
  order by kind desc, name not like 'public.%', name`;

async function restorePostgres(url: string, file: string): Promise<void> {
  const connection = postgresConnection(url);
  const sql = connectPostgres(url);
  let server: { major: number; version: string };
  try {
    try {
      server = await serverMajor(sql);
    } catch (error) {
      throw connectionFailure(error, connection);
    }
    const pgRestore = pickTool('pg_restore', server.major);
    // Reads the whole table of contents: a damaged or foreign file is refused before the database is touched.
    const listing = await runTool([pgRestore.path, '--list', file], connection);
    if (listing.code !== 0) {
      throw new CommandError(
        `${file} cannot be read by pg_restore ${pgRestore.version} (damaged, or made by a newer pg_dump?):\n${listing.stderr}`,
      );
    }
    if (!/\bTABLE drizzle __drizzle_migrations\b/.test(listing.stdout)) {
      throw new CommandError(
        `${file} is a pg_dump archive but not of the site's database (no drizzle.__drizzle_migrations table in it). Nothing was changed.`,
      );
    }

    const existing = await sql.unsafe<{ name: string; kind: string }[]>(NON_EMPTY_QUERY);
    if (existing.length > 0) {
      const tables = existing.filter((row) => row.kind === 'r' || row.kind === 'p');
      const shown = (tables.length > 0 ? tables : existing).slice(0, 5).map((row) => row.name.replace(/^public\./, ''));
      const what =
        tables.length > 0
          ? `${tables.length} table${tables.length === 1 ? '' : 's'}`
          : `${existing.length} object${existing.length === 1 ? '' : 's'}`;
      throw new CommandError(
        `Refusing to restore: the ${connection.label} is not empty (${what}: ${shown.join(', ')}${existing.length > shown.length ? ', …' : ''}). ` +
          'A restore only goes into an empty database, so nothing is overwritten: create a new database (createdb, or CREATE DATABASE) and point DATABASE_URL at it. Nothing was changed.',
      );
    }

    // One transaction: a failure part-way leaves the database as it was. --no-owner and
    // --no-privileges: the objects belong to the role in DATABASE_URL, whatever role owned them before.
    const result = await runTool(
      [
        pgRestore.path,
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--dbname=${connection.conninfo}`,
        file,
      ],
      connection,
    );
    if (result.code !== 0) {
      throw new CommandError(
        `pg_restore ${pgRestore.version} failed; the restore was rolled back, leaving the database as it was:\n${result.stderr}`,
      );
    }
    const [counts] = await sql<{ tables: number; migrations: number }[]>`
      select (select count(*)::int from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE') as tables,
             (select count(*)::int from drizzle.__drizzle_migrations) as migrations`;
    console.log(
      `Restored ${file} into the ${connection.label} (Postgres ${server.version}, pg_restore ${pgRestore.version}): ` +
        `${counts?.tables} tables, ${counts?.migrations} migrations applied. Start the site on it: it applies any newer migrations.`,
    );
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** Whether the folder exists (empty); refuses one holding anything. */
function emptyFolder(dir: string): boolean {
  if (!existsSync(dir)) return false;
  if (!statSync(dir).isDirectory()) throw new CommandError(`PGLITE_DIR ${dir} is a file, not a folder. Nothing was changed.`);
  const entries = readdirSync(dir);
  if (entries.length > 0) {
    const what = entries.includes('PG_VERSION') ? 'already holds a database' : `is not empty (${entries.length} entries)`;
    throw new CommandError(
      `Refusing to restore: the folder ${dir} ${what}. A restore only goes into a new or empty folder, so nothing is overwritten: ` +
        'set PGLITE_DIR to a new folder (and start the site with it), or move this one away first. Nothing was changed.',
    );
  }
  return true;
}

async function restorePglite(dir: string, file: string): Promise<void> {
  emptyFolder(dir);
  // Checked before the folder is created, so a bad file leaves nothing behind.
  const { bytes, pgVersion } = readPgliteBackup(file);

  mkdirSync(path.dirname(dir), { recursive: true });
  let release: () => void;
  try {
    release = lockDatabaseFolder(dir);
  } catch (error) {
    if (!(error instanceof DatabaseFolderInUseError)) throw error;
    throw new CommandError(`Refusing to restore: ${error.message}`);
  }
  let existed: boolean;
  try {
    // Again, now that no server can start on it: one may have used the folder meanwhile.
    existed = emptyFolder(dir);
  } catch (error) {
    release();
    throw error;
  }
  let restored = false;
  try {
    const client = new PGlite(dir, { loadDataDir: new Blob([bytes]), extensions: PGLITE_EXTENSIONS });
    try {
      await client.waitReady;
      const result = await client.query<{ tables: number; migrations: number | null }>(`
        select (select count(*)::int from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE') as tables,
               (select count(*)::int from drizzle.__drizzle_migrations) as migrations`);
      const counts = result.rows[0];
      console.log(
        `Restored ${file} into the embedded database in ${dir}: ${counts?.tables} tables, ${counts?.migrations} migrations applied. ` +
          'Start the site with this PGLITE_DIR: it applies any newer migrations.',
      );
      restored = true;
    } finally {
      await client.close().catch(() => {});
    }
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(
      `The backup could not be opened as an embedded database (it holds Postgres ${pgVersion}; is it from another PGlite version?): ${(error as Error).message ?? error}. Nothing was left in ${dir}.`,
    );
  } finally {
    if (!restored) {
      if (existed) for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
      else rmSync(dir, { recursive: true, force: true });
    }
    release();
  }
}

const file = fileArgument(USAGE);
await runCommand(async () => {
  const target = targetFromEnv();
  const kind = backupKind(file);
  refuseOtherEngine(file, kind, target);
  if (target.engine === 'postgres') await restorePostgres(target.url, file);
  else await restorePglite(target.dir, file);
});
