import { expect, test } from './support/test.ts';

test('an unknown path renders the 404 page with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

// Back and forward navigate on the client (an RSC request, no page load): a page deleted meanwhile, or
// an admin page after signing out, must still end on the 404 page or the sign-in page
// (patches/waku@0.27.5.patch keeps these inside the navigation's transition).
test('going back to an address with no page shows the 404 page; to an admin page signed out, the sign-in page', async ({ page }) => {
  const backTo = async (address: string) => {
    await page.evaluate((target) => {
      history.pushState(null, '', target);
      history.pushState(null, '', '/about');
    }, address);
    await page.goBack();
  };
  await page.goto('/about');
  await backTo('/no-longer-here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page).toHaveURL(/\/no-longer-here$/);

  await page.goto('/about');
  await backTo('/admin/posts');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fposts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Sign In');
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

// Issue 33 §3: an address that decodes to NUL (which Postgres refuses in text) or to no UTF-8 at all
// is refused before the page cache or Waku reads it (scripts/start.ts, server/http/malformed-url.ts).
test('an address with a NUL, a lone surrogate or overlong UTF-8 is a 400 with a JSON message, never a render or a 500', async ({
  request,
}) => {
  const address = { message: 'The address contains characters that are not allowed' };
  const field = (name: string) => ({ message: `${name} contains characters that are not allowed`, field: name });
  for (const [path, answer] of [
    ['/x%00', address],
    ['/blog%00', address],
    ['/blog/x%C0%AE', address],
    ['/blog?tag=%00', field('tag')],
    ['/blog?category=%00', field('category')],
    ['/blog?q=%ED%A0%80', field('q')],
    ['/book/x?key=%00', field('key')],
    ['/RSC/R/blog.txt?query=tag%3D%2500', address],
    ['/og/x%00.png', address],
    ['/api/blog-posts/x%00', address],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.json()).toEqual(answer);
  }
});
