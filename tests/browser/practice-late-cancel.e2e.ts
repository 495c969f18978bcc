import { OWNER, signInAsOwner } from './support/admin.ts';
import { chooseFreeDay, timesOfDay } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 35 §3–§4, the client's side of a late cancellation: a client holding a package books a
// session for clients on its page (her credit is taken); past the session type's cut-off the email's manage
// link explains the rule and offers to cancel anyway; confirmed, the cancellation email (over real
// SMTP) says the credit stays used, and the coach's client page shows the ledger's forfeited row.

const rulesOf = (slug: string, name: string) => ({
  name,
  slug,
  description: '',
  minutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  dailyCap: null,
  location: null,
  access: 'clients',
  listed: false,
  // Thirty days: every time the booking page offers is already past it.
  cancelCutoffHours: 720,
  maxReschedules: null,
  questions: [],
});

for (const width of [375, 1280]) {
  test(`at ${width} px: a late cancel through the email link uses up the credit, said on the page, in the email and in the ledger; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    settings,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const context = await playwright.request.newContext({ baseURL });
    const owner: SiteApi = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
    await settings.set({ bookingEnabled: true });

    const stamp = `${width}-${Date.now()}`;
    const slug = `late-rules-${stamp}`;
    const email = `late-${stamp}@example.com`;
    const typeName = `Strategy session ${width}`;
    const made = await owner.post('/api/admin/session-types', { data: rulesOf(slug, typeName) });
    expect(made.status(), await made.text()).toBe(201);
    const type = await made.json();
    try {
      const client = await (
        await owner.post('/api/admin/clients', {
          data: { name: 'Ines Moreau', email, phone: '', organisation: '', timeZone: 'Europe/Paris', status: 'active', tags: [] },
        })
      ).json();
      const pack = await (
        await owner.post('/api/admin/packages', {
          data: { name: `Three strategy sessions ${width}`, sessions: 3, sessionTypeIds: [type.id], validDays: null, price: '' },
        })
      ).json();
      expect(
        (
          await owner.post(`/api/admin/clients/${client.id}/packages`, { data: { packageId: pack.id, note: 'Paid by bank transfer' } })
        ).status(),
      ).toBe(201);

      // The client books on the session's page with her credit (the last free time: out of the other journeys' way).
      await page.goto(`/book/${slug}`);
      await expect(page.getByRole('heading', { name: typeName, level: 1 })).toBeVisible();
      await chooseFreeDay(page, 0);
      await timesOfDay(page).last().click();
      await page.getByLabel('Name').fill('Ines Moreau');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Book the session' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your session is booked' })).toBeVisible();

      const confirmation = await waitForEmail(email, new RegExp(`^Your ${typeName} with `));
      expect(confirmation.text).toContain(`It uses a credit: 2 credits left in your package “Three strategy sessions ${width}”.`);
      const link = confirmation.text?.match(/https?:\/\/\S+\/book\/manage\?token=[\w.-]+/)?.[0];
      expect(link, 'a manage link in the confirmation').toBeDefined();

      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByText(`It uses a credit of your package “Three strategy sessions ${width}”: 2 left.`)).toBeVisible();
      await page.getByRole('button', { name: 'Cancel call' }).click();
      await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
      await expect(
        page.getByText('This session starts in less than 720 hours: cancelling it now uses up its credit. Confirm to cancel anyway.'),
      ).toBeVisible();
      await expect(page.getByText('Cancel anyway?')).toBeVisible();
      expect(await axe.serious()).toEqual([]);
      await page.getByRole('button', { name: 'Cancel anyway and use the credit' }).click();
      await expect(page.getByText(`Its credit stays used: 2 left in your package “Three strategy sessions ${width}”.`)).toBeVisible();

      const cancelled = await waitForEmail(email, /^Cancelled: /);
      expect(cancelled.text).toContain(
        `As it was cancelled after the cut-off, its credit stays used: 2 credits left in your package “Three strategy sessions ${width}”.`,
      );

      // The coach's side: the ledger row, and two sessions left.
      await signInAsOwner(page);
      await page.goto(`/admin/clients/${client.id}`);
      await expect(page.getByTestId('client-package')).toContainText(`Three strategy sessions ${width}: 2 of 3 sessions left`);
      await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(`Forfeited (0), Three strategy sessions ${width}`);
      expect(await axe.serious()).toEqual([]);
    } finally {
      // Out of the other journeys' way: hidden and private (a booked type cannot be deleted).
      const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
      await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, access: 'private' } });
      const { bookings } = await (await owner.get('/api/admin/bookings?when=upcoming')).json();
      for (const booking of bookings.filter((row: { email: string }) => row.email === email)) {
        await owner.post(`/api/admin/bookings/${booking.id}/cancel`, { data: { message: '' } });
      }
      await context.dispose();
    }
  });
}
