import path from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { connectionOptions } from './postgres-pool.ts';

// The migrations in db/migrations (drizzle-kit), applied at start on either engine.
const migrationsFolder = path.join(process.cwd(), 'db/migrations');
// Instances starting together on one Postgres take turns to migrate (docs/reliability.md, test 7).
const MIGRATION_LOCK_KEY = 72_410_000;

// biome-ignore lint/suspicious/noExplicitAny: any schema; the migrator reads none of it
export const migratePgliteDatabase = (db: PgliteDatabase<any>) => migratePglite(db, { migrationsFolder });

/**
 * Applies pending migrations while holding a session-level advisory lock on a connection of its
 * own (not sql.reserve(): with fetch_types off, postgres.js 3.4.9 never hands a reserved
 * connection over once it has connected).
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; the migrator reads none of it
export async function migratePostgresDatabase(db: PostgresJsDatabase<any>, url: string): Promise<void> {
  const lock = postgres(url, { ...connectionOptions, max: 1, fetch_types: false });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.end({ timeout: 1 }).catch(() => {});
  }
}
