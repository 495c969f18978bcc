import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { listenForContentChanges } from './cache/content-events.ts';
import { closeDatabase, installDatabase } from './db.ts';
import { env } from './env.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { settleAfterAnswer } from './jobs/after-answer.ts';
import { startBookingReminders } from './jobs/booking-reminders.ts';
import { startCalendarSync } from './jobs/calendar-sync.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startNewsletterSender } from './jobs/newsletter-sender.ts';
import { startOutboxWorker } from './jobs/outbox-worker.ts';
import { startPageViewWriter } from './jobs/page-view-writer.ts';
import { startPayments } from './jobs/payments.ts';
import { startPostHtmlBackfill } from './jobs/post-html-backfill.ts';
import { startScheduler } from './jobs/publish-scheduled.ts';
import { seedDatabase } from './seed.ts';

// Startup in one place: open → migrate → seed → listen → background jobs, and the reverse on
// shutdown. The server (scripts/start.ts, or the first request of the dev server) runs boot();
// command-line scripts need only openAppDatabase().

/** A background job: started at boot, stopped (before the database closes) at shutdown. */
type Job = () => () => void | Promise<void>;
// The last one only waits at shutdown: work still running after its request was answered.
const BACKGROUND_JOBS: Job[] = [
  () => startScheduler(),
  () => startNewsletterSender(),
  () => startOutboxWorker(),
  () => startHousekeeping(),
  () => startBookingReminders(env().SCHEDULER_INTERVAL_MS),
  () => startCalendarSync(),
  () => startPayments(),
  () => startPageViewWriter(),
  () => startPostHtmlBackfill(),
  () => settleAfterAnswer,
];

// Kept on globalThis: the production bundle carries its own copy of this module next to the start
// script's, and both must find the one boot of the process.
const STATE = Symbol.for('coaching-site.boot');

interface BootState {
  opened?: Promise<DatabaseHandle>;
  booted?: Promise<void>;
  stops: Array<() => void | Promise<void>>;
}

const state = ((globalThis as Record<symbol, BootState | undefined>)[STATE] ??= { stops: [] });

/** Opens, migrates and seeds the database once per process, and installs it (server/db.ts). */
export function openAppDatabase(): Promise<DatabaseHandle> {
  state.opened ??= openMigratedAndSeeded().catch((error: unknown) => {
    state.opened = undefined;
    throw error;
  });
  return state.opened;
}

/** The whole server start: the database, then LISTEN for content changes, then the background jobs. */
export function boot(): Promise<void> {
  state.booted ??= (async () => {
    const handle = await openAppDatabase();
    state.stops.push(await listenForContentChanges(handle));
    for (const start of BACKGROUND_JOBS) state.stops.push(start());
  })().catch((error: unknown) => {
    state.booted = undefined;
    throw error;
  });
  return state.booted;
}

/** Stops the jobs and the listener (newest first), then closes the database. */
export async function shutdown(): Promise<void> {
  // Jobs stop first: one finishing after the close would otherwise ask for the database again.
  for (const stop of state.stops.splice(0).reverse()) await stop();
  state.opened = undefined;
  state.booted = undefined;
  await closeDatabase();
}

async function openMigratedAndSeeded(): Promise<DatabaseHandle> {
  const config = env();
  const handle = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolMax: config.DATABASE_POOL_MAX });
  try {
    await migrateWhenReachable(handle, config.DATABASE_URL);
    const owner = ownerCredentials();
    if ((await seedDatabase(handle.db, owner)) && owner.generated) {
      // Development only (production requires ADMIN_EMAIL/ADMIN_PASSWORD): shown once, never stored.
      const site = config.SITE_URL ?? `http://localhost:${config.PORT}`;
      console.log(`\nSeeded the database. Sign in at ${site}/admin/login as ${owner.email} with password ${owner.password}\n`);
    }
    installDatabase(handle);
    return handle;
  } catch (error) {
    // Pending connection attempts could hold a graceful close for seconds; give it one.
    await Promise.race([handle.close().catch(() => {}), Bun.sleep(1_000)]);
    throw error;
  }
}

// A database still starting is waited for; one that stays away is reported by host and port
// (docs/reliability.md, test 3).
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
