import { OWNER, signInAsOwner } from './support/admin.ts';
import { waitForEmail } from './support/mail.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin contact messages", §4 (unread → read, no way back), §8 toasts and
// docs/security.md#input-validation, against the seeded owner. Each journey sends its own message (the contact
// form allows 5 per 10 minutes per IP, and this file sends 2) and deletes it at the end.

interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

async function sendContactMessage(page: Page, fields: ContactFields) {
  // Sent once only (the form is rate limited), so wait for the page to settle and hydrate first.
  await page.goto('/contact', { waitUntil: 'networkidle' });
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Subject').fill(fields.subject);
  await page.getByLabel('Message').fill(fields.message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
}

/** The 'N unread' note on the dashboard's Messages card. */
async function dashboardUnread(page: Page): Promise<number> {
  await page.goto('/admin');
  const note = page.getByTestId('summary-messages').getByText(/^\d+ unread$/);
  await expect(note).toBeVisible();
  return Number((await note.textContent())!.split(' ')[0]);
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const listItem = (page: Page, name: string) => page.getByRole('region', { name: 'Messages' }).getByRole('button').filter({ hasText: name });
const detail = (page: Page) => page.getByRole('region', { name: 'Message', exact: true });

/** Opens a message from the list; a click that lands before hydration has no handler yet. */
async function openMessage(page: Page, item: Locator) {
  await expect(async () => {
    await item.click();
    await expect(detail(page).getByRole('heading', { level: 2 })).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

async function deleteOpenMessage(page: Page, name: string) {
  await detail(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Message' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Message deleted')).toBeVisible();
  await expect(listItem(page, name)).toHaveCount(0);
}

test("a new message arrives unread, is read from the email notice's link (which marks it read), replied to and deleted", async ({
  page,
}) => {
  const marker = `${Date.now()}`;
  const fields = {
    name: `Journey Sender ${marker}`,
    email: `journey-${marker}@example.com`,
    subject: `Rates? Terms & dates ${marker}`,
    message: 'I would like to hear about coaching.\nSecond line of the message.',
  };
  await sendContactMessage(page, fields);

  // The coach is emailed at once (delivered over SMTP), answerable by Reply, linking to the message.
  const notice = await waitForEmail(OWNER.email, new RegExp(`^New message from ${fields.name}: Rates\\? Terms & dates ${marker}$`));
  expect(notice.replyTo?.value).toEqual([{ name: fields.name, address: fields.email }]);
  expect(notice.text).toContain('I would like to hear about coaching.\nSecond line of the message.');
  const link = notice.text?.match(/https?:\/\/\S+\/admin\/contact-messages\?message=\d+/)?.[0];
  expect(link).toBeDefined();

  await signInAsOwner(page);
  const unreadBefore = await dashboardUnread(page);
  expect(unreadBefore).toBeGreaterThan(0);

  // Issue 32 §7: the link opens the message, and opening it marks it read, without a button or a toast.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(detail(page).getByRole('heading', { level: 2, name: fields.name })).toBeVisible();
  await expect(page.getByText(new RegExp(`· ${unreadBefore - 1} unread$`))).toBeVisible();
  await expect(detail(page).getByText('New', { exact: true })).toHaveCount(0);
  await expect(detail(page).getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
  await expect(toasts(page).getByText('Message marked as read')).toHaveCount(0);
  expect(await dashboardUnread(page)).toBe(unreadBefore - 1);

  await page.getByTestId('summary-messages').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/contact-messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Messages' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^\\d+ messages? · ${unreadBefore - 1} unread$`))).toBeVisible();
  await expect(detail(page).getByText('Select a message')).toBeVisible();

  const item = listItem(page, fields.name);
  await expect(item).toHaveCount(1);
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect(item).toContainText(fields.subject);
  await expect(item).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} at \d{2}:\d{2} (AM|PM)/);

  await openMessage(page, item);
  await expect(detail(page).getByRole('heading', { level: 2, name: fields.name })).toBeVisible();
  await expect(detail(page).getByRole('link', { name: fields.email })).toHaveAttribute('href', `mailto:${fields.email}`);
  await expect(detail(page).getByTestId('message-body')).toHaveText(fields.message);
  await detail(page).getByText('Technical details').click();
  await expect(detail(page).getByText('IP address')).toBeVisible();
  await expect(detail(page).getByText('User agent')).toBeVisible();

  // docs/security.md#input-validation: `?` and `&` in the subject are encoded, so they cannot start new mailto fields.
  const href = (await detail(page).getByRole('link', { name: 'Reply via Email' }).getAttribute('href'))!;
  expect(href).toContain(`?subject=${encodeURIComponent(`Re: ${fields.subject}`)}&body=`);
  expect(href).toContain('Re%3A%20Rates%3F%20Terms%20%26%20dates');
  const query = href.slice(href.indexOf('?') + 1).split('&');
  expect(query.map((pair) => pair.split('=')[0])).toEqual(['subject', 'body']);
  const reply = new URL(href);
  expect(reply.searchParams.get('subject')).toBe(`Re: ${fields.subject}`);
  expect(reply.searchParams.get('body')).toMatch(new RegExp(`^Hi ${fields.name},\\n\\nThank you for reaching out`));

  // docs/product.md §4: there is no way back to unread.
  await expect(detail(page).getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
  await deleteOpenMessage(page, fields.name);
  await expect(detail(page).getByText('Select a message')).toBeVisible();

  await page.reload();
  await expect(listItem(page, fields.name)).toHaveCount(0);
});

test('hostile text in a message renders as text in the list and the detail', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const marker = `${Date.now()}`;
  const fields = {
    name: '<img src=x onerror=alert(1)>',
    email: `hostile-${marker}@example.com`,
    subject: `<script>alert(2)</script> ${marker}`,
    message: '<b>bold?</b>\n<iframe srcdoc="<script>alert(3)</script>"></iframe>',
  };
  await sendContactMessage(page, fields);

  await signInAsOwner(page);
  await page.goto('/admin/contact-messages');
  const item = listItem(page, fields.subject);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(fields.name);
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  const unread = Number((await page.getByText(/^\d+ messages? · \d+ unread$/).textContent())!.match(/(\d+) unread$/)![1]);

  // Issue 32 §7: opening it from the list marks it read: its badge goes and the count follows.
  await openMessage(page, item);
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect(page.getByText(new RegExp(`· ${unread - 1} unread$`))).toBeVisible();
  await expect(detail(page).getByRole('heading', { level: 2 })).toHaveText(fields.name);
  await expect(detail(page).getByText(fields.subject)).toBeVisible();
  await expect(detail(page).getByTestId('message-body')).toHaveText(fields.message);
  await expect(page.locator('main img, main iframe, main b, main script')).toHaveCount(0);

  // Nothing ran: no alert, no injected element, then the message is removed again.
  expect(dialogs).toEqual([]);
  await deleteOpenMessage(page, fields.subject);
  expect(dialogs).toEqual([]);
});

test('on a phone the detail replaces the list, and Back returns to it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsOwner(page);
  await page.goto('/admin/contact-messages');

  const list = page.getByRole('region', { name: 'Messages' });
  const first = list.getByRole('button').first();
  await expect(first).toBeVisible();
  await expect(page.getByText('Select a message')).toBeHidden();

  await openMessage(page, first);
  await expect(list).toBeHidden();
  const back = page.getByRole('button', { name: 'Back to messages' });
  await expect(back).toBeVisible();
  await expect(detail(page).getByRole('heading', { level: 2 })).toBeFocused();

  await back.click();
  await expect(list).toBeVisible();
  await expect(back).toBeHidden();
});
