import { OWNER, signInAsOwner, toasts } from './support/admin.ts';
import { chooseFreeDay, timesOfDay } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 35 §1, the visitor's side: with a second session type listed, /book lists both; the
// visitor opens the coaching session's page, answers its intake questions (a missing required
// answer is shown at its question), books, and the coach's email lists the answers. A private
// type's page exists only with its link's key. Afterwards the types are hidden and the booking
// cancelled: the other journeys book the intro call on /book.

interface StoredType {
  id: number;
  privateKey: string;
  [field: string]: unknown;
}

const COACHING = {
  description: 'Sixty minutes on what matters most to you now.',
  minutes: 60,
  bufferMinutes: null,
  minNoticeHours: null,
  dailyCap: null,
  location: null,
  access: 'anyone',
  listed: true,
  cancelCutoffHours: 24,
  maxReschedules: null,
  questions: [
    { id: 'goal', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
    { id: 'role', kind: 'single', label: 'Your role', required: false, options: ['Manager', 'Director', 'Founder'] },
    { id: 'first', kind: 'yesno', label: 'Is this your first session?', required: true, options: [] },
  ],
};

/** Hidden from /book and private: whatever a test added stays out of the other journeys' way (a booked type cannot be deleted). */
async function putAway(owner: SiteApi, type: StoredType) {
  const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
  expect((await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, listed: false, access: 'private' } })).status()).toBe(200);
}

for (const width of [375, 1280]) {
  test(`at ${width} px: /book lists the sessions; a coaching session is booked with its intake answers, which the coach's email lists; a private one needs its link; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    settings,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const context = await playwright.request.newContext({ baseURL });
    const owner = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
    const coach = (await (await owner.get('/api/admin/settings')).json()).contactEmail || OWNER.email;
    await settings.set({ bookingEnabled: true });

    const name = `Coaching session ${width}`;
    const slug = `coaching-${width}`;
    const created = await owner.post('/api/admin/session-types', { data: { ...COACHING, name, slug } });
    expect(created.status()).toBe(201);
    const coaching: StoredType = await created.json();
    const hidden = await owner.post('/api/admin/session-types', {
      data: { ...COACHING, name: `Sponsored programme ${width}`, slug: `sponsored-${width}`, access: 'private', questions: [] },
    });
    const sponsored: StoredType = await hidden.json();
    let bookingId: number | undefined;
    try {
      await page.goto('/book');
      await expect(page.getByRole('heading', { name: 'Book a Session', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Free intro call', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: `Sponsored programme ${width}` })).toHaveCount(0);
      expect(await axe.serious()).toEqual([]);
      await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/book/${slug}$`));
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByText('Sessions last 60 minutes.')).toBeVisible();
      // Its own questions instead of the intro call's topic.
      await expect(page.getByLabel('What would you like to talk about?')).toHaveCount(0);

      await chooseFreeDay(page, 0);
      await timesOfDay(page).first().click();
      const visitor = `client-${width}-${Date.now()}@example.com`;
      await page.getByLabel('Name').fill('Ada Okafor');
      await page.getByLabel('Email').fill(visitor);
      await page.getByRole('button', { name: 'Book the session' }).click();
      const goal = page.getByLabel('What would you like to work on?');
      await expect(goal).toHaveAccessibleDescription('What would you like to work on?: an answer is required');
      expect(await axe.serious()).toEqual([]);

      await goal.fill('Delegating without losing the thread');
      await page.getByRole('group', { name: 'Your role' }).getByRole('radio', { name: 'Director' }).check();
      await page.getByRole('button', { name: 'Book the session' }).click();
      const first = page.getByRole('group', { name: /^Is this your first session\?/ });
      await expect(first).toHaveAccessibleDescription('Is this your first session?: an answer is required');
      await first.getByRole('radio', { name: 'Yes' }).check();
      await page.getByRole('button', { name: 'Book the session' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your session is booked' })).toBeVisible();
      expect(await axe.serious()).toEqual([]);

      const notice = await waitForEmail(coach, new RegExp(`^New ${name}: Ada Okafor, `));
      expect(notice.text).toContain(
        'Their answers:\n\nWhat would you like to work on?: Delegating without losing the thread\n\nYour role: Director\n\nIs this your first session?: Yes',
      );
      const confirmation = await waitForEmail(visitor, new RegExp(`^Your ${name} with `));
      expect(confirmation.text).toContain(`Your 60-minute ${name} is booked for `);
      const page1 = await (await owner.get('/api/admin/bookings?when=upcoming')).json();
      bookingId = page1.bookings.find((booking: { email: string }) => booking.email === visitor)?.id;

      // The coach sees the session and the answers with the booking.
      await signInAsOwner(page);
      await page.goto('/admin/booking');
      const row = page.getByTestId('booking-row').filter({ hasText: visitor });
      await expect(row).toContainText(name);
      await expect(row.getByRole('term')).toHaveText(['What would you like to work on?', 'Your role', 'Is this your first session?']);
      await expect(row.getByRole('definition')).toHaveText(['Delegating without losing the thread', 'Director', 'Yes']);
      expect(await axe.serious()).toEqual([]);
      // A private type's card gives its link, whole, to copy.
      await page.getByRole('tab', { name: 'Session types' }).click();
      const card = page.getByTestId('admin-session-type').filter({ hasText: `Sponsored programme ${width}` });
      await expect(card).toContainText(`/book/sponsored-${width}?key=${sponsored.privateKey}`);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await card.getByRole('button', { name: `Copy the private link of Sponsored programme ${width}` }).click();
      await expect(toasts(page)).toContainText('Private link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        new URL(`/book/sponsored-${width}?key=${sponsored.privateKey}`, page.url()).href,
      );
      await page.context().clearCookies();

      // The private type: no page without its key, its page with it.
      expect((await page.goto(`/book/sponsored-${width}`))!.status()).toBe(404);
      expect((await page.goto(`/book/sponsored-${width}?key=${sponsored.privateKey}`))!.status()).toBe(200);
      await expect(page.getByRole('heading', { name: `Sponsored programme ${width}`, level: 1 })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    } finally {
      if (bookingId) await owner.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { message: '' } });
      await putAway(owner, coaching);
      await putAway(owner, sponsored);
      await context.dispose();
    }
  });
}
