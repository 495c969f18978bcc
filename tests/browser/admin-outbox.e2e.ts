import { OWNER, signInAsOwner } from './support/admin.ts';
import { readEmails, waitForEmail } from './support/mail.ts';
import { expect, test } from './support/test.ts';

test('the outbox: Send test email reports the SMTP answer, the email arrives, and its row opens to both bodies and its headers', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Email is delivered through your SMTP server.')).toBeVisible();

  await page.getByRole('button', { name: 'Send test email' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Test email sent' });
  await expect(toast).toContainText(`To ${OWNER.email}. The server answered: 250`);
  const arrived = await waitForEmail(OWNER.email, /^Test email from /);
  expect(arrived.text).toContain(`This is a test email sent to ${OWNER.email}`);

  const row = page.getByRole('button', { name: /Test email from/ }).first();
  await expect(row).toContainText('Sent');
  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Test email from / })).toBeVisible();
  await expect(dialog.getByText(arrived.messageId!)).toBeVisible();
  await expect(dialog.getByText(/^250/)).toBeVisible();
  const frame = dialog.frameLocator('iframe[title="The email as HTML"]');
  await expect(frame.getByText('If you can read it, the site can send email.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByText(/If you can read it, the site can send email\./)).toBeVisible();
  // Send Again: the same email, delivered again over SMTP with a Message-ID of its own.
  await dialog.getByRole('button', { name: 'Send Again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email queued to send again' })).toContainText(OWNER.email);
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(
      async () => (await readEmails()).filter((email) => email.subject === arrived.subject && email.messageId !== arrived.messageId).length,
    )
    .toBe(1);

  await page.getByLabel('Show').selectOption('failed');
  await expect(page.getByText('No emails with this status.')).toBeVisible();
});
