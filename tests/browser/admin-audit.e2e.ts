import { OWNER, signInAs, signInAsOwner } from './support/admin.ts';
import { expect, test } from './support/test.ts';

// /admin/audit: the owner sees who did what, filters it; another admin has neither the page nor
// its link.

test('the owner reads a settings change old → new and a sign-in in words, from 127.0.0.1, filters by action and person; another admin is refused', async ({
  page,
  browser,
  api,
  settings,
}) => {
  await signInAsOwner(page);
  const tagline = `Audited tagline ${Date.now()}`;
  const was = await settings.set({ coachTagline: tagline });

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const newest = page.getByRole('region', { name: 'Entries' }).getByRole('listitem').first();
  await expect(newest).toContainText('Settings changed');
  await expect(newest).toContainText(OWNER.email);
  await expect(newest).toContainText(`Tagline: ${was.coachTagline} → ${tagline}`);
  // Issue 32 §7: the address as people write it, and the details in words.
  await expect(newest).toContainText('from 127.0.0.1');
  await expect(newest).not.toContainText('::ffff:');

  await page.getByLabel('Action').selectOption({ label: 'Signed in' });
  const signIn = page.getByRole('region', { name: 'Entries' }).getByRole('listitem').first();
  await expect(signIn).toContainText('With the password, from a new browser');
  await expect(signIn).toContainText('from 127.0.0.1');
  await expect(signIn).not.toContainText('newDevice');
  await expect(signIn).not.toContainText('::ffff:');

  await page.getByLabel('Action').selectOption({ label: 'Post deleted' });
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await page.getByLabel('Action').selectOption({ label: 'Settings changed' });
  await expect(newest).toContainText(tagline);
  await page.getByLabel('Person').fill('nobody-at-all');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();

  // Another admin: no link, and the page and its API are refused.
  const email = `second-admin-${Date.now()}@example.com`;
  const password = `Second-Admin-${Date.now()}-Pw!`;
  expect((await api.post('/api/auth/admin/users', { data: { email, password, role: 'admin' } })).status()).toBe(201);
  const other = await browser.newPage();
  try {
    await signInAs(other, email, password);
    await other.goto('/admin');
    await expect(other.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    expect((await other.goto('/admin/audit'))!.status()).toBe(403);
    await expect(other.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect((await other.request.get('/api/admin/audit')).status()).toBe(403);
  } finally {
    await other.close();
  }
});
