// A throwaway Postgres cluster on a free loopback port (initdb as the postgres user, which Postgres requires when run as root), for tests and benchmarks.
// Postgres refuses to run as root, so as root every command runs as the `postgres` user.
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface DisposablePostgres {
  url: string;
  port: number;
  version: string;
  /** The cluster's folder (data, log, socket); removed by stop(). */
  dir: string;
  /** Stops the cluster and removes its folder. */
  stop(): Promise<void>;
  /** The same, synchronously: for process exit handlers, where nothing can be awaited. */
  stopSync(): void;
  /** `pg_ctl restart -m <mode>` on the same port and data (fault tests). */
  restart(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stops the server but keeps its data, so resume() can start it again on the same port. */
  pause(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  resume(): Promise<void>;
}

function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error('No Postgres server binaries found: apt-get install -y postgresql (or set PG_BIN).');
  }
  return path.join(root, versions[0], 'bin');
}

/** The kernel's ephemeral range, from which it picks the local port of every outgoing connection. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {}
  return [32768, 60999];
}

const listenOnce = (port: number) =>
  new Promise<number | null>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });

/**
 * A free loopback port below the ephemeral range. A port from inside it can be taken, while its
 * server restarts, by an outgoing connection's local end (a client retrying 127.0.0.1:P may even
 * connect to itself), and the restarted server then fails to bind: a Postgres restart in a fault
 * test did exactly that once.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const floor = Math.min(20_000, low - 2_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await listenOnce(floor + Math.floor(Math.random() * (low - floor)));
    if (port) return port;
  }
  const any = await listenOnce(0);
  if (!any) throw new Error('No free loopback port');
  return any;
}

const isRoot = process.getuid?.() === 0;
const idOf = (flag: '-u' | '-g') => Number(Bun.spawnSync(['id', flag, 'postgres']).stdout.toString().trim());

const asPostgres = (args: string[]) => (isRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args);

async function run(args: string[]): Promise<string> {
  const command = asPostgres(args);
  const child = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}):\n${stderr || stdout}`);
  return stdout;
}

export async function startPostgres(database = 'app'): Promise<DisposablePostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-'));
  if (isRoot) chownSync(dir, idOf('-u'), idOf('-g'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  const log = path.join(dir, 'postgres.log');
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  let started = false;
  // pg_ctl only says "could not start server": the reason (a port in use, say) is in the log.
  const starting = (args: string[]) =>
    run(args).catch((error: Error) => {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new Error(`${error.message}\nPostgres log:\n${tail}`);
    });
  const stop = async () => {
    if (started) await run([pgCtl, '-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  const stopSync = () => {
    if (started) Bun.spawnSync(asPostgres([pgCtl, '-D', data, '-m', 'immediate', '-w', 'stop']), { stdout: 'ignore', stderr: 'ignore' });
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  const restart = async (mode: 'smart' | 'fast' | 'immediate' = 'fast') => {
    await starting([pgCtl, '-D', data, '-l', log, '-m', mode, '-w', '-t', '30', '-o', options, 'restart']);
    started = true;
  };
  const pause = async (mode: 'smart' | 'fast' | 'immediate' = 'fast') => {
    await run([pgCtl, '-D', data, '-m', mode, '-w', 'stop']);
  };
  const resume = async () => {
    await starting([pgCtl, '-D', data, '-l', log, '-w', '-t', '30', '-o', options, 'start']);
  };
  try {
    await run([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    await starting([pgCtl, '-D', data, '-l', log, '-w', '-t', '30', '-o', options, 'start']);
    started = true;
    await run([path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
    const version = (await run([path.join(bin, 'postgres'), '--version'])).trim();
    return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, version, dir, stop, stopSync, restart, pause, resume };
  } catch (error) {
    await stop();
    throw error;
  }
}
