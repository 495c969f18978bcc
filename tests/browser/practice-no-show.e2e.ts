import type { Availability } from '#src/schemas/booking.ts';
import { OWNER, signInAsOwner, toasts } from './support/admin.ts';
import { hoursStartingSoon } from './support/booking.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 35 §4, the coach's side of a no-show: a client books a session with her package credit; once
// it has started, the coach marks it a no-show on Admin → Booking with a reason; the row says so,
// the credit stays used (the ledger's forfeited row with the reason, two of three left), the
// no-show cannot be marked twice, and Return credit is offered instead. A session still ahead
// offers no no-show, and the API refuses one. At 375 and 1280 px, one after the other: each run
// has its own client, type and package, and erases its client at the end, which frees the time of
// its session (started, so it cannot be cancelled) for the next run's, two minutes on.

const MINUTE = 60_000;

for (const width of [375, 1280]) {
  test(`at ${width} px: once a session has started the coach marks a no-show: the credit stays used, with the reason in the ledger; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    settings,
    axe,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const context = await playwright.request.newContext({ baseURL });
    const owner: SiteApi = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
    await settings.set({ bookingEnabled: true });
    const stored: Availability = await (await owner.get('/api/admin/booking/availability')).json();

    // Today's hours begin two minutes from now, so the first slot starts then and soon has started.
    const open = hoursStartingSoon(stored);
    expect((await owner.put('/api/admin/booking/availability', { data: open })).status()).toBe(200);

    const stamp = `${width}-${Date.now()}`;
    const email = `no-show-${stamp}@example.com`;
    const slug = `no-show-${stamp}`;
    const clientName = `Lina Farouk ${width}`;
    const made = await owner.post('/api/admin/session-types', {
      data: {
        name: `Coaching hour ${width}`,
        slug,
        description: '',
        minutes: 15,
        bufferMinutes: 0,
        minNoticeHours: 0,
        dailyCap: null,
        location: null,
        access: 'clients',
        listed: false,
        cancelCutoffHours: 24,
        maxReschedules: null,
        questions: [],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const type = await made.json();
    try {
      const client = await (
        await owner.post('/api/admin/clients', {
          data: { name: clientName, email, phone: '', organisation: '', timeZone: 'UTC', status: 'active', tags: [] },
        })
      ).json();
      const pack = await (
        await owner.post('/api/admin/packages', {
          data: { name: `Three hours ${stamp}`, sessions: 3, sessionTypeIds: [type.id], validDays: null, price: '' },
        })
      ).json();
      expect((await owner.post(`/api/admin/clients/${client.id}/packages`, { data: { packageId: pack.id, note: '' } })).status()).toBe(201);

      const { slots } = await (await owner.get(`/api/booking/slots?type=${slug}`)).json();
      const first = slots[0] as { start: string };
      expect(Date.parse(first.start) - Date.now()).toBeLessThan(3 * MINUTE);
      const booked = await owner.post('/api/bookings', {
        data: { start: first.start, name: clientName, email, topic: '', timeZone: 'UTC', sessionType: slug },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      // Before it starts: no No-show on the row, and the API refuses one.
      await signInAsOwner(page);
      await page.goto('/admin/booking');
      const row = page.getByTestId('booking-row').filter({ hasText: clientName });
      await expect(row).toBeVisible();
      await expect(row.getByRole('button', { name: /^No-show/ })).toHaveCount(0);
      await expect(row.getByRole('button', { name: `Cancel call with ${clientName}` })).toBeVisible();
      const { bookings } = await (await owner.get('/api/admin/bookings?when=upcoming')).json();
      const booking = bookings.find((call: { email: string }) => call.email === email);
      const early = await owner.post(`/api/admin/bookings/${booking.id}/no-show`, { data: { reason: '' } });
      expect({ status: early.status(), body: await early.json() }).toEqual({
        status: 409,
        body: { message: 'A session can be marked as a no-show once it has started' },
      });

      // Once it has started, the row offers it, and no longer Cancel call (the server would refuse it).
      await page.waitForTimeout(Math.max(0, Date.parse(first.start) - Date.now() + 1_000));
      await page.reload();
      await expect(row.getByRole('button', { name: /^No-show/ })).toBeVisible();
      await expect(row.getByRole('button', { name: `Cancel call with ${clientName}` })).toHaveCount(0);
      await row.getByRole('button', { name: /^No-show/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark as a no-show' });
      await dialog.getByLabel('Reason').fill('Did not join');
      expect(await axe.serious()).toEqual([]);
      await dialog.getByRole('button', { name: 'Mark No-Show' }).click();
      await expect(toasts(page).getByText('Marked as a no-show')).toBeVisible();
      await expect(row.getByText('No-show', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: /^No-show/ })).toHaveCount(0);
      await expect(row.getByRole('button', { name: /^Return credit/ })).toBeVisible();

      const again = await owner.post(`/api/admin/bookings/${booking.id}/no-show`, { data: { reason: '' } });
      expect({ status: again.status(), body: await again.json() }).toEqual({
        status: 409,
        body: { message: 'This session is already marked as a no-show' },
      });

      // The credit stays used: two of three left, and the ledger says why.
      await page.goto(`/admin/clients/${client.id}`);
      await expect(page.getByTestId('client-package')).toContainText(`Three hours ${stamp}: 2 of 3 sessions left`);
      await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
        `Forfeited (0), Three hours ${stamp} · No-show: Did not join`,
      );
      expect(await axe.serious()).toEqual([]);
    } finally {
      // Out of the other journeys' way: her session's time freed by erasing her (as the next run books two
      // minutes on), the hours as they were, the type private (a booked type cannot be deleted).
      expect((await owner.post('/api/admin/privacy/erase', { data: { email } })).status()).toBe(200);
      expect((await owner.put('/api/admin/booking/availability', { data: stored })).status()).toBe(200);
      const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
      await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, access: 'private' } });
      await context.dispose();
    }
  });
}
