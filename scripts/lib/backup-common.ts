// Shared by `bun run backup` and `bun run restore` (scripts/backup.ts, scripts/restore.ts): which
// database the environment names, the Postgres client tools, and what a backup file holds.
//   Postgres (DATABASE_URL set): a pg_dump custom-format archive (starts with "PGDMP").
//   Embedded (PGlite, PGLITE_DIR): PGlite's own dump of its data folder, a gzipped tar
//   (dumpDataDir('gzip'); `new PGlite({ loadDataDir })` opens one).
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

/** A refusal or failure told to the operator as it is (no stack trace); the command exits 1. */
export class CommandError extends Error {}

export type Target = { engine: 'postgres'; url: string } | { engine: 'pglite'; dir: string };

/** The database the site itself would open: DATABASE_URL, else the PGlite folder (same defaults as server/env.ts). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): Target {
  const url = env.DATABASE_URL || undefined;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new CommandError('DATABASE_URL must be a postgres:// URL.');
    return { engine: 'postgres', url };
  }
  return { engine: 'pglite', dir: path.resolve(env.PGLITE_DIR || './.data/pglite') };
}

// ---------------------------------------------------------------------------------------------
// Postgres: connection details without the password on any command line or in any message.

export interface PostgresConnection {
  /** The URL without its password: what the client tools get as --dbname. */
  conninfo: string;
  /** Environment for the client tools: PGPASSWORD when the URL carries one, and a connect timeout. */
  env: Record<string, string>;
  /** "database app on 127.0.0.1:5432 as coach": for messages. */
  label: string;
  /** Strings never to print (the password, as written and decoded). */
  secrets: string[];
}

export function postgresConnection(url: string): PostgresConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CommandError('DATABASE_URL is not a valid postgres:// URL.');
  }
  const secrets = parsed.password ? [parsed.password, decodeURIComponent(parsed.password)] : [];
  const env: Record<string, string> = { PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT || '10' };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || 'postgres';
  const user = parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : '';
  return {
    conninfo: parsed.toString(),
    env,
    label: `database ${database} on ${parsed.hostname || 'localhost'}:${parsed.port || 5432}${user}`,
    secrets: secrets.filter(Boolean),
  };
}

/** Removes every secret, and the password of any postgres:// URL, from text about to be printed. */
export function redact(text: string, secrets: string[]): string {
  let out = text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:***@');
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

/** One short-lived connection for the checks around pg_dump/pg_restore; the caller ends it. */
export function connectPostgres(url: string) {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, fetch_types: false, idle_timeout: 1 });
}

/** Turns a connection error into a message naming the database (never the password) and the likely fix. */
export function connectionFailure(error: unknown, connection: PostgresConnection): CommandError {
  const { message, code } = error as { message?: string; code?: string };
  const hint = code === '3D000' ? ' Create it first (createdb, or CREATE DATABASE), then run the command again.' : '';
  return new CommandError(`Cannot connect to the ${connection.label}: ${redact(String(message ?? error), connection.secrets)}.${hint}`);
}

export async function serverMajor(sql: postgres.Sql): Promise<{ major: number; version: string }> {
  const [row] = await sql<
    { num: string; version: string }[]
  >`select current_setting('server_version_num') as num, current_setting('server_version') as version`;
  return { major: Math.floor(Number(row?.num) / 10_000), version: String(row?.version).split(' ')[0] ?? '' };
}

// ---------------------------------------------------------------------------------------------
// The Postgres client tools: PG_BIN, Debian's /usr/lib/postgresql/<version>/bin, then PATH.

export interface PgTool {
  path: string;
  /** "15.18" */
  version: string;
  major: number;
}

function toolCandidates(name: string): string[] {
  const found: string[] = [];
  if (process.env.PG_BIN) found.push(path.join(process.env.PG_BIN, name));
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) found.push(path.join(root, version, 'bin', name));
  }
  const onPath = Bun.which(name);
  if (onPath) found.push(onPath);
  return [...new Set(found)].filter((file) => existsSync(file));
}

/** Every working copy of the tool, newest major version first. */
export function findPgTools(name: 'pg_dump' | 'pg_restore'): PgTool[] {
  const tools: PgTool[] = [];
  for (const file of toolCandidates(name)) {
    const result = Bun.spawnSync([file, '--version'], { stdout: 'pipe', stderr: 'pipe' });
    const match = /\(PostgreSQL\)\s+((\d+)[.\w]*)/.exec(result.stdout.toString());
    if (result.exitCode === 0 && match?.[1] && match[2]) tools.push({ path: file, version: match[1], major: Number(match[2]) });
  }
  return tools.sort((a, b) => b.major - a.major);
}

export const installHint = (major?: number) =>
  `install the Postgres client tools${major ? ` of version ${major} or newer` : ''} (Debian/Ubuntu: apt-get install postgresql-client${
    major ? `-${major}` : ''
  }; the server's packages include them), or set PG_BIN to the folder holding them`;

/**
 * The tool for a server of `major`: the same major version if there is one, else the oldest newer
 * one (pg_dump refuses a newer server; an older pg_restore may not read a newer pg_dump's file).
 */
