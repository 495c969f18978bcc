import { expect, test } from 'bun:test';
import { request } from '../helpers/app.ts';

test('an unknown API path answers 404 with a JSON message', async () => {
  const response = await request('/api/no-such-endpoint');
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toEqual({ message: 'Not found' });
});
