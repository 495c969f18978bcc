import { expect, test } from './support/test.ts';

test('the production server answers /api/health with {"status":"ok"}', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
