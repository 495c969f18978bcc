// The registry of what the fault tests start: every production server, SQL client and disposable
// cluster, stopped by `cleanup()` (afterAll) or, should the run die first, by the exit handlers.
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';

/** A production server as the registry needs it: killed at once on exit, stopped gently by cleanup. */
export interface LiveServer {
  readonly proc: { kill(signal: 'SIGKILL'): void };
  stop(options: { graceMs: number }): Promise<unknown>;
}

export const liveServers = new Set<LiveServer>();
export const liveClusters = new Set<DisposablePostgres>();
export const liveClients = new Set<postgres.Sql>();

function killEverythingSync() {
  for (const server of liveServers) {
    try {
      server.proc.kill('SIGKILL');
    } catch {}
  }
  liveServers.clear();
  for (const cluster of liveClusters) cluster.stopSync();
  liveClusters.clear();
}

let handlersInstalled = false;
export function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killEverythingSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      killEverythingSync();
      process.exit(130);
    });
  }
}

/** Stops every server (SIGKILL if still running), closes the SQL clients and removes every cluster. */
export async function cleanup(): Promise<void> {
  for (const server of [...liveServers]) await server.stop({ graceMs: 2_000 }).catch(() => {});
  for (const client of [...liveClients]) await client.end({ timeout: 1 }).catch(() => {});
  liveClients.clear();
  for (const cluster of [...liveClusters]) {
    await cluster.stop().catch(() => {});
    liveClusters.delete(cluster);
  }
}
