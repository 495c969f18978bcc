import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDatabaseFolder } from './pglite-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Applies every pending migration from db/migrations. */
  migrate(): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on `channel` (on its own connection, re-established by the driver); resolves to a stop function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** A postgres:// URL: use postgres.js against that server. */
  url?: string;
  /** Otherwise: the folder of the embedded PGlite database. */
  pgliteDir: string;
  poolMax?: number;
}

const migrationsFolder = path.join(process.cwd(), 'db/migrations');
// Instances starting together on one Postgres take turns to migrate (SECURITY.md §3, test 7).
const MIGRATION_LOCK_KEY = 72_410_000;

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.url) return openPostgres(config.url, config.poolMax);
  const folder = path.resolve(config.pgliteDir);
  // PGlite creates only the last level of its folder.
  mkdirSync(path.dirname(folder), { recursive: true });
  const release = lockDatabaseFolder(folder);
  const handle = openPglite(new PGlite(folder));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

export function openPostgres(url: string, poolMax = 10): DatabaseHandle {
  const client = postgres(url, {
    max: poolMax,
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
  });
  const db = drizzlePostgres(client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      // A session-level advisory lock held on one reserved connection while the pool migrates.
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
        lock.release();
      }
    },
    listen: async (channel, onNotify) => {
      const { unlisten } = await client.listen(channel, onNotify);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    close: () => client.close(),
  };
}
