// Issue 23: /admin/account in Chromium. Two-factor sign-in set up with a code computed here from the
// key the page shows (as an authenticator app would), then signing in with password + code and with
// a recovery code (once); the sessions list, 'Sign out' and 'Sign out everywhere else' seen from a
// second browser; and the owner's rule that every admin sets it up first. Each test makes its own
// admins: the owner's sign-in stays password-only for every other journey.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { fillLoginForm, OWNER, signInAs, signInAsOwner, toasts } from './support/admin.ts';
import { waitForEmail } from './support/mail.ts';
import { siteApi, typedSiteApi } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

const PASSWORD = 'Journey-Account-Passw0rd!';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** An admin made by the owner through the API (in a page of its own, so the test's page stays signed out). */
async function createAdmin(page: Page, email: string) {
  await signInAs(page, OWNER.email, OWNER.password);
  const response = await siteApi(page.request).post('/api/auth/admin/users', { data: { email, password: PASSWORD, role: 'admin' } });
  expect(response.status()).toBe(201);
}

/** An authenticator app: the code for the current 30-second step, never a step it has given before. */
function authenticator(secret: string) {
  let last = -1;
  return async () => {
    const now = Math.floor(Date.now() / 30_000);
    let step = now;
    if (step <= last) {
      // The server refuses a step twice. One step ahead is accepted (a phone's clock a little
      // fast); further than that, wait for time to catch up.
      step = last + 1;
      if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 50));
    }
    last = step;
    return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
  };
}

async function logout(page: Page) {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('two-factor sign-in: set up with the QR code’s key, then password + code; a recovery code works once', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('two-factor');
  const ownerContext = await browser.newContext();
  await createAdmin(await ownerContext.newPage(), email);
  await ownerContext.close();

  await fillLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  expect(await axe.serious()).toEqual([]);

  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await axe.serious()).toEqual([]);
  const secret = ((await card.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const nextCode = authenticator(secret);

  // A wrong code is said under the field; the right one turns it on.
  await card.getByLabel('Code from your app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('That code is not right. Enter the newest code your app shows.')).toBeVisible();
  await card.getByLabel('Code from your app').fill(await nextCode());
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(toasts(page).getByText('Two-factor sign-in is on', { exact: true })).toBeVisible();

  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  expect(await axe.serious()).toEqual([]);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await card.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(list).toHaveCount(0);
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText(/10 recovery codes left\./)).toBeVisible();

  // Signed out, the password alone no longer signs in: the second step asks for the code.
  await logout(page);
  await fillLoginForm(page, email, PASSWORD);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await axe.serious()).toEqual([]);
  await page.getByLabel('Authentication code').fill(await nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toasts(page).getByText(`Welcome back, ${email}!`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // A recovery code instead of the app: it works once.
  await logout(page);
  await fillLoginForm(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const notice = await waitForEmail(email, /^A recovery code was used to sign in/);
  expect(notice.text).toContain('You have 9 recovery codes left.');

  await logout(page);
  await fillLoginForm(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid recovery code. Please try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();
  await page.getByLabel('Authentication code').fill(await nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Turned off with the password, behind its dialog; the account is told.
  await page.goto('/admin/account');
  await expect(card.getByText(/9 recovery codes left\./)).toBeVisible();
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await waitForEmail(email, /^Two-factor sign-in was turned off/);
});

test("the sessions list, 'Sign out' and 'Sign out everywhere else': the other browsers are signed out at once", async ({
  page,
  browser,
  axe,
}) => {
  const email = uniqueEmail('sessions');
  const ownerContext = await browser.newContext();
  await createAdmin(await ownerContext.newPage(), email);
  await ownerContext.close();

  const firefox = await browser.newContext({ userAgent: FIREFOX });
  const iphone = await browser.newContext({ userAgent: SAFARI_IPHONE });
  try {
    const firefoxPage = await firefox.newPage();
    const iphonePage = await iphone.newPage();
    await signInAs(firefoxPage, email, PASSWORD);
    await signInAs(iphonePage, email, PASSWORD);
    await fillLoginForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin/account');
    const panel = page.getByRole('region', { name: "Where you're signed in" });
    await expect(panel.getByTestId('sessions-count')).toHaveText('3 sessions');
    const here = panel.getByRole('listitem').filter({ hasText: 'This browser' });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText(/Chrome \d+ on Linux/);
    await expect(panel.getByRole('listitem', { name: 'Firefox 128 on Windows' })).toContainText(/Signed in .* · Last active /);
    await expect(panel.getByRole('listitem', { name: 'Safari 17 on iOS' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);

    // One session signed out: that browser is sent to the sign-in page at its next page.
    await panel.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
    await expect(toasts(page).getByText('Session signed out', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('sessions-count')).toHaveText('2 sessions');
    await iphonePage.goto('/admin/account');
    await expect(iphonePage).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount$/);

    await firefoxPage.goto('/admin/account');
    await expect(firefoxPage.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toasts(page).getByText('Signed out everywhere else', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('sessions-count')).toHaveText('1 session');
    await expect(panel.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    await firefoxPage.reload();
    await expect(firefoxPage).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount$/);
    expect((await firefoxPage.request.get('/api/auth/me')).status()).toBe(401);
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  } finally {
    await firefox.close();
    await iphone.close();
  }
});

test('the owner requires two factors: an admin without them is sent to /admin/account and set up there before anything else', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('held');
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await createAdmin(ownerPage, email);
  await fillLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);

  await signInAsOwner(ownerPage);
  const ownerApi = siteApi(ownerPage.request);
  let ownerCode: (() => Promise<string>) | undefined;
  try {
    // The owner's own second factor first (through the API: this journey is about the other admin).
    const setup = await typedSiteApi(ownerPage.request).adminApi.account['two-factor'].setup.$post();
    ownerCode = authenticator((await setup.json()).secret);
    const confirmed = await ownerApi.post('/api/admin/account/two-factor/confirm', { data: { code: await ownerCode() } });
    expect(confirmed.status()).toBe(200);
    await ownerPage.goto('/admin/account');
    const rule = ownerPage.getByRole('switch', { name: 'Require two-factor sign-in for every admin' });
    await expect(rule).not.toBeChecked();
    await rule.check();
    await expect(toasts(ownerPage).getByText('Two-factor sign-in is required', { exact: true })).toBeVisible();

    // The other admin, already signed in: every admin page now leads to the account page.
    await page.goto('/admin/posts');
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText('Set up two-factor sign-in to continue.')).toBeVisible();
    expect((await page.request.get('/api/admin/blog-posts')).status()).toBe(403);
    await expect(page.getByRole('switch', { name: 'Require two-factor sign-in for every admin' })).toHaveCount(0);

    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const nextCode = authenticator(((await card.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s/g, ''));
    await card.getByLabel('Code from your app').fill(await nextCode());
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page.getByText('Set up two-factor sign-in to continue.')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeDisabled();
    await page.goto('/admin/posts');
    await expect(page).toHaveURL(/\/admin\/posts$/);
  } finally {
    // The owner signs in with the password alone again for every other journey.
    const off = await ownerApi.put('/api/admin/account/require-two-factor', { data: { required: false } });
    expect(off.status()).toBe(200);
    const disabled = await ownerApi.post('/api/admin/account/two-factor/disable', { data: { password: OWNER.password } });
    expect([204, 409]).toContain(disabled.status());
    await ownerContext.close();
  }
});
