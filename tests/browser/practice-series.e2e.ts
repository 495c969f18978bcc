import { COACHING } from '../helpers/practice.ts';
import { OWNER, signInAsOwner, toasts } from './support/admin.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 35 §5 in the admin: on a client's page the coach opens "Book a Series", checks the dates
// (one beyond the client's credits is marked, in words, and nothing can be booked), shortens the
// series, checks again, and books it: the timeline lists the sessions. The journeys share one
// database, so the series is two years ahead (beyond any visitor's booking window) and its
// bookings are cancelled at the end.

/** A coaching session for clients with a credit, unlisted. */
const typeOf = (slug: string, name: string) => ({ ...COACHING, slug, name, listed: false });

/** The first Monday of a month two years ahead, a different month per width. */
function firstMonday(monthOffset: number): string {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear() + 2, monthOffset % 12, 1);
  const days = (8 - new Date(first).getUTCDay()) % 7;
  return new Date(first + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

for (const [width, month] of [
  [320, 1],
  [1280, 4],
] as const) {
  test(`at ${width} px: a series is checked date by date, a date without a credit is marked in words, and the free series is booked; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const context = await playwright.request.newContext({ baseURL });
    const owner: SiteApi = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);

    const stamp = `${width}-${Date.now()}`;
    const typeName = `Weekly coaching ${width}`;
    const email = `series-${stamp}@example.com`;
    const made = await owner.post('/api/admin/session-types', { data: typeOf(`series-${stamp}`, typeName) });
    expect(made.status(), await made.text()).toBe(201);
    const type = await made.json();
    try {
      const client = await (
        await owner.post('/api/admin/clients', {
          data: { name: 'Noor Haddad', email, phone: '', organisation: '', timeZone: null, status: 'active', tags: [] },
        })
      ).json();
      const pack = await (
        await owner.post('/api/admin/packages', {
          data: { name: `Three weekly sessions ${width}`, sessions: 3, sessionTypeIds: [type.id], validDays: null, price: '' },
        })
      ).json();
      expect((await owner.post(`/api/admin/clients/${client.id}/packages`, { data: { packageId: pack.id, note: 'Paid' } })).status()).toBe(
        201,
      );

      await signInAsOwner(page);
      await page.goto(`/admin/clients/${client.id}`);
      await page.getByRole('button', { name: 'Book a Series' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book Noor Haddad into a series' });
      await dialog.getByLabel('Session type').selectOption({ label: typeName });
      await dialog.getByLabel('First date').fill(firstMonday(month));
      await dialog.getByLabel('Time', { exact: true }).fill('10:00');
      await dialog.getByLabel('Repeat').selectOption({ label: 'Every week' });
      await dialog.getByLabel('How many sessions').fill('4');
      await dialog.getByRole('button', { name: 'Check Dates' }).click();

      await expect(dialog.getByRole('status')).toContainText('1 of 4 dates cannot be booked.');
      const dates = dialog.getByRole('list', { name: 'Dates of the series' }).getByRole('listitem');
      await expect(dates).toHaveCount(4);
      await expect(dates.nth(0)).toContainText('Free · uses a credit');
      await expect(dates.nth(3)).toContainText('Cannot be booked: No credit left for this one');
      await expect(dialog.getByRole('button', { name: /^Book \d+ Sessions$/ })).toHaveCount(0);
      expect(await axe.serious()).toEqual([]);
      // Nothing overflows the narrowest screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await dialog.getByLabel('How many sessions').fill('3');
      await expect(dialog.getByText('You changed the series: check the dates again before booking.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Check Dates' }).click();
      await expect(dialog.getByRole('status')).toContainText('All 3 dates are free.');
      await dialog.getByRole('button', { name: 'Book 3 Sessions' }).click();

      await expect(toasts(page)).toContainText('Series booked');
      await expect(dialog).toBeHidden();
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expect(timeline.getByText(`Booked ${typeName} for`)).toHaveCount(3);
      await expect(page.getByTestId('client-package')).toContainText(`Three weekly sessions ${width}: 0 of 3 sessions left`);
      expect(await axe.serious()).toEqual([]);
    } finally {
      // Out of the other journeys' way: the sessions cancelled, the type hidden and private.
      const client = (await (await owner.get(`/api/admin/clients?search=${encodeURIComponent(email)}`)).json()).clients[0];
      const detail = client ? await (await owner.get(`/api/admin/clients/${client.id}`)).json() : { timeline: [] };
      for (const event of detail.timeline.filter(
        (row: { kind: string; status?: string }) => row.kind === 'booking' && row.status === 'confirmed',
      )) {
        await owner.post(`/api/admin/bookings/${event.id}/cancel`, { data: { message: '' } });
      }
      const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
      await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, access: 'private' } });
      await context.dispose();
    }
  });
}
