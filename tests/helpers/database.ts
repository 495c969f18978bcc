// Each test file gets its own fresh, migrated database: a PGlite copy of a migrated template,
// or, when DATABASE_URL points at a Postgres server, a new database created on it.
import { afterAll, beforeAll } from 'bun:test';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { type DatabaseHandle, openPglite, openPostgres } from '#db/client.ts';
import { PGLITE_EXTENSIONS } from '#db/pglite-options.ts';
import { closeDatabase, installDatabase } from '#server/db.ts';

let pgliteTemplate: Promise<Blob> | undefined;

async function migratedPgliteTemplate(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await openPglite(client).migrate();
  const blob = await client.dumpDataDir('none');
  await client.close();
  return blob;
}

async function createPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `test_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl);
  pgliteTemplate ??= migratedPgliteTemplate();
  return openPglite(new PGlite({ loadDataDir: await pgliteTemplate, extensions: PGLITE_EXTENSIONS }));
}

/** Installs a fresh database as the app's for the tests of the calling file. */
export function setupTestDatabase(): { readonly handle: DatabaseHandle } {
  const ref = {} as { handle: DatabaseHandle };
  beforeAll(async () => {
    ref.handle = await createTestDatabase();
    installDatabase(ref.handle);
  }, 60_000);
  afterAll(() => closeDatabase());
  return ref;
}
