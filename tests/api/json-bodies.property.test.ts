// docs/security.md#input-validation harness (b): fast-check bodies, 200 runs per JSON endpoint. Each run
// sends one body (arbitrary JSON, arbitrary values serialised, objects shaped like the route's schema
// with hostile values and extra keys, truncated JSON, or plain garbage) as the caller the route serves,
// from the site's own origin, and asserts: the status is 2xx or 4xx, never 5xx; every 4xx is
// `{ message, field? }` JSON; and a 4xx leaves every table (rows and contents) exactly as it was.
// The endpoints and their fields are tests/helpers/json-bodies/; that every write route is one of
// them, or named as taking no JSON, is tests/api/json-endpoints.test.ts.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { setupTestDatabase } from '../helpers/database.ts';
import { JSON_ENDPOINTS } from '../helpers/json-bodies/endpoints.ts';
import { currentFixtures, send, setupJsonBodyFixtures, tableSnapshot } from '../helpers/json-bodies/fixtures.ts';
import { bodies } from '../helpers/json-bodies/values.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
setupJsonBodyFixtures(db);

/** docs/security.md#input-validation (b): 200 runs per JSON endpoint; PROPERTY_RUNS=2000 for a longer hunt. */
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

// ---- The property

describe(`${NUM_RUNS} generated bodies per JSON endpoint: 2xx or 4xx, 4xx is { message, field? } and changes nothing`, () => {
  for (const [route, endpoint] of Object.entries(JSON_ENDPOINTS)) {
    test(`${route} (${endpoint.caller})`, async () => {
      const f = await currentFixtures();
      // Only these requests touch the database meanwhile, so one run's "after" is the next one's "before".
      let before = await tableSnapshot();
      await fc.assert(
        fc.asyncProperty(bodies(endpoint.fields(f)), async (body) => {
          const response = await send(route, endpoint, f, body);
          const status = response.status;
          if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
            throw new Error(`${route} answered ${status}: ${await response.text()}`);
          }
          if (status >= 400) {
            // The charset is added by the server entry (server/security-headers.ts), outside this app.
            expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
            const answer = await response.json();
            expect(typeof answer.message).toBe('string');
            expect(Object.keys(answer).filter((key) => key !== 'message' && key !== 'field')).toEqual([]);
            if ('field' in answer) expect(typeof answer.field).toBe('string');
            // Taken as the next "before" even when it differs, so shrinking a failure compares afresh.
            const [previous, after] = [before, await tableSnapshot()];
            before = after;
            expect(after).toEqual(previous);
          } else {
            await response.arrayBuffer();
            before = await tableSnapshot();
          }
        }),
        { numRuns: NUM_RUNS },
      );
    }, 120_000);
  }
});
