// db/client.ts without a database: the reconnect delay is capped at 1 s (postgres.js's own grows to
// 20 s), and while the server is taken as unreachable queries are refused at once but for one
// probe every 250 ms (SECURITY.md §3 tests 1 and 2, docs/reliability.md).
import { describe, expect, test } from 'bun:test';
import { reachability, reconnectDelaySeconds } from '../../db/client.ts';

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
