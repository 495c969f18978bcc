import { expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();

// The API tests run twice: on PGlite, and with DATABASE_URL on a real Postgres server.
test('the API tests run on the engine the environment selects', async () => {
  const expected = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  expect(testDb.handle.engine).toBe(expected);
  const result: unknown = await testDb.handle.db.execute(sql`select version() as version`);
  // postgres.js answers a row array, PGlite an object holding `rows`.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { version: string }[];
  const version = rows[0]?.version ?? '';
  console.log(`database engine: ${testDb.handle.engine} (${version.split(',')[0]})`);
  expect(version).toContain('PostgreSQL');
});
