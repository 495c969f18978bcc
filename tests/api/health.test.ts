import { describe, expect, test } from 'bun:test';
import { openPostgres } from '../../db/client.ts';
import { useDatabase } from '../../server/db.ts';
import { request } from '../helpers/app.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { freePort } from '../../scripts/lib/disposable-postgres.ts';

const testDb = useTestDatabase();

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
    useDatabase(unreachable);
    try {
      const response = await request('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Database unavailable' });
    } finally {
      await unreachable.close();
      useDatabase(testDb.handle);
    }
  });
});
