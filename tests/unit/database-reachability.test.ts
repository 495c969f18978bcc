// db/client.ts without a database: the reconnect delay is capped at 1 s (postgres.js's own grows to
// 20 s), while the server is taken as unreachable queries are refused at once but for one probe
// every 250 ms, and the empty slots postgres.js leaves at the start of a result after a failed
// query are dropped (docs/reliability.md, tests 1 and 2, docs/reliability.md).
import { describe, expect, test } from 'bun:test';
import { dropEmptySlots, reachability, reconnectDelaySeconds } from '#db/postgres-pool.ts';
import { isDatabaseUnavailable } from '#server/errors.ts';

describe('reconnectDelaySeconds', () => {
  test('grows from a few tens of milliseconds and never passes 1 s, however many retries', () => {
    for (let retries = 0; retries <= 60; retries++) {
      for (let i = 0; i < 20; i++) {
        const delay = reconnectDelaySeconds(retries);
        expect(delay).toBeGreaterThan(0);
        expect(delay).toBeLessThanOrEqual(1);
      }
    }
    // Jittered between half and all of min(0.05 × 2^n, 1).
    for (let i = 0; i < 20; i++) {
      expect(reconnectDelaySeconds(0)).toBeGreaterThanOrEqual(0.025);
      expect(reconnectDelaySeconds(0)).toBeLessThanOrEqual(0.05);
      expect(reconnectDelaySeconds(10)).toBeGreaterThanOrEqual(0.5);
    }
  });
});

describe('reachability', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  test('nothing is refused while no query has failed for the server', () => {
    const { now } = clock();
    const server = reachability(now);
    expect(server.refuse()).toBe(false);
    expect(server.refuse()).toBe(false);
  });

  test('errors of one query or one connection do not take the server for away', () => {
    const { now } = clock();
    const server = reachability(now);
    for (const code of ['23505', '42P01', 'ECONNRESET', 'CONNECTION_CLOSED', 'DATABASE_UNREACHABLE', 'undefined']) server.failed(code);
    expect(server.refuse()).toBe(false);
  });

  test('once refused (connection refused): one probe every 250 ms goes through, the rest fail at once', () => {
    const { now, advance } = clock();
    const server = reachability(now);
    server.failed('ECONNREFUSED');
    expect(server.refuse()).toBe(false); // the probe
    expect(server.refuse()).toBe(true);
    advance(249);
    expect(server.refuse()).toBe(true);
    advance(1);
    expect(server.refuse()).toBe(false); // the next probe
    expect(server.refuse()).toBe(true);
  });

  test('the first query that succeeds ends the refusals', () => {
    const { now } = clock();
    const server = reachability(now);
    server.failed('57P01');
    server.refuse();
    expect(server.refuse()).toBe(true);
    server.succeeded();
    expect(server.refuse()).toBe(false);
    expect(server.refuse()).toBe(false);
  });

  test('shutdown codes take the server for away', () => {
    for (const code of ['57P01', '57P02', '57P03', 'ECONNREFUSED']) {
      const server = reachability(clock().now);
      server.failed(code);
      server.refuse();
      expect(server.refuse()).toBe(true);
    }
  });

  test('a connect timeout counts only when nothing was answered within the 3 s it took', () => {
    const { now, advance } = clock();
    const server = reachability(now);
    // Never answered (a start against a silent host): away.
    server.failed('CONNECT_TIMEOUT');
    server.refuse();
    expect(server.refuse()).toBe(true);

    // Other connections answered 2.9 s ago: one stuck connection, not the server.
    server.succeeded();
    advance(2_900);
    server.failed('CONNECT_TIMEOUT');
    expect(server.refuse()).toBe(false);
    expect(server.refuse()).toBe(false);

    // Nothing answered for 3 s: away.
    advance(100);
    server.failed('CONNECT_TIMEOUT');
    server.refuse();
    expect(server.refuse()).toBe(true);
  });
});

describe('dropEmptySlots', () => {
  test('removes the empty slots before the rows, in place, keeping the array and its properties', () => {
    // What postgres.js 3.4.9 answered after a query had failed with 3 rows received.
    const rows: unknown[] & { count?: number } = [];
    rows[3] = { id: 1 };
    rows[4] = { id: 2 };
    rows.count = 2;
    dropEmptySlots(rows);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rows.length).toBe(2);
    expect(rows.count).toBe(2);
  });

  test('an empty result whose slots are all empty becomes empty', () => {
    const rows: unknown[] = [];
    rows.length = 4;
    dropEmptySlots(rows);
    expect(rows).toEqual([]);
  });

  test('leaves whole results, null values and non-arrays alone', () => {
    const whole = [{ id: 1 }, null, [3]];
    dropEmptySlots(whole);
    expect(whole).toEqual([{ id: 1 }, null, [3]]);
    const empty: unknown[] = [];
    dropEmptySlots(empty);
    expect(empty).toEqual([]);
    expect(() => dropEmptySlots(undefined)).not.toThrow();
    expect(() => dropEmptySlots({ rows: [] })).not.toThrow();
  });
});

describe('isDatabaseUnavailable (a 503, not a 500)', () => {
  const failed = (code: string) => Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error(code), { code }) });

  test('connection errors of the driver and the server, also as the cause of a failed query', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', '57P01', 'DATABASE_UNREACHABLE']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code }))).toBe(true);
      expect(isDatabaseUnavailable(failed(code))).toBe(true);
    }
  });

  test('errors of the query itself are not', () => {
    for (const code of ['23505', '42P01', '22012']) expect(isDatabaseUnavailable(failed(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
  });
});
