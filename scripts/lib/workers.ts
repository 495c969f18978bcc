// WEB_CONCURRENCY above 1: `bun run start` serves from that many processes on one port (the kernel
// spreads connections over their SO_REUSEPORT sockets), so a machine's every core renders pages.
// Bun runs JavaScript on one thread: one process renders at most one core's worth of pages
// (docs/benchmarks.md, issue 18 §4). Each worker is a whole instance — its own page cache, LISTEN
// connection and background jobs — exactly as several instances on one Postgres are.

import type { Subprocess } from 'bun';

/** A worker's number (1…WEB_CONCURRENCY), set in its environment by its parent; null in the parent or a single process. */
const WORKER_VARIABLE = 'START_WORKER';
export const workerNumber = (): number | null => Number(process.env[WORKER_VARIABLE]) || null;

/** What a worker sends its parent once it is listening. */
const READY = 'ready';

const RESPAWN_DELAY_MS = 1_000;

/** In a worker: tells the parent it serves, and stops serving if the parent is gone (kill -9). */
export function workerReady(stop: (reason: string) => void): void {
  process.send?.(READY);
  const parent = process.ppid;
  // An orphan is adopted by another process; without its supervisor it would serve on unmanaged.
  setInterval(() => {
    if (process.ppid !== parent) stop('the supervising process is gone');
  }, 1_000).unref();
}

/**
 * Throws when another process holds the port. Workers bind with SO_REUSEPORT, which would let them
 * share it with another start of the site under the same user, each answering some requests.
 */
export function assertPortFree(port: number): void {
  try {
    Bun.serve({ port, fetch: () => new Response(null) }).stop(true);
  } catch {
    throw new Error(`port ${port} is in use`);
  }
}

/**
 * In the parent: starts `count` workers running this same command and keeps that many: one that
 * exits after it served is replaced; one that exits before it ever served (a port in use, a bad
 * build) stops them all with exit code 1. SIGTERM/SIGINT stop every worker, each finishing its
 * requests, then this process.
 */
export function superviseWorkers(count: number, log: (line: string) => void): void {
  const workers = new Set<Subprocess>();
  const serving = new Set<Subprocess>();
  let allServing = false;
  let stopping = false;

  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all([...workers].map((worker) => worker.exited));
    process.exit(exitCode);
  };

  const start = (number: number) => {
    let served = false;
    const worker = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
      env: { ...process.env, [WORKER_VARIABLE]: String(number) },
      stdio: ['ignore', 'inherit', 'inherit'],
      ipc(message) {
        if (message !== READY || served) return;
        served = true;
        serving.add(worker);
        if (serving.size === count && !allServing) {
          allServing = true;
          log(`All ${count} workers serving.`);
        }
      },
    });
    workers.add(worker);
    void worker.exited.then((code) => {
      workers.delete(worker);
      serving.delete(worker);
      if (stopping) return;
      const how = worker.signalCode ?? `exit code ${code}`;
      if (!served) {
        log(`Worker ${number} stopped before serving (${how}): stopping.`);
        void stopAll(1);
        return;
      }
      log(`Worker ${number} stopped (${how}): starting another.`);
      setTimeout(() => !stopping && start(number), RESPAWN_DELAY_MS);
    });
  };

  for (let number = 1; number <= count; number++) start(number);
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
}
