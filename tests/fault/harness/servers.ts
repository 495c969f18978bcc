// Starting production servers (`bun scripts/start.ts` on the fault build) and whole sites: a
// disposable cluster, a SQL client on it and N servers with the env a test gives them.
import os from 'node:os';
import type postgres from 'postgres';
import { type DisposablePostgres, freePort } from '#scripts/lib/disposable-postgres.ts';
import { AppServer } from './app-server.ts';
import { ensureBuild } from './build.ts';
import { sqlClient, startCluster } from './postgres.ts';
import { installExitHandlers, liveServers } from './registry.ts';
import { OWNER_EMAIL, OWNER_PASSWORD, ROOT } from './settings.ts';

export interface ServerOptions {
  name: string;
  databaseUrl: string;
  /** Extra variables (SCHEDULER_INTERVAL_MS, CONTACT_LIMIT_PER_10_MIN, DATABASE_POOL_MAX…). */
  env?: Record<string, string>;
  /** Reuse a port (a restarted instance); a free one otherwise. */
  port?: number;
}

/** Starts `bun scripts/start.ts` on the fault build; does not wait for it (see waitHealthy). */
export async function startServer(options: ServerOptions): Promise<AppServer> {
  installExitHandlers();
  const distDir = await ensureBuild();
  const port = options.port ?? (await freePort());
  // A clean environment: nothing from the developer's shell or a .env decides what is tested.
  const proc = Bun.spawn(['bun', '--no-env-file', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      DIST_DIR: distDir,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const server = new AppServer(options.name, port, proc);
  liveServers.add(server);
  return server;
}

export interface SiteOptions {
  /** One server a name, started at once; ['app'] unless told. */
  names?: string[];
  /** The same extra variables for every server (see ServerOptions.env). */
  env?: Record<string, string>;
  /** Wait for every server's GET /api/health 200 (true unless told). */
  healthy?: boolean;
}

export interface Site {
  cluster: DisposablePostgres;
  /** A harness client on the cluster (sqlClient). */
  sql: postgres.Sql;
  /** In the order of `names`. */
  servers: AppServer[];
  /** Each server's spawn → healthy time (ms), in the same order; empty when `healthy` is false. */
  readyMs: number[];
}

/** A disposable cluster, a client on it, and the named production servers on it, started together. */
export async function startSite({ names = ['app'], env = {}, healthy = true }: SiteOptions = {}): Promise<Site> {
  const cluster = await startCluster();
  const sql = sqlClient(cluster.url);
  const servers = await Promise.all(names.map((name) => startServer({ name, databaseUrl: cluster.url, env })));
  const readyMs = healthy ? await Promise.all(servers.map((server) => server.waitHealthy())) : [];
  return { cluster, sql, servers, readyMs };
}

/** startSite with two servers, A and B, started at once on one database and answering healthy. */
export async function startTwoInstances(env: Record<string, string> = {}) {
  const site = await startSite({ names: ['A', 'B'], env });
  const [a, b] = site.servers as [AppServer, AppServer];
  return { ...site, a, b };
}

/** A disposable cluster, a client on it, and one production server ('app') on it, answering healthy. */
export async function startClusterAndServer(env: Record<string, string> = {}) {
  const { cluster, sql, servers } = await startSite({ env });
  return { cluster, sql, server: servers[0]! };
}

/** startServer, then waits for it to answer healthy (a restarted instance, a second one). */
export async function startHealthyServer(options: ServerOptions): Promise<AppServer> {
  const server = await startServer(options);
  await server.waitHealthy();
  return server;
}
