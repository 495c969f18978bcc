import { readFileSync } from 'node:fs';
import { call } from '#src/lib/api-client.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 37 §6, §7: Admin → Payments. The coach sets the business details and a 20% tax rate,
// records a bank transfer for a granted package (the journeys' server has card payments on, but no
// card is involved), downloads its invoice, refunds part of it with a reason, and filters the
// ledger by client and month, whose CSV is the accountant's.

const CSV_HEADER = 'date,number,kind,method,status,payer,email,company,description,net,tax,total,currency,reason,stripe_id';

const dialog = (page: Page) => page.getByRole('dialog');
const rows = (page: Page, payer: string) => page.getByTestId('payment-row').filter({ visible: true }).filter({ hasText: payer });
const totals = (page: Page) => page.getByTestId('payments-totals');

/** The `YYYY-MM` of now in `timeZone`: the month the ledger files today's payments under. */
const monthIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

for (const width of [375, 1280]) {
  test(`at ${width} px: business details and tax are set, a bank transfer recorded, its invoice downloaded, part refunded, the ledger filtered and exported; axe-clean`, async ({
    page,
    typedApi,
    settings,
    axe,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Put back after the test: the other journeys read the same site.
    const { timeZone } = await settings.set({ taxRate: 0, pricesIncludeTax: true, businessName: '', businessAddress: '', taxId: '' });
    await signInAsOwner(page);

    // A client with a package granted by the coach, to be paid by bank transfer.
    const stamp = `${width}-${Date.now()}`;
    const clientName = `Noor Haddad ${width}`;
    const packageName = `Leadership block ${stamp}`;
    const { adminApi } = typedApi;
    const [intro] = await call(adminApi['session-types'].$get());
    const client = await call(
      adminApi.clients.$post({
        json: {
          name: clientName,
          email: `payer-${stamp}@example.com`,
          phone: '',
          organisation: '',
          timeZone: null,
          status: 'active',
          tags: [],
        },
      }),
    );
    const pack = await call(
      adminApi.packages.$post({
        json: { name: packageName, sessions: 4, sessionTypeIds: [intro!.id], validDays: null, price: '', priceMinor: null },
      }),
    );
    const grant = await call(
      adminApi.clients[':id'].packages.$post({
        param: { id: String(client.id) },
        json: { packageId: pack.id, note: 'Invoiced to the sponsor' },
      }),
    );
    const granted = grant.find((balance) => balance.name === packageName)!;

    try {
      await page.goto('/admin/payments');
      await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
      // Card payments are on in the journeys' server: no notice about turning them on.
      await expect(page.getByRole('heading', { name: 'Card payments are off' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Holds' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Webhook deliveries' })).toBeVisible();
      expect(await axe.serious()).toEqual([]);

      // Business details and tax: a rate over 100% is refused at its field, then 20% is saved.
      const business = page.getByRole('region', { name: 'Business details and tax' });
      await business.getByLabel('Business name').fill('Summit Coaching Ltd');
      await business.getByLabel('Business address').fill('1 High Street\nBristol BS1 4DJ');
      await business.getByLabel('Tax ID').fill('GB123456789');
      await business.getByLabel('Tax rate (%)').fill('120');
      await expect(business.getByRole('switch', { name: 'Prices include tax' })).toBeChecked();
      await page.getByRole('button', { name: 'Save Business Details' }).click();
      await expect(business.getByText('Tax rate must be at most 100%')).toBeVisible();
      await expect(business.getByLabel('Tax rate (%)')).toBeFocused();
      await business.getByLabel('Tax rate (%)').fill('20');
      await page.getByRole('button', { name: 'Save Business Details' }).click();
      await expect(toasts(page)).toContainText('Business details saved');
      await expect(page.getByText('All changes saved')).toBeVisible();
      const stored = await call(adminApi.settings.$get());
      expect(stored).toMatchObject({
        taxRate: 2000,
        pricesIncludeTax: true,
        businessName: 'Summit Coaching Ltd',
        businessAddress: '1 High Street\nBristol BS1 4DJ',
        taxId: 'GB123456789',
      });

      // A bank transfer for the granted package, invoiced to the sponsoring company.
      await page.getByRole('button', { name: 'Record a Payment' }).first().click();
      await expect(dialog(page)).toBeVisible();
      await dialog(page)
        .getByLabel('Client')
        .selectOption({ label: `${clientName} (payer-${stamp}@example.com)` });
      await expect(dialog(page).getByLabel('For')).toBeEnabled();
      await dialog(page).getByLabel('For').selectOption(`package:${granted.id}`);
      await dialog(page).getByRole('button', { name: 'Record Payment' }).click();
      await expect(dialog(page).getByText('Amount must be a number')).toBeVisible();
      await expect(dialog(page).getByText('The whole amount, 20% tax included.')).toBeVisible();
      await dialog(page)
        .getByLabel(/^Amount received/)
        .fill('120');
      await dialog(page).getByRole('switch', { name: 'Invoice a company' }).check();
      await dialog(page).getByLabel('Company name').fill('Acme Sponsors GmbH');
      await dialog(page).getByLabel('Company tax ID').fill('DE999999999');
      expect(await axe.serious()).toEqual([]);
      await dialog(page).getByRole('button', { name: 'Record Payment' }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(toasts(page)).toContainText('Payment recorded');

      const payment = rows(page, clientName);
      await expect(payment).toHaveCount(1);
      await expect(payment).toContainText(/INV-\d{4}/);
      await expect(payment).toContainText(`Package “${packageName}” (4 sessions)`);
      await expect(payment).toContainText('Bank transfer');
      await expect(payment).toContainText('Succeeded');
      await expect(payment).toContainText('€120.00');
      const number = (await payment.textContent())!.match(/INV-\d{4,}/)![0];

      // Only this client's: the totals are theirs.
      await page.getByLabel('Client', { exact: true }).selectOption({ label: clientName });
      await expect(page.getByTestId('payment-row').filter({ visible: true })).toHaveCount(1);
      await expect(totals(page)).toContainText('Received€120.00');
      await expect(totals(page)).toContainText('Refunded€0.00');
      await expect(totals(page)).toContainText('Kept€120.00');

      // Its invoice, as a PDF.
      const [invoice] = await Promise.all([
        page.waitForEvent('download'),
        payment.getByRole('link', { name: `Invoice ${number}` }).click(),
      ]);
      expect(invoice.suggestedFilename()).toBe(`invoice-${number}.pdf`);
      expect(
        readFileSync(await invoice.path())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('%PDF');

      // Part of it refunded: the amount is asked with what is left, and a reason is required.
      await payment.getByRole('button', { name: `Refund ${number}` }).click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByLabel(/^Amount to refund/)).toHaveValue('120.00');
      await dialog(page).getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog(page).getByText('Reason is required')).toBeVisible();
      await dialog(page)
        .getByLabel(/^Amount to refund/)
        .fill('150');
      await dialog(page).getByLabel('Reason').fill('Two sessions moved to the next quarter');
      await dialog(page).getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog(page).getByText('At most €120.00 can be refunded')).toBeVisible();
      await dialog(page)
        .getByLabel(/^Amount to refund/)
        .fill('30');
      expect(await axe.serious()).toEqual([]);
      await dialog(page).getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(toasts(page)).toContainText('Refund recorded');

      await expect(rows(page, clientName)).toHaveCount(2);
      const refund = rows(page, clientName).filter({ hasText: 'Refund' }).filter({ hasText: 'Two sessions moved to the next quarter' });
      await expect(refund).toContainText('-€30.00');
      await expect(refund.getByRole('link', { name: /^Credit note INV-\d{4,}$/ })).toBeVisible();
      await expect(rows(page, clientName).filter({ hasText: '€30.00 refunded' })).toContainText(number);
      await expect(totals(page)).toContainText('Received€120.00');
      await expect(totals(page)).toContainText('Refunded-€30.00');
      await expect(totals(page)).toContainText('Kept€90.00');

      // By month: this one lists both; one long ago lists nothing.
      const month = monthIn(timeZone);
      await page.getByLabel('Month', { exact: true }).fill('2020-01');
      await expect(page.getByText('Nothing was paid or refunded here.')).toBeVisible();
      await expect(totals(page)).toContainText('Kept€0.00');
      await page.getByLabel('Month', { exact: true }).fill(month);
      await expect(rows(page, clientName)).toHaveCount(2);
      await expect(totals(page)).toContainText('Kept€90.00');
      expect(await axe.serious()).toEqual([]);

      // The accountant's CSV, with the same filters.
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(csv.suggestedFilename()).toBe(`payments-${month}-client-${client.id}.csv`);
      const lines = readFileSync(await csv.path(), 'utf8')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`"${number}","payment","Bank transfer","succeeded","${clientName}",`);
      expect(lines[1]).toContain('"Acme Sponsors GmbH"');
      expect(lines[1]).toContain(',100.00,20.00,120.00,"EUR","",');
      expect(lines[2]).toMatch(/,"INV-\d{4,}","refund","Bank transfer","succeeded",/);
      expect(lines[2]).toContain(',-25.00,-5.00,-30.00,"EUR","Two sessions moved to the next quarter",');
    } finally {
      // The package goes (the grant keeps its terms); the client and the ledger stay, as the books must.
      expect((await adminApi.packages[':id'].$delete({ param: { id: String(pack.id) } })).status).toBe(204);
    }
  });
}