export function pickTool(name: 'pg_dump' | 'pg_restore', major: number): PgTool {
  const tools = findPgTools(name);
  if (tools.length === 0) {
    throw new CommandError(`${name} was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and PATH): ${installHint(major)}.`);
  }
  const fitting = tools.filter((tool) => tool.major >= major).sort((a, b) => a.major - b.major);
  if (fitting[0]) return fitting[0];
  const newest = tools[0] as PgTool;
  if (name === 'pg_restore') return newest;
  throw new CommandError(
    `${name} ${newest.version} (${newest.path}) cannot back up a Postgres ${major} server: pg_dump must be at least the server's version; ${installHint(major)}.`,
  );
}

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a client tool with the connection's environment; its output comes back redacted. */
export async function runTool(args: string[], connection: PostgresConnection): Promise<ToolResult> {
  const child = Bun.spawn(args, {
    env: { ...process.env, ...connection.env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout: redact(stdout, connection.secrets), stderr: redact(stderr.trim(), connection.secrets) };
}

// ---------------------------------------------------------------------------------------------
// Backup files.

export type BackupKind = 'postgres' | 'pglite';
export const ENGINE_NAMES: Record<BackupKind, string> = {
  postgres: 'Postgres (a pg_dump custom-format archive)',
  pglite: 'the embedded database (PGlite)',
};

const startsWith = (bytes: Uint8Array, text: string) => [...text].every((char, i) => bytes[i] === char.charCodeAt(0));

/** Which engine a backup file is for, from its first bytes; a clear CommandError for anything else. */
export function backupKind(file: string): BackupKind {
  let head: Uint8Array;
  try {
    if (statSync(file).isDirectory()) throw new CommandError(`${file} is a folder, not a backup file.`);
    const fd = openSync(file, 'r');
    try {
      const buffer = new Uint8Array(512);
      head = buffer.subarray(0, readSync(fd, buffer, 0, 512, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CommandError(`No such file: ${file}`);
    throw new CommandError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.length === 0) throw new CommandError(`${file} is empty: not a backup (was the backup that wrote it interrupted?).`);
  if (startsWith(head, 'PGDMP')) return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  const text = new TextDecoder().decode(head);
  if (text.includes('PostgreSQL database dump') || text.startsWith('--')) {
    throw new CommandError(
      `${file} is a plain SQL dump, not a backup made by \`bun run backup\`: restore it with psql, or back up again with \`bun run backup\` (a pg_dump custom-format archive).`,
    );
  }
  if (startsWith(head.subarray(257), 'ustar')) {
    throw new CommandError(
      `${file} is an uncompressed tar file, not a backup made by \`bun run backup\` (a pg_dump custom-format archive for Postgres, a gzipped PGlite dump for the embedded database).`,
    );
  }
  throw new CommandError(
    `${file} is not a backup made by \`bun run backup\`: it is neither a pg_dump custom-format archive (Postgres) nor a gzipped PGlite dump (the embedded database).`,
  );
}

/** Unpacks a PGlite dump far enough to check it; returns it whole and the Postgres version it holds. */
export function readPgliteBackup(file: string): { bytes: Uint8Array<ArrayBuffer>; pgVersion: string } {
  let tar: Uint8Array;
  const bytes = new Uint8Array(readFileSync(file));
  try {
    tar = Bun.gunzipSync(bytes);
  } catch {
    throw new CommandError(`${file} is damaged: its compressed data is incomplete or corrupt (a backup interrupted or cut short?).`);
  }
  const pgVersion = tarEntry(tar, 'PG_VERSION');
  if (pgVersion === undefined) {
    throw new CommandError(
      `${file} is gzip-compressed but holds no embedded database (no PG_VERSION in it): not a backup made by \`bun run backup\`.`,
    );
  }
  return { bytes, pgVersion: pgVersion.trim() };
}

/** The text of a top-level entry of a tar archive (names as "/x", "./x" or "x"), if present. */
function tarEntry(tar: Uint8Array, wanted: string): string | undefined {
  const decoder = new TextDecoder();
  const field = (header: Uint8Array, from: number, to: number) => {
    const slice = header.subarray(from, to);
    const end = slice.indexOf(0);
    return decoder.decode(end < 0 ? slice : slice.subarray(0, end));
  };
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header[0] === 0) return undefined;
    if (!startsWith(header.subarray(257), 'ustar')) return undefined;
    const name = `${field(header, 345, 500)}${field(header, 0, 100)}`.replace(/^\.?\/+/, '');
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return undefined;
    if (name === wanted) return decoder.decode(tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Writing the backup: into a private temporary file beside it, renamed over FILE only when whole.

export function partialFileFor(file: string): string {
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new CommandError(`The folder ${folder} does not exist: create it first, or choose another place for the backup.`);
  }
  if (existsSync(file) && statSync(file).isDirectory()) throw new CommandError(`${file} is a folder: name the backup file itself.`);
  const partial = path.join(folder, `.${path.basename(file)}.partial-${process.pid}`);
  // Readable by its owner only: a backup holds password hashes and visitors' messages.
  closeSync(openSync(partial, 'w', 0o600));
  return partial;
}

export function finishFile(partial: string, file: string): number {
  renameSync(partial, file);
  return statSync(file).size;
}

export function discardFile(partial: string): void {
  rmSync(partial, { force: true });
}

export const formatSize = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The one positional argument FILE (or --help); exits with the usage on anything else. */
export function fileArgument(usage: string): string {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  return path.resolve(args[0]);
}

/** The password in DATABASE_URL, as written and decoded, if any. */
function secretsFromEnv(): string[] {
  try {
    const { password } = new URL(process.env.DATABASE_URL ?? '');
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/** Runs the command: a CommandError is printed as it is, anything else with its stack; both redacted, both exit 1. */
export async function runCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const text = error instanceof CommandError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(redact(text, secretsFromEnv()));
    process.exitCode = 1;
  }
}
