import { OWNER, signInAs, signInAsOwner } from './support/admin.ts';
import { okJson } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

test('a signed-out visitor is sent to the login page by the server, with no admin data', async ({ request }) => {
  for (const [path, login] of [
    ['/admin', '/admin/login'],
    ['/admin/users', '/admin/login?next=%2Fadmin%2Fusers'],
    ['/admin/posts/12?tab=preview', '/admin/login?next=%2Fadmin%2Fposts%2F12%3Ftab%3Dpreview'],
  ]) {
    const response = await request.get(path!, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe(login);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).not.toContain(OWNER.email);
  }
});

test('login: validation messages, a failed sign-in, then success with the welcome toast and the dashboard', async ({ page, typedApi }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await password.fill('Wrong-Passw0rd!');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(toasts.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Email').fill(OWNER.email);
  await password.fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(toasts.getByText(`Welcome back, ${OWNER.email}!`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The toast names the account signed in; the dashboard greets the coach by the first word of Settings' coach name (issue 32 §7).
  const { coachName } = await okJson(typedApi.adminApi.settings.$get());
  await expect(page.getByText(`Welcome back, ${coachName.split(' ')[0]}`, { exact: true })).toBeVisible();

  // Signed in, the login page sends you on to the admin.
  const again = await page.goto('/admin/login');
  expect(again?.url()).toMatch(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toasts.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(toasts.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  const afterLogout = await page.request.get('/api/auth/me');
  expect(afterLogout.status()).toBe(401);
});

test('security headers are on pages, assets, API answers and 404s alike', async ({ request, page }) => {
  await page.goto('/');
  const asset = await page.evaluate(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute('href'));
  for (const path of ['/', '/blog', String(asset), '/api/health', '/no-such-page', '/favicon.svg']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect({ path, nosniff: headers['x-content-type-options'], frame: headers['x-frame-options'] }).toEqual({
      path,
      nosniff: 'nosniff',
      frame: 'DENY',
    });
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['access-control-allow-origin']).toBeUndefined();
  }
});

// Issue: sign-in keeps where the coach was going; only same-site paths are followed.
test('signed out, an admin address leads to the sign-in page and, once signed in, back to that address', async ({
  page,
  api,
  typedApi,
}) => {
  await signInAsOwner(page);
  const created = await typedApi.adminApi['blog-posts'].$post({
    json: { title: `Kept address ${Date.now()}`, content: 'Body.', published: false },
  });
  expect(created.status).toBe(201);
  const post = await created.json();
  await page.context().clearCookies();

  await page.goto(`/admin/posts/${post.id}`);
  await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(`/admin/posts/${post.id}`)}`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(post.title);
  await api.delete(`/api/admin/blog-posts/${post.id}`);
});

// The spec: "A logged-in user is redirected to /admin; after login it goes to /admin" — a same-site
// `next` may send the coach on to where they were going; anything else still goes to /admin.
test('an off-site next is never followed: signing in goes to /admin', async ({ page }) => {
  for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '%2F%2Fevil.example']) {
    await page.context().clearCookies();
    await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin$/);
  }
});

test('an admin already signed in who opens /admin/login with an off-site next is redirected to /admin, never off the site', async ({
  page,
}) => {
  await signInAsOwner(page);
  for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '%2F%2Fevil.example', 'javascript:alert(1)']) {
    const response = await page.request.get(`/admin/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    expect({ next, status: response.status(), location: response.headers().location }).toEqual({ next, status: 303, location: '/admin' });
  }
  const kept = await page.request.get(`/admin/login?next=${encodeURIComponent('/admin/settings')}`, { maxRedirects: 0 });
  expect([kept.status(), kept.headers().location]).toEqual([303, '/admin/settings']);
});

// The spec's guard: "Authenticated non-admins see 'Access Denied' and 'You need admin privileges to access this page.'"
test('a signed-in non-admin opening /admin/login sees Access Denied with HTTP 403', async ({ page, api }) => {
  await signInAsOwner(page);
  const email = `member-${Date.now()}@example.com`;
  const password = 'Member-Passw0rd!';
  const created = await api.post('/api/auth/admin/users', { data: { email, password, role: 'user' } });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  await signInAs(page, email, password);
  const response = await page.goto('/admin/login');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});
