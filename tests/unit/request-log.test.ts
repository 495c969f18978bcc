import { expect, test } from 'bun:test';
import { formatRequestLine } from '../../server/request-log.ts';

test('a request line holds method, path, status and milliseconds, never the query string', () => {
  expect(formatRequestLine('GET', 'http://localhost:3000/blog?token=secret', 200, 12.345)).toBe('GET /blog 200 12.3ms');
});
