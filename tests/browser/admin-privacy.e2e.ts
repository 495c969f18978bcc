import { readFileSync } from 'node:fs';
import type { InferResponseType } from 'hono/client';
import { DEFAULT_RETENTION, type PersonalDataSummary, type Retention } from '#src/schemas/privacy.ts';
import { openFromAdminMenu, signInAsOwner, toasts } from './support/admin.ts';
import { refuseToLeave } from './support/dialogs.ts';
import { okJson, type SiteApi, type SiteClients, siteApi } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// /admin/privacy (issue 23, point 4): a visitor's contact message and newsletter signup, made
// through the public API, looked up by their address, exported as one JSON file that holds them
// and nobody else, and erased, while another visitor's message stays. The contact form allows 5
// messages per 10 minutes per IP and the newsletter 5 signups: this file sends 2 messages and 1
// signup. The retention form saves, reloads and refuses with the schema's messages; the file
// puts the stored retention and the newsletter switch (the `settings` fixture) back.

/** What GET /api/admin/privacy/export answers (the file behind Export JSON), as its route declares it. */
type PersonalDataExport = InferResponseType<SiteClients['adminApi']['privacy']['export']['$get'], 200>;

const summaryOf = ({ adminApi }: SiteClients, email: string) => okJson(adminApi.privacy.$get({ query: { email } }));
const readRetention = ({ adminApi }: SiteClients) => okJson(adminApi.privacy.retention.$get());

async function putRetention({ adminApi }: SiteClients, retention: Retention) {
  const response = await adminApi.privacy.retention.$put({ json: retention });
  expect(response.status).toBe(200);
}

/** A visitor (no session) writes through the contact form's API. */
async function sendMessage(visitor: SiteApi, message: { name: string; email: string; subject: string; message: string }) {
  const response = await visitor.post('/api/contact', { data: message });
  expect(response.status(), await response.text()).toBe(201);
}

const held = (summary: PersonalDataSummary) =>
  summary.contactMessages.length +
  (summary.subscription ? 1 : 0) +
  summary.newsletterDeliveries.length +
  summary.bookings.length +
  summary.emails.length;

/** Signs in and opens /admin/privacy from the admin menu (the drawer on a phone). */
async function openPrivacy(page: Page) {
  await signInAsOwner(page);
  await openFromAdminMenu(page, 'Privacy');
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy requests | Summit Leadership Coaching');
}

const TABS = 'Privacy requests';

/** Types the address and presses Look up. */
async function lookUp(page: Page, email: string) {
  const requests = page.getByRole('tabpanel', { name: 'Requests' });
  await requests.getByLabel('Email address').fill(email);
  await requests.getByRole('button', { name: 'Look up' }).click();
}

const result = (page: Page, email: string) => page.getByRole('region', { name: `Held about ${email}` });

/** What the test found stored, to put back. */
let storedRetention: Retention | null = null;

test.afterEach(async ({ page, typedApi }) => {
  if (storedRetention === null) return;
  await signInAsOwner(page);
  await putRetention(typedApi, DEFAULT_RETENTION);
  storedRetention = null;
});

