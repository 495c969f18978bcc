import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate.ts';
import { lockDatabaseFolder } from './pglite-lock.ts';
import { PGLITE_EXTENSIONS } from './pglite-options.ts';
import { LISTENER_NAME, openListening } from './postgres-listen.ts';
import { openPool } from './postgres-pool.ts';
import * as schema from './schema.ts';

// Opens the database: postgres.js against DATABASE_URL (db/postgres-pool.ts for the pool and
// its workarounds, db/postgres-listen.ts for LISTEN), else the embedded PGlite in a folder.

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Applies every pending migration from db/migrations. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (on its own connection, re-established by the
   * driver), and with '' each time that connection is (re)established, since notifications sent
   * while it was down are lost; resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Resolves to true once every notification committed before the call has been handed to its
   * listener (one round trip on the listening connection, where Postgres delivers them in order);
   * to false while that connection is being re-established, when notifications can be missed.
   * With PGlite (one process) or no other instance (solo-instance.ts) there is nothing to wait for.
   */
  notificationBarrier(): Promise<boolean>;
  /** Whether the listening connection is up now (always with PGlite). */
  isListening(): boolean;
  /**
   * Resolves once the listening connection is up (at most `timeoutMs` later). A writer waits for it
   * before acknowledging a change: while it is not listening it holds no solo-instance lock, so
   * another instance could be skipping its barrier (db/solo-instance.ts).
   */
  whenListening(timeoutMs: number): Promise<void>;
  /** This instance's id among those on the database. */
  instanceId: string;
  /** The ids of the other instances whose listening connection is open now (none with PGlite). */
  peers(): Promise<string[]>;
  /** When a query last failed because the server could not be reached or dropped the connection (0: never). */
  lastConnectionErrorAt(): number;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** A postgres:// URL: use postgres.js against that server. */
  url?: string;
  /** Otherwise: the folder of the embedded PGlite database. */
  pgliteDir: string;
  poolMax?: number;
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.url) return openPostgres(config.url, config.poolMax);
  const folder = path.resolve(config.pgliteDir);
  // PGlite creates only the last level of its folder.
  mkdirSync(path.dirname(folder), { recursive: true });
  const release = lockDatabaseFolder(folder);
  const handle = openPglite(new PGlite(folder, { extensions: PGLITE_EXTENSIONS }));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

/** Postgres through postgres.js: a pool for queries, one connection of its own for LISTEN. */
export function openPostgres(url: string, poolMax = 10): DatabaseHandle {
  const pool = openPool(url, poolMax);
  const listening = openListening(url, pool.unsafe);
  const db = drizzlePostgres(pool.client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePostgresDatabase(db, url),
    listen: listening.listen,
    notificationBarrier: listening.notificationBarrier,
    isListening: listening.isListening,
    whenListening: listening.whenListening,
    instanceId: listening.instanceId,
    peers: async () => {
      const rows = (await pool.unsafe(
        `select substr(application_name, ${LISTENER_NAME.length + 1}) as id from pg_stat_activity
         where datname = current_database() and application_name like '${LISTENER_NAME}%'`,
      )) as Array<{ id: string }>;
      return rows.map((row) => row.id).filter((id) => id !== listening.instanceId);
    },
    lastConnectionErrorAt: pool.lastConnectionErrorAt,
    close: async () => {
      await Promise.all([pool.end(), listening.close()]);
    },
  };
}

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePgliteDatabase(db),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    notificationBarrier: async () => true,
    isListening: () => true,
    whenListening: async () => {},
    instanceId: crypto.randomUUID(),
    peers: async () => [],
    lastConnectionErrorAt: () => 0,
    close: () => client.close(),
  };
}
