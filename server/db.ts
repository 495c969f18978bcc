import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed.ts';
import { listenForContentChanges } from './cache/content-events.ts';
import { env } from './env.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { startScheduler } from './jobs/publish-scheduled.ts';

// The production bundle (dist/server) carries its own copy of this module next to the one the
// start script imports, so the open handle lives on globalThis: one database per process.
const STATE = Symbol.for('coaching-site.database');

interface DatabaseState {
  ready?: Promise<DatabaseHandle>;
  stopScheduler?: () => void;
}

const state = ((globalThis as Record<symbol, DatabaseState | undefined>)[STATE] ??= {});

/** The database, opened, migrated and seeded on first use. */
export async function database(): Promise<Database> {
  return (await databaseHandle()).db;
}

export function databaseHandle(): Promise<DatabaseHandle> {
  state.ready ??= prepare().catch((error: unknown) => {
    state.ready = undefined;
    throw error;
  });
  return state.ready;
}

async function prepare(): Promise<DatabaseHandle> {
  const config = env();
  const handle = openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  try {
    await migrateWhenReachable(handle, config.DATABASE_URL);
    const owner = ownerCredentials();
    if ((await seedDatabase(handle.db, owner)) && owner.generated) {
      // Development only (production requires ADMIN_EMAIL/ADMIN_PASSWORD): shown once, never stored.
      console.log(
        `\nSeeded the database. Sign in at /admin/login as ${owner.email} with password ${owner.password}\n`,
      );
    }
    await listenForContentChanges(handle);
    state.stopScheduler = startScheduler();
    return handle;
  } catch (error) {
    // Pending connection attempts could hold a graceful close for seconds; give it one.
    await Promise.race([handle.close().catch(() => {}), Bun.sleep(1_000)]);
    throw error;
  }
}

// SECURITY.md §3 test 3: a database still starting is waited for, a missing one is reported.
const START_RETRY_MS = 30_000;

async function migrateWhenReachable(handle: DatabaseHandle, url: string | undefined): Promise<void> {
  const deadline = Date.now() + START_RETRY_MS;
  const unreachable = () => {
    const { hostname, port } = new URL(url ?? 'postgres://localhost');
    return new Error(`Cannot reach database at ${hostname}:${port || 5432}`);
  };
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The driver backs off between connection attempts, so each try is bounded by the time left.
    const timeLeft = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unreachable()), Math.max(0, deadline - Date.now()));
    });
    try {
      return await Promise.race([handle.migrate(), timeLeft]);
    } catch (error) {
      if (!url || !isDatabaseUnavailable(error)) throw error;
      if (Date.now() >= deadline) throw unreachable();
      await Bun.sleep(1_000);
    } finally {
      clearTimeout(timer);
    }
  }
}

function ownerCredentials() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  return {
    email: ADMIN_EMAIL ?? 'admin@example.com',
    password: ADMIN_PASSWORD ?? generatePassword(),
    generated: !ADMIN_PASSWORD,
  };
}

/** 24 random bytes as base64url (32 characters), plus a fixed suffix meeting every policy rule. */
function generatePassword(): string {
  return `${encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(24)))}-Aa1`;
}

/** Replaces the process's database (tests give each file its own). */
export function useDatabase(handle: DatabaseHandle): void {
  state.ready = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  // Stopped first: a scheduled run finishing after the close would otherwise open the database again.
  state.stopScheduler?.();
  const ready = state.ready;
  state.ready = undefined;
  if (ready) await (await ready.catch(() => undefined))?.close();
}
