import { readFileSync } from 'node:fs';
import { signInAsOwner } from './support/admin.ts';
import { expect, test } from './support/test.ts';

test('subscribers: import a CSV after its preview and the consent, find them by search, export, and delete one', async ({
  page,
}, testInfo) => {
  await signInAsOwner(page);
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();

  const marker = Date.now();
  const csv = `email,first_name,last_name\r\nimport-a-${marker}@example.com,Ida,"Import, Jr."\r\nnot-an-email,X,Y\r\nimport-b-${marker}@example.com,=cmd(),Zed\r\n`;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subscribers' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toContainText('2 to add · 0 already on the list or repeated · 1 not readable');
  await expect(preview).toContainText('Line 3: not an email address: not-an-email');
  const importButton = dialog.getByRole('button', { name: 'Import 2' });
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel('These people agreed to receive my newsletter').check();
  await importButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 subscribers' })).toBeVisible();

  await page.getByLabel('Search name or email').fill(`${marker}`);
  await page.getByLabel('Search name or email').press('Enter');
  const rows = page
    .getByRole('list')
    .filter({ hasText: `import-a-${marker}@example.com` })
    .getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('subscribers-count')).toContainText('2 people · active');
  await expect(rows.first()).toContainText('from import');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const file = testInfo.outputPath('export.csv');
  await download.saveAs(file);
  const exported = readFileSync(file, 'utf8');
  expect(exported.split('\r\n')[0]).toBe('email,first_name,last_name,status,source,subscribed_at,confirmed_at,unsubscribed_at');
  expect(exported).toContain(`"import-b-${marker}@example.com","'=cmd()","Zed","active","import"`);
  expect(exported).toContain(`"import-a-${marker}@example.com","Ida","Import, Jr."`);

  await rows
    .filter({ hasText: `import-b-${marker}` })
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Subscriber' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('subscribers-count')).toContainText('1 person · active');
});
