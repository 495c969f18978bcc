import { expect, spyOn, test } from 'bun:test';
import { assignRequestId, logRequest, requestIdOf } from '#server/log.ts';
import { request } from '../helpers/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The JSON lines written to stdout and stderr while `run` runs. */
async function logged(run: () => unknown): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const out = spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const err = spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line));
}

test('a request is one JSON line: time, level, request id, method, path, status and ms, never the query string', async () => {
  const req = new Request('http://localhost:3000/blog?token=secret&password=hunter2', { headers: { Cookie: 'session=abc' } });
  const id = assignRequestId(req);
  expect(id).toMatch(UUID);
  expect(requestIdOf(req)).toBe(id);
  const [line, ...rest] = await logged(() => logRequest(req, id, 200, 12.345));
  expect(rest).toEqual([]);
  expect(line).toEqual({
    time: expect.any(String),
    level: 'info',
    event: 'request',
    requestId: id,
    method: 'GET',
    path: '/blog',
    status: 200,
    ms: 12.3,
  });
  expect(JSON.stringify(line)).not.toMatch(/secret|hunter2|session|abc/);
});

test('the secret key in the private calendar feed’s address is not logged', async () => {
  const req = new Request('http://localhost:3000/api/calendar-feed/Zk3J9qWx-secret-token.ics');
  const [line] = await logged(() => logRequest(req, 'a', 200, 1));
  expect(line!.path).toBe('/api/calendar-feed/(hidden)');
});

test('a 503 (database away) is a warning, any other 5xx an error', async () => {
  const req = new Request('http://localhost:3000/');
  const lines = await logged(() => {
    logRequest(req, 'a', 503, 1);
    logRequest(req, 'b', 500, 1);
    logRequest(req, 'c', 404, 1);
  });
  expect(lines.map((line) => line.level)).toEqual(['warn', 'error', 'info']);
});

test('every API answer carries its request id in X-Request-Id, and the id given by the server is the one used', async () => {
  const first = await request('/api/health');
  const second = await request('/api/blog-posts/no-such-post');
  expect(first.headers.get('X-Request-Id')).toMatch(UUID);
  expect(second.headers.get('X-Request-Id')).toMatch(UUID);
  expect(first.headers.get('X-Request-Id')).not.toBe(second.headers.get('X-Request-Id'));
});

test('a security event is one line with the request id of its request and no password', async () => {
  let status = 0;
  const lines = await logged(async () => {
    const response = await request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@example.com', password: 'Sup3r-secret!' }),
    });
    status = response.status;
  });
  expect(status).toBe(403);
  const event = lines.find((line) => line.event === 'cross_site_refused');
  expect(event).toMatchObject({ level: 'warn', security: true, requestId: expect.stringMatching(UUID), path: '/api/auth/login' });
  expect(JSON.stringify(lines)).not.toContain('Sup3r-secret!');
});
