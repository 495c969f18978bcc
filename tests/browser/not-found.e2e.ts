import { expect, test } from './support/test.ts';

test('an unknown path renders the 404 page with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('a nested unknown path is a 404 too', async ({ request }) => {
  const response = await request.get('/deeply/nested/unknown');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Did you forget to add the page to the router?');
});

test('pages answer only GET and HEAD: other methods get 405 with Allow, never a render or a 500', async ({ request }) => {
  for (const [method, path] of [
    ['POST', '/blog'],
    ['DELETE', '/'],
    ['PUT', '/contact'],
    ['POST', '/RSC/R/blog.txt'],
    ['PATCH', '/admin/posts'],
  ] as const) {
    const response = await request.fetch(path, { method, data: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers().allow).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ message: 'Method not allowed' });
  }
  expect((await request.head('/blog')).status()).toBe(200);
});
