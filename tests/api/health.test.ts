import { describe, expect, test } from 'bun:test';
import { openPostgres } from '#db/client.ts';
import { freePort } from '#scripts/lib/disposable-postgres.ts';
import { installDatabase } from '#server/db.ts';
import { request } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();

describe('GET /api/health', () => {
  test('answers {"status":"ok"} after a round trip to the database', async () => {
    const response = await request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('answers 503 with a message when the database cannot be reached', async () => {
    // Nothing listens on a port we just found free, so every connection is refused.
    const unreachable = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/none`, 1);
    installDatabase(unreachable);
    try {
      const response = await request('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Database unavailable' });
    } finally {
      await unreachable.close();
      installDatabase(testDb.handle);
    }
  });
});
