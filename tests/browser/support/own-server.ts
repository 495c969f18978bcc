// A second production server for the journeys that need a configuration other than the shared
// one (playwright.config.ts): the same build, its own port and its own empty PGlite folder, the
// environment given here and nothing else. Stopped (SIGTERM) by `stop()`; `crash()` kills it
// (SIGKILL) and keeps its folder, for a restart on the same port and data with `at`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/lib/disposable-postgres.ts';
import { OWNER } from './admin.ts';

export interface OwnServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  crash(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string>, at?: { port: number; dataDir: string }): Promise<OwnServer> {
  const port = at?.port ?? (await freePort());
  const dataDir = at?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('bun', ['--no-env-file', 'scripts/start.ts'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SITE_URL: url,
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, port, dataDir, stop, crash };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the second server did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