test("a visitor's message and signup are listed, exported as JSON without another person's, and erased; the other message stays", async ({
  page,
  request,
  typedApi,
  axe,
  settings,
  tablist,
}, testInfo) => {
  const visitor = siteApi(request);
  const marker = Date.now();
  const person = `ada.privacy.${marker}@example.com`;
  const other = `grace.privacy.${marker}@example.com`;
  await sendMessage(visitor, {
    name: 'Ada Privacy',
    email: person,
    subject: 'Coaching for a new team lead',
    message: `I would like to talk about leading my former peers (${marker}).`,
  });
  await sendMessage(visitor, {
    name: 'Grace Other',
    email: other,
    subject: 'Another question',
    message: `Someone else entirely, who must stay (${marker}).`,
  });

  await signInAsOwner(page);
  await settings.set({ newsletterEnabled: true });
  const signup = await visitor.post('/api/newsletter/subscribe', { data: { email: person, firstName: 'Ada', source: 'footer' } });
  expect(signup.status()).toBe(202);
  // The signup is recorded after the answer.
  await expect.poll(async () => (await summaryOf(typedApi, person)).subscription?.status, { timeout: 10_000 }).toBe('pending');
  const before = await summaryOf(typedApi, person);
  expect(before.contactMessages).toHaveLength(1);

  await openPrivacy(page);
  await expect(tablist(TABS).tabs).toHaveText(['Requests', 'Retention']);
  await expect(tablist(TABS).tab('Requests')).toHaveAttribute('aria-selected', 'true');
  await lookUp(page, person);

  const found = result(page, person);
  await expect(found).toBeVisible();
  await expect(found.getByTestId('privacy-total')).toHaveText(`${held(before)} records`);
  const messages = found.getByRole('region', { name: 'Contact messages (1)' });
  await expect(messages).toContainText('Coaching for a new team lead');
  await expect(messages).toContainText('From Ada Privacy');
  const subscription = found.getByRole('region', { name: 'Newsletter subscription (1)' });
  await expect(subscription).toContainText('Pending confirmation');
  await expect(subscription).toContainText('From signup in the footer');
  await expect(found.getByRole('region', { name: 'Newsletters received (0)' })).toContainText('None');
  await expect(found.getByRole('region', { name: 'Intro calls (0)' })).toContainText('None');
  // The coach's notice of the message (it names the address) and the signup's confirmation.
  const emails = found.getByRole('region', { name: `Emails sent to or about them (${before.emails.length})` });
  await expect(emails).toContainText('New message from Ada Privacy: Coaching for a new team lead');
  await expect(emails).toContainText('Signup confirmation');
  await expect(found).not.toContainText('Grace Other');
  expect(await axe.serious()).toEqual([]);

  // Export: the JSON file of everything held about the address, and nothing of the other person.
  const [download] = await Promise.all([page.waitForEvent('download'), found.getByRole('link', { name: 'Export JSON' }).click()]);
  expect(download.suggestedFilename()).toBe(`personal-data-${person.replace('@', '_')}.json`);
  const file = testInfo.outputPath('personal-data.json');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  // The file the browser saved, read as its route declares it.
  const exported: PersonalDataExport = JSON.parse(text);
  expect(exported.email).toBe(person);
  expect(exported.contactMessages).toHaveLength(1);
  expect(exported.contactMessages[0]).toMatchObject({
    name: 'Ada Privacy',
    email: person,
    subject: 'Coaching for a new team lead',
    message: `I would like to talk about leading my former peers (${marker}).`,
  });
  expect(exported.newsletterSubscription).toMatchObject({ email: person, firstName: 'Ada', status: 'pending' });
  expect(exported.emails).toHaveLength(before.emails.length);
  expect(text).not.toContain(other);
  expect(text).not.toContain('Grace Other');

  // On a phone's width: nothing scrolls sideways, the dialog included.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axe.serious()).toEqual([]);

  await found.getByRole('button', { name: 'Erase everything' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase everything about ${person}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone');
  await expect(dialog).toContainText('upcoming calls are deleted without an email to the person');
  await expect(dialog).toContainText('keep an anonymous count');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axe.serious()).toEqual([]);
  // Cancel leaves everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(held(await summaryOf(typedApi, person))).toBe(held(before));

  await found.getByRole('button', { name: 'Erase everything' }).click();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(toasts(page).getByText(`Erased: ${held(before)} records`, { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(found.getByText(`Nothing is held about ${person}.`)).toBeVisible();
  await expect(found.getByTestId('privacy-total')).toHaveText('0 records');
  await expect(found.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
  await expect(found.getByRole('link', { name: 'Export JSON' })).toHaveCount(0);
  // The keyboard goes on from the result's heading, not from the page's top.
  await expect(found.getByRole('heading', { name: `Held about ${person}` })).toBeFocused();

  const after = await summaryOf(typedApi, person);
  expect(held(after)).toBe(0);
  const inbox = await okJson(typedApi.adminApi['contact-messages'].$get({ query: {} }));
  expect(inbox.map((message) => message.email)).not.toContain(person);
  expect(inbox.map((message) => message.email)).toContain(other);

  // Tidy up: the other person goes too.
  const cleanup = await typedApi.adminApi.privacy.erase.$post({ json: { email: other } });
  expect(cleanup.status).toBe(200);
});

test('a bad address is named under the field and focused, nothing is looked up; an unknown one holds nothing', async ({ page, axe }) => {
  await openPrivacy(page);
  const requests = page.getByRole('tabpanel', { name: 'Requests' });
  const field = requests.getByLabel('Email address');
  const lookups: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/admin/privacy') lookups.push(sent.url());
  });

  await expect(async () => {
    await requests.getByRole('button', { name: 'Look up' }).click();
    await expect(requests.getByText('Email is required')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await field.fill('not-an-address');
  await expect(requests.getByText('Please enter a valid email address')).toBeVisible();
  await requests.getByRole('button', { name: 'Look up' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAttribute('aria-describedby', 'privacy-email-error');
  expect(lookups).toEqual([]);
  await expect(page.getByRole('region', { name: /^Held about/ })).toHaveCount(0);
  expect(await axe.serious()).toEqual([]);

  const nobody = `nobody.${Date.now()}@example.com`;
  await lookUp(page, `  ${nobody} `);
  await expect(field).not.toHaveAttribute('aria-invalid');
  const found = result(page, nobody);
  await expect(found.getByText(`Nothing is held about ${nobody}.`)).toBeVisible();
  await expect(found.getByRole('link', { name: 'Export JSON' })).toHaveCount(0);
  await expect(found.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
  expect(lookups).toHaveLength(1);
});

test('retention saves and is there after a reload; a bad value is named, focused and saves nothing; leaving asks first', async ({
  page,
  typedApi,
  axe,
  tablist,
}) => {
  await openPrivacy(page);
  storedRetention = await readRetention(typedApi);
  await tablist(TABS).select('Retention');
  const form = page.getByRole('tabpanel', { name: 'Retention' });
  const network = form.getByLabel('Days to keep IP addresses and browser details of contact messages');
  const messages = form.getByLabel('Delete contact messages after');
  await expect(form).toContainText('every hour');
  await expect(network).toHaveValue(String(storedRetention.contactNetworkDays));
  await expect(messages).toHaveValue(storedRetention.contactMessageDays === null ? '' : String(storedRetention.contactMessageDays));

  await network.fill('14');
  await messages.fill('400');
  await expect(form.getByText('Unsaved changes')).toBeVisible();
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(toasts(page).getByText('Retention saved', { exact: true })).toBeVisible();
  await expect(form.getByText('All changes saved')).toBeVisible();
  expect(await readRetention(typedApi)).toEqual({ contactNetworkDays: 14, contactMessageDays: 400 });

  await page.reload();
  await tablist(TABS).select('Retention');
  await expect(network).toHaveValue('14');
  await expect(messages).toHaveValue('400');

  // Empty keeps messages.
  await messages.fill('');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByText('All changes saved')).toBeVisible();
  expect(await readRetention(typedApi)).toEqual({ contactNetworkDays: 14, contactMessageDays: null });

  await network.fill('0');
  await messages.fill('10');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByText('Days to keep IP addresses must be at least 1')).toBeVisible();
  await expect(form.getByText('Days to keep messages must be at least 30')).toBeVisible();
  await expect(network).toBeFocused();
  await expect(network).toHaveAttribute('aria-invalid', 'true');
  await expect(messages).toHaveAttribute('aria-invalid', 'true');
  expect(await readRetention(typedApi)).toEqual({ contactNetworkDays: 14, contactMessageDays: null });
  expect(await axe.serious()).toEqual([]);

  await refuseToLeave(page);
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expect(network).toHaveValue('0');

  // Put back to the defaults from the form itself.
  await network.fill(String(DEFAULT_RETENTION.contactNetworkDays));
  await messages.fill('');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByText('All changes saved')).toBeVisible();
  expect(await readRetention(typedApi)).toEqual(DEFAULT_RETENTION);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('neither tab scrolls sideways, and axe finds nothing serious on either', async ({ page, axe, tablist }) => {
    await openPrivacy(page);
    await lookUp(page, `nobody.${Date.now()}@example.com`);
    await expect(page.getByRole('region', { name: /^Held about/ }).getByText(/^Nothing is held about/)).toBeVisible();
    for (const name of ['Requests', 'Retention']) {
      await tablist(TABS).select(name);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, name).toBeLessThanOrEqual(320);
      expect(await axe.serious(), name).toEqual([]);
    }
  });
});
