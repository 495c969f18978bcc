import { signInAsOwner } from './support/admin.ts';
import { readEmails, waitForEmail } from './support/mail.ts';
import { typedSiteApi } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

const ACCEPTED = 'Thank you! Check your inbox: we have sent you a link to confirm your subscription.';
const SIGNUP = { name: 'Newsletter signup' } as const;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function subscribersApi(page: Page) {
  await signInAsOwner(page);
  const response = await typedSiteApi(page.request).adminApi.subscribers.$get({ query: {} });
  const list = await response.json();
  await page.context().clearCookies();
  return list;
}

test('off on first start: the Coming Soon card and no signup anywhere; on: the card leads to the signup', async ({ page, settings }) => {
  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Weekly Newsletter' }) });
  await expect(card.getByText('Coming Soon')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Newsletter signup' })).toHaveCount(0);

  await settings.set({ newsletterEnabled: true });
  await page.goto('/');
  await expect(card.getByText('Coming Soon')).toHaveCount(0);
  await card.getByRole('link', { name: 'Weekly Newsletter' }).click();
  await expect(page).toHaveURL(/\/services#newsletter$/);
  await expect(page.locator('#newsletter').getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
});

test('subscribe on a post → the confirmation email → a plain GET of its link leaves them pending → the button confirms, once', async ({
  page,
  settings,
}) => {
  await settings.set({ newsletterEnabled: true });
  const email = `reader-${Date.now()}@example.com`;
  await page.goto('/blog');
  await expect(page.getByRole('contentinfo').getByRole('form', SIGNUP)).toBeVisible();
  await page.getByRole('article').first().getByRole('link').first().click();
  // One signup on a post (issue 32 §6): its own, after the article; the footer has none there.
  const form = page.getByRole('main').getByRole('form', SIGNUP);
  await expect(form).toBeVisible();
  await expect(page.getByRole('form', SIGNUP)).toHaveCount(1);
  await expect(page.getByRole('contentinfo').getByRole('form', SIGNUP)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('main').getByRole('form', SIGNUP)).toBeVisible();
  await expect(page.getByRole('form', SIGNUP)).toHaveCount(1);

  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  // The names are optional and folded away until asked for.
  const addName = form.getByRole('button', { name: 'Add your name' });
  await expect(addName).toHaveAttribute('aria-expanded', 'false');
  await expect(form.getByLabel('First name (optional)')).toBeHidden();
  await addName.click();
  await expect(addName).toHaveAttribute('aria-expanded', 'true');
  await expect(form.getByLabel('Last name (optional)')).toBeVisible();
  await form.getByLabel('First name (optional)').fill('Rita');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(ACCEPTED);

  const confirmation = await waitForEmail(email, /^Confirm your subscription to /);
  const link = confirmation.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const path = new URL(link!).pathname + new URL(link!).search;

  // What a mail scanner does: a GET. Nothing changes.
  expect((await page.request.get(path)).status()).toBe(200);
  expect((await subscribersApi(page)).map((row) => row.email)).not.toContain(email);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');
  expect((await subscribersApi(page)).map((row) => row.email)).toContain(email);

  // The same link again (the page was cached before the click) says they are subscribed already.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: "You're already subscribed" })).toBeVisible();
  await expect(page).toHaveTitle(/^You're already subscribed/);
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);

  // A link that names nobody says so, and how to get a new one.
  await page.goto(`${path}x`);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is not valid or has expired. Subscribe again to get a new one.');
});

test('the coach sends a newsletter from a post: it arrives with both List-Unsubscribe headers, one click unsubscribes, and the next one does not reach them', async ({
  page,
  typedApi,
  settings,
}) => {
  await settings.set({ newsletterEnabled: true });
  const email = `subscriber-${Date.now()}@example.com`;
  await page.goto('/services#newsletter');
  const form = page.locator('#newsletter').getByRole('form', SIGNUP);
  // The email is all it asks (issue 32 §6).
  await expect(form.getByRole('textbox')).toHaveCount(1);
  await expect(form.getByRole('button', { name: 'Add your name' })).toHaveAttribute('aria-expanded', 'false');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('#newsletter').getByRole('status')).toHaveText(ACCEPTED);
  const confirmation = await waitForEmail(email, /^Confirm your subscription to /);
  const confirmLink = new URL(confirmation.text!.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)![0]);
  await page.goto(confirmLink.pathname + confirmLink.search);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');

  await signInAsOwner(page);
  await page.goto('/admin/newsletters');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  await page.getByRole('button', { name: 'New newsletter' }).click();
  const fromPost = page.getByLabel('Start from a post');
  const firstPost = await fromPost.locator('option').nth(1).textContent();
  await fromPost.selectOption({ index: 1 });
  await expect(page.getByLabel('Subject')).toHaveValue(firstPost!);
  const subject = `${firstPost} (${Date.now()})`;
  await page.getByLabel('Subject').fill(subject);
  const body = page.getByLabel('Body');
  await body.fill(`## This week\n\n${await body.inputValue()}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.frameLocator('iframe[title="The newsletter as it will arrive"]').getByRole('link', { name: 'Unsubscribe' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
  await expect(dialog).toContainText(/goes to \d+ active subscribers? now/);
  const sendButton = dialog.getByRole('button', { name: /^Send to \d+$/ });
  const recipients = Number((await sendButton.textContent())!.replace('Send to ', ''));
  await sendButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Newsletter on its way' })).toBeVisible();
  // The progress follows the send live, without a reload, to its end.
  await expect(page.getByTestId('newsletter-figures')).toContainText(`0 queued · ${recipients} delivered · 0 failed`, { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: `100% of ${recipients} recipients done` })).toBeVisible();
  // The detail and the list say the same, at once (issue 32 §6).
  const detail = page.getByRole('region', { name: subject });
  const row = page.getByRole('button', { name: new RegExp(escaped(subject)) });
  await expect(detail.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row).toContainText(`${recipients} of ${recipients} delivered`);
  // The copy as sent is the email, rendered: a heading and a link, no Markdown.
  const copy = page.frameLocator('iframe[title="The newsletter as it arrived"]');
  await expect(copy.getByRole('heading', { level: 2, name: 'This week' })).toBeVisible();
  await expect(copy.getByRole('link', { name: `Read “${firstPost}” on the blog` })).toBeVisible();
  await expect(copy.locator('body')).not.toContainText('##');
  await expect(copy.locator('body')).not.toContainText('](');

  const newsletter = await waitForEmail(email, new RegExp(`^${escaped(subject)}$`));
  const header = (name: string) =>
    newsletter.headerLines
      .find((line) => line.key === name)
      ?.line.replace(/\r\n[ \t]+/g, ' ')
      .replace(/^[^:]+:\s*/, '');
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = header('list-unsubscribe')?.match(/^<(.+)>$/)?.[1];
  expect(oneClick).toMatch(/\/api\/newsletter\/unsubscribe\?token=\d+\.[\w-]{22}$/);

  // What a mail client's Unsubscribe button does (RFC 8058): a POST, no cookie, no page.
  await page.context().clearCookies();
  const url = new URL(oneClick!);
  const unsubscribed = await page.request.post(url.pathname + url.search, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);

  // The next newsletter: everyone still subscribed gets it, they do not.
  await signInAsOwner(page);
  const next = await typedApi.adminApi.newsletters.$post({ json: { subject: `Next issue ${Date.now()}`, body: 'Hello again.' } });
  const { id, subject: nextSubject } = await next.json();
  const byId = { param: { id: String(id) } };
  expect((await typedApi.adminApi.newsletters[':id'].send.$post({ ...byId, json: {} })).status).toBe(200);
  await expect
    .poll(
      async () => {
        const current = await (await typedApi.adminApi.newsletters[':id'].$get(byId)).json();
        return current.status === 'sent' && current.figures.queued === 0 && current.figures.delivered > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const toThem = (await readEmails()).filter((mail) => mail.subject === nextSubject && JSON.stringify(mail.to).includes(email));
  expect(toThem).toHaveLength(0);

  // Their unsubscribe page offers the way back.
  await page.context().clearCookies();
  await page.goto(`/newsletter/unsubscribe${url.search}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').first()).toHaveText('You have been unsubscribed. You will not receive the newsletter any more.');
  // Coming back is double opt-in again (issue 33 §4): a new confirmation link, and only its button subscribes them.
  const confirmationsTo = async () =>
    (await readEmails()).filter(
      (mail) => /^Confirm your subscription to /.test(mail.subject ?? '') && JSON.stringify(mail.to).includes(email),
    );
  const linksBefore = (await confirmationsTo()).length;
  await expect(page.getByText('We will email you a link to confirm that you want it again.')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText('Check your inbox: we have sent you a link to confirm that you want the newsletter again.')).toBeVisible();
  await expect.poll(async () => (await confirmationsTo()).length, { timeout: 15_000 }).toBe(linksBefore + 1);
  const again = (await confirmationsTo()).at(-1)!;
  const againLink = new URL(again.text!.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)![0]);
  await page.goto(againLink.pathname + againLink.search);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');
});

test('a newsletter scheduled for later waits in the list as Scheduled, with its date', async ({ page, api, typedApi }) => {
  await signInAsOwner(page);
  await page.goto('/admin/newsletters');
  await page.getByRole('button', { name: 'New newsletter' }).click();
  const subject = `Spring issue ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Body').fill('# Spring\n\nWhat changes when a team grows.');
  await page.getByLabel('Or send it later').fill('2099-03-04T09:30');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Newsletter scheduled' })).toBeVisible();

  const row = page.getByRole('button', { name: new RegExp(subject) });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('2099');
  const listed = await (await typedApi.adminApi.newsletters.$get({ query: {} })).json();
  const stored = listed.newsletters.find((newsletter) => newsletter.subject === subject)!;
  expect(stored.status).toBe('scheduled');
  expect(new Date(stored.scheduledFor!).getFullYear()).toBe(2099);
  const removed = await api.delete(`/api/admin/newsletters/${stored.id}`);
  expect(removed.status()).toBe(204);
});
