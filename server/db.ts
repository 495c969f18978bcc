import type { Database, DatabaseHandle } from '../db/client.ts';

// Hands out the process's one database; opening, migrating and seeding it is server/boot.ts's job.
// The production bundle (dist/server) carries its own copy of this module next to the one the
// start script imports, so the handle lives on globalThis: one database per process.
const STATE = Symbol.for('coaching-site.database');

const state = ((globalThis as Record<symbol, { handle?: DatabaseHandle } | undefined>)[STATE] ??= {});

export async function database(): Promise<Database> {
  return (await databaseHandle()).db;
}

export async function databaseHandle(): Promise<DatabaseHandle> {
  if (!state.handle) throw new Error('The database is not open: server/boot.ts opens it at start');
  return state.handle;
}

/**
 * A value made once per database: a prepared query, whose text Drizzle builds once and whose plan
 * Postgres keeps per connection, instead of both on every call (a hot page's query).
 */
export function perDatabase<T>(make: (db: Database) => T): () => Promise<T> {
  const made = new WeakMap<Database, T>();
  return async () => {
    const db = await database();
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/** Installs the process's database (boot.ts once it is ready; tests give each file its own). */
export function installDatabase(handle: DatabaseHandle): void {
  state.handle = handle;
}

/** Closes the installed database, if any. */
export async function closeDatabase(): Promise<void> {
  const handle = state.handle;
  state.handle = undefined;
  await handle?.close();
}
