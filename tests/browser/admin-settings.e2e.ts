import { FIRST_START_SETTINGS } from '#tests/helpers/first-start-settings.ts';
import { OWNER, signInAs, signInAsOwner, toasts } from './support/admin.ts';
import { refuseToLeave } from './support/dialogs.ts';
import { expect, type Page, test } from './support/test.ts';

// The site description and the switches stay out: the tests here do not change them.
const { siteDescription: _description, bookingEnabled: _booking, ...FIRST_START } = FIRST_START_SETTINGS;

/** Other journeys read the first-start brand: every test here puts it back (through the API: the page may hold unsaved changes). */
test.afterEach(async ({ page, api }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  const response = await api.patch('/api/admin/settings', { data: FIRST_START });
  expect(response.status()).toBe(200);
});

async function openSettings(page: Page) {
  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Settings | Summit Leadership Coaching');
}

test('a bad field is named beside it, focused, and nothing is saved', async ({ page, typedApi }) => {
  await openSettings(page);
  await page.getByLabel('Site name').fill('   ');
  await page.getByLabel('X (optional)', { exact: true }).fill('x.com/harbour');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Site name is required')).toBeVisible();
  await expect(page.getByText('X link must start with https:// or http://, or be empty')).toBeVisible();
  await expect(page.getByLabel('Site name')).toBeFocused();
  await expect(page.getByLabel('Site name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('2 unsaved changes')).toBeVisible();

  const stored = await (await typedApi.adminApi.settings.$get()).json();
  expect(stored).toMatchObject({ siteName: 'Summit Leadership Coaching', socialX: FIRST_START.socialX });
});

test('the site, coach and social links saved in settings show on the public pages at once', async ({ page }) => {
  await openSettings(page);
  await page.getByLabel('Site name').fill('Harbour Coaching');
  await page.getByLabel('Coach name').fill('Alex Morgan');
  await page.getByLabel('Tagline').fill('Calm, clear leadership');
  await page.getByLabel('Contact email').fill('alex@harbour.example');
  await page.getByLabel('X (optional)', { exact: true }).fill('https://x.com/harbour');
  await page.getByLabel('LinkedIn (optional)', { exact: true }).fill('');
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await expect(page.getByText('7 unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveTitle('Harbour Coaching');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Harbour Coaching home' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('Harbour Coaching', { exact: true })).toBeVisible();
  // The emptied LinkedIn link shows no icon (and nothing links to '#'); the others keep their links.
  const social = page.getByRole('list', { name: 'Social media' });
  await expect(social.getByRole('link')).toHaveCount(3);
  await expect(social.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);
  await expect(social.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/harbour');
  await expect(social.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', FIRST_START.socialFacebook);
  await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', FIRST_START.socialInstagram);
  await expect(page.getByRole('contentinfo').locator('a[href="#"]')).toHaveCount(0);

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByText('Calm, clear leadership')).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText('alex@harbour.example').first()).toBeVisible();

  await page.goto('/admin/settings');
  await expect(page.getByLabel('Site name')).toHaveValue('Harbour Coaching');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
  await expect(page.getByLabel('LinkedIn (optional)', { exact: true })).toHaveValue('');
  await expect(page.getByText('Empty: the footer shows no LinkedIn icon.')).toBeVisible();

  // With every link emptied, the footer has no social list at all.
  for (const network of ['X', 'Facebook', 'Instagram']) await page.getByLabel(`${network} (optional)`, { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByText('Harbour Coaching', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Social media' })).toHaveCount(0);
});

test('the feature switches take effect at once: the newsletter signup appears in the footer', async ({ page }) => {
  await openSettings(page);
  const signup = page.getByRole('switch', { name: 'Newsletter signup' });
  await expect(signup).not.toBeChecked();
  await signup.check();
  await expect(toasts(page).getByText('Newsletter signup is on', { exact: true })).toBeVisible();
  await expect(signup).toBeEnabled();
  await page.goto('/contact');
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' })).toBeVisible();

  await page.goto('/admin/settings');
  await page.getByRole('switch', { name: 'Newsletter signup' }).uncheck();
  await expect(toasts(page).getByText('Newsletter signup is off', { exact: true })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('form', { name: 'Newsletter signup' })).toHaveCount(0);
});

test('unsaved changes ask before leaving', async ({ page }) => {
  await openSettings(page);
  await page.getByLabel('Coach name').fill('Someone Else');
  await refuseToLeave(page);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Coach name')).toHaveValue('Someone Else');
});
