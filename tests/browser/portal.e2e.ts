import { readFileSync } from 'node:fs';
import { OWNER, signInAsOwner } from './support/admin.ts';
import { chooseFreeDay, timesOfDay } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 36, the client's side: a client holding a package signs in to /portal with the code from
// the emailed sign-in (over real SMTP), sees their session with its rules and credit and their
// package, moves the session through the same manage page as the email's link while it is free to,
// sees the rule once the cut-off has passed, books another session with her credit (/book knows
// her) and downloads her data. The coach's client page says when the portal was used, and turning
// it off signs the client out.

const rulesOf = (slug: string, name: string, cancelCutoffHours: number) => ({
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
  cancelCutoffHours,
  maxReschedules: null,
  questions: [],
});

for (const width of [375, 1280]) {
  test(`at ${width} px: a client signs in with the emailed code, moves her session, meets the rule after the cut-off, books with her credit, downloads her data; the coach turns the portal off; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    settings,
    axe,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const context = await playwright.request.newContext({ baseURL });
    const owner: SiteApi = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
    await settings.set({ bookingEnabled: true });

    const stamp = `${width}-${Date.now()}`;
    const slug = `portal-${stamp}`;
    const email = `portal-${stamp}@example.com`;
    const typeName = `Portal session ${width}`;
    const packName = `Three portal sessions ${width}`;
    const made = await owner.post('/api/admin/session-types', { data: rulesOf(slug, typeName, 24) });
    expect(made.status(), await made.text()).toBe(201);
    const type = await made.json();
    try {
      const client = await (
        await owner.post('/api/admin/clients', {
          data: { name: 'Yara Nassar', email, phone: '', organisation: '', timeZone: 'Europe/London', status: 'active', tags: [] },
        })
      ).json();
      const pack = await (
        await owner.post('/api/admin/packages', {
          data: { name: packName, sessions: 3, sessionTypeIds: [type.id], validDays: null, price: '' },
        })
      ).json();
      expect((await owner.post(`/api/admin/clients/${client.id}/packages`, { data: { packageId: pack.id, note: '' } })).status()).toBe(201);
      // Her session, booked with her credit at the last time offered (out of the other journeys' way).
      const { slots } = await (await owner.get(`/api/booking/slots?type=${slug}`)).json();
      const booked = await owner.post('/api/bookings', {
        data: { start: slots.at(-1).start, name: 'Yara Nassar', email, topic: '', timeZone: 'Europe/London', sessionType: slug },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      // Signed out, /portal asks for the address; the code comes by email.
      await page.goto('/portal');
      await expect(page.getByRole('heading', { name: 'Your client portal', level: 1 })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expect(page.getByRole('status')).toContainText('a sign-in link and a 6-digit code are on their way');
      expect(await axe.serious()).toEqual([]);
      const signIn = await waitForEmail(email, /^Your sign-in link for /);
      const code = signIn.text?.match(/Your sign-in code: (\d{6})/)?.[1];
      expect(code, 'a code in the sign-in email').toBeDefined();
      await page.getByLabel('Code from the email').fill(code!);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      await expect(page.getByText('Hello, Yara Nassar')).toBeVisible();
      const session = page.getByRole('article', { name: new RegExp(`^${typeName}, `) });
      await expect(session).toContainText(/Free to cancel or move until /);
      await expect(session).toContainText(`Uses a credit of “${packName}”: 2 left.`);
      await expect(page.getByRole('article', { name: packName })).toContainText('2 of 3 sessions left');
      await expect(page.getByRole('region', { name: 'Signed-in browsers' })).toContainText('(this browser)');
      expect(await axe.serious()).toEqual([]);
      const before = await session.locator('p').first().textContent();

      // Inside the cut-off she moves it, on the manage page her email's link opens too.
      await session.getByRole('link', { name: 'Reschedule or cancel' }).click();
      await expect(page).toHaveURL(/\/book\/manage\?token=/);
      await page.getByRole('button', { name: 'Reschedule' }).click();
      const times = page.getByRole('list', { name: /^Time on / }).getByRole('button');
      await expect(times.first()).toBeVisible();
      await times.first().click();
      await page.getByRole('button', { name: /^Move to / }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your call has moved.' })).toBeVisible();
      await page.goto('/portal');
      await expect(session).toBeVisible();
      expect(await session.locator('p').first().textContent()).not.toBe(before);

      // Past the cut-off (the coach made it 30 days) the portal says the rule, and the page offers no move.
      const { id: typeId, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
      expect((await owner.put(`/api/admin/session-types/${typeId}`, { data: { ...input, cancelCutoffHours: 720 } })).status()).toBe(200);
      await page.reload();
      await expect(session).toContainText(/The free cancellation ended .*: it can no longer be moved, and cancelling uses up its credit\./);
      await session.getByRole('link', { name: 'Reschedule or cancel' }).click();
      await expect(page.getByRole('button', { name: 'Cancel call' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

      // She books another session from her portal with her credit: /book knows her.
      await page.goto('/portal');
      const book = page.getByRole('region', { name: 'Book a session' });
      await expect(book).toContainText(`uses a credit of “${packName}” (2 left)`);
      await book.getByRole('link', { name: `Book ${typeName}` }).click();
      await expect(page.getByRole('heading', { name: typeName, level: 1 })).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('Yara Nassar');
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await chooseFreeDay(page, 0);
      await timesOfDay(page).last().click();
      await page.getByRole('button', { name: 'Book the session' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your session is booked' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to your portal' }).click();
      await expect(page.getByRole('article', { name: new RegExp(`^${typeName}, `) })).toHaveCount(2);
      await expect(page.getByRole('article', { name: packName })).toContainText('1 of 3 sessions left');

      // Everything held about her, as one file.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(exported.email).toBe(email);
      expect(exported.client.name).toBe('Yara Nassar');

      // The coach (in the same browser: their session is another cookie) sees she used it, and turns it off.
      await signInAsOwner(page);
      await page.goto(`/admin/clients/${client.id}`);
      const panel = page.getByRole('region', { name: 'Client portal' });
      await expect(panel.getByTestId('client-portal-use')).toContainText(/^Last used .* · 1 signed-in browser$/);
      expect(await axe.serious()).toEqual([]);
      await panel.getByRole('button', { name: 'Turn Portal Off' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Turn Portal Off' }).click();
      await expect(panel).toContainText('Turned off');
      // Her portal session ended with it.
      await page.goto('/portal');
      await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
    } finally {
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
