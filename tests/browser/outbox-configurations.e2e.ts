// The outbox under the two configurations the shared journeys' server does not have (issue 15):
// none at all, as on a clean clone ("a contact message appears at /admin/outbox as a queued email
// to the coach", with the banner on how to configure email), and an SMTP server that refuses a
// message for good (failed, shown with the server's answer, and 'Retry' sends it once it accepts).
// Each journey starts its own production server on an empty PGlite folder.
import { startTestSmtp } from '../helpers/smtp.ts';
import { OWNER } from './support/admin.ts';
import { startOwnServer } from './support/own-server.ts';
import { expect, type Page, test } from './support/test.ts';

test.setTimeout(120_000);

async function signIn(page: Page, url: string) {
  const response = await page.request.post(`${url}/api/auth/login`, { data: OWNER, headers: { Origin: url } });
  expect(response.status()).toBe(200);
}

test('with no configuration, a contact message waits at /admin/outbox as a queued email to the coach, under the banner on how to send it', async ({
  page,
}) => {
  const server = await startOwnServer({});
  try {
    await page.goto(`${server.url}/contact`);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Coaching for my team');
    await page.getByLabel('Message').fill('I would like to talk about coaching for my leadership team.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();

    await signIn(page, server.url);
    await page.goto(`${server.url}/admin/outbox`);
    await expect(page.getByText('Email is not configured')).toBeVisible();
    await expect(page.getByText(/Emails are kept here and not sent\. To send them, set SMTP_URL/)).toBeVisible();
    const row = page.getByRole('button', { name: /New message from Ada Lovelace: Coaching for my team/ });
    await expect(row).toContainText('Queued');
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'New message from Ada Lovelace: Coaching for my team' });
    await expect(dialog.getByText(OWNER.email, { exact: true })).toBeVisible();
    await expect(dialog.getByText('"Ada Lovelace" <ada@example.com>')).toBeVisible();
    await expect(dialog.getByText('0 attempts')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send test email' })).toHaveCount(0);
  } finally {
    await server.stop();
  }
});

test('a message the SMTP server refuses for good (550) is shown failed with its answer; Retry sends it once the server accepts', async ({
  page,
}) => {
  const smtp = await startTestSmtp();
  smtp.failWith(550, 'No such mailbox', 1);
  const server = await startOwnServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
    OUTBOX_POLL_MS: '200',
    OUTBOX_RETRY_BASE_MS: '200',
  });
  try {
    const sent = await page.request.post(`${server.url}/api/contact`, {
      data: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Team offsite',
        message: 'Could we plan a leadership offsite together?',
      },
      headers: { Origin: server.url },
    });
    expect(sent.status()).toBe(201);
    await signIn(page, server.url);

    const row = page.getByRole('button', { name: /New message from Grace Hopper: Team offsite/ });
    await expect(async () => {
      await page.goto(`${server.url}/admin/outbox`);
      await expect(row).toContainText('Failed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(smtp.received).toHaveLength(0);

    await row.click();
    const dialog = page.getByRole('dialog', { name: 'New message from Grace Hopper: Team offsite' });
    await expect(dialog.getByText(/^550 No such mailbox/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Email queued again', { exact: true })).toBeVisible();

    const [arrived] = await smtp.waitFor(1, 15_000);
    expect(arrived.parsed.subject).toBe('New message from Grace Hopper: Team offsite');
    await expect(async () => {
      await page.goto(`${server.url}/admin/outbox`);
      await expect(row).toContainText('Sent', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await server.stop();
    await smtp.stop();
  }
});
