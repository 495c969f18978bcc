import { type Availability, WEEKDAYS } from '#src/schemas/booking.ts';
import { signInAsOwner } from './support/admin.ts';
import { firstDayTimes, freeDays, plainTexts, restoreBookingSite, tabTo, timesOfDay, zoneField } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { okJson, type SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// The booking picker (issue 32 §3): a month's calendar with the free days marked, run from the
// keyboard as the WAI-ARIA date-picker grid; the chosen day's times beneath on the visitor's clock
// (12-hour for en-US, 24-hour for en-GB); their zone by its friendly name, changed through a
// searchable list; and, once booked on a phone, the confirmation in view with focus on it.

let stored: Availability | null = null;

test.beforeEach(async ({ page, typedApi, settings }) => {
  await settings.set({ bookingEnabled: true });
  await signInAsOwner(page);
  stored = await okJson(typedApi.adminApi.booking.availability.$get());
  // Every day 07:00–21:00 in London: free times on every day from today (or tomorrow) for two weeks.
  const weeklyHours = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '07:00', end: '21:00' }]])) as Availability['weeklyHours'];
  const open = { ...stored, timeZone: 'Europe/London', weeklyHours, minNoticeHours: 1, horizonDays: 14, daysOff: [], dailyCap: null };
  expect((await typedApi.adminApi.booking.availability.$put({ json: open })).status).toBe(200);
  await page.context().clearCookies();
});

test.afterEach(async ({ page, typedApi }) => {
  if (!stored) return;
  await restoreBookingSite(page, typedApi, stored, 'picker-');
  stored = null;
});

const freeSlots = async ({ publicApi }: SiteClients) => (await okJson(publicApi.booking.slots.$get({ query: {} }))).slots;

async function openBook(page: Page) {
  await page.goto('/book');
  await expect(freeDays(page).first()).toBeVisible();
}

test.describe('a visitor in New York with an American browser', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('sees 12-hour times and "Eastern Time — New York"; choosing Tokyo from the searchable list shows Tokyo\'s times', async ({
    page,
    typedApi,
    axe,
  }) => {
    await openBook(page);
    await expect(zoneField(page)).toHaveValue('Eastern Time — New York');
    // The week starts on Sunday here.
    await expect(page.getByRole('grid').getByRole('columnheader').first()).toHaveAccessibleName('Sunday');
    const slots = await freeSlots(typedApi);
    const newYork = firstDayTimes(slots, 'America/New_York', true);
    expect(newYork[0]).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    await expect.poll(() => plainTexts(timesOfDay(page))).toEqual(newYork);
    expect(await axe.serious()).toEqual([]);

    // Typing filters the list; the arrows and Enter choose.
    const field = zoneField(page);
    await field.click();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await field.fill('tokyo');
    const list = page.getByRole('listbox', { name: 'Time zones' });
    await expect(list.getByRole('option')).toHaveText([/^Japan Standard Time — Tokyo/]);
    await expect(field).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').first().getAttribute('id'))!);
    expect(await axe.serious()).toEqual([]);
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue('Japan Standard Time — Tokyo');
    const tokyo = firstDayTimes(slots, 'Asia/Tokyo', true);
    expect(tokyo).not.toEqual(newYork);
    await expect.poll(() => plainTexts(timesOfDay(page))).toEqual(tokyo);

    // Escape leaves the list and keeps the zone; a search for the city of another finds it by name.
    await field.fill('eastern new');
    await expect(list.getByRole('option', { name: /^Eastern Time — New York/ })).toBeVisible();
    await field.press('Escape');
    await expect(field).toHaveValue('Japan Standard Time — Tokyo');
    await field.fill('kolkata');
    await list.getByRole('option', { name: /^India Standard Time — Kolkata/ }).click();
    await expect(field).toHaveValue('India Standard Time — Kolkata');
    await expect.poll(() => plainTexts(timesOfDay(page))).toEqual(firstDayTimes(slots, 'Asia/Kolkata', true));
  });
});

test.describe('a visitor in London with a British browser', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

  test('sees 24-hour times, the zone by name, and a week that starts on Monday', async ({ page, typedApi }) => {
    await openBook(page);
    await expect(zoneField(page)).toHaveValue('United Kingdom Time — London');
    await expect(page.getByRole('grid').getByRole('columnheader').first()).toHaveAccessibleName('Monday');
    const london = firstDayTimes(await freeSlots(typedApi), 'Europe/London', false);
    expect(london[0]).toMatch(/^\d{2}:\d{2}$/);
    await expect.poll(() => plainTexts(timesOfDay(page))).toEqual(london);
  });
});

test.describe('on a phone, from the keyboard alone', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York', viewport: { width: 375, height: 667 } });

  test('Tab to the calendar, arrows to a day, Enter, Tab to a time, Enter, the form, submit: the confirmation is in view and has focus, and the email names the zone', async ({
    page,
  }) => {
    await openBook(page);
    const grid = page.getByRole('grid');
    // One day in the tab order: the chosen one, the first free day.
    const first = grid.locator('[tabindex="0"]');
    await expect(first).toHaveCount(1);
    await tabTo(page, first);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const firstLabel = (await first.getAttribute('aria-label'))!;
    // Before the first free day there is no free day: the arrow leaves focus where it is.
    await page.keyboard.press('ArrowLeft');
    await expect(grid.getByRole('gridcell', { name: firstLabel })).toBeFocused();

    await page.keyboard.press('ArrowRight');
    const next = grid.locator(':focus');
    await expect(next).toHaveAttribute('aria-selected', 'false');
    await expect(next).not.toHaveAttribute('aria-disabled', 'true');
    const day = (await next.getAttribute('aria-label'))!.split(',')[0]!;
    expect(day).not.toBe(firstLabel.split(',')[0]);
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('gridcell', { name: new RegExp(`^${day},`) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: `Time on ${day}` })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(timesOfDay(page).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(timesOfDay(page).nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(timesOfDay(page).nth(1)).toHaveAttribute('aria-pressed', 'true');
    const chosen = (await plainTexts(timesOfDay(page).nth(1)))[0]!;
    expect(chosen).toMatch(/^\d{1,2}:\d{2} [AP]M$/);

    // The other times follow in the tab order, then the form.
    const visitor = `picker-${Date.now()}@example.com`;
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type(visitor);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Leading engineers for the first time');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Book the call' })).toBeFocused();
    await page.keyboard.press('Enter');

    const heading = page.getByRole('heading', { name: 'Your call is booked' });
    await expect(heading).toBeInViewport({ ratio: 1 });
    await expect(heading).toBeFocused();
    const done = page.getByRole('status').filter({ hasText: 'Your call is booked' });
    await expect(done).toContainText(`${day} `);
    await expect(done).toContainText(`at ${chosen}`);
    await expect(done).toContainText('(Eastern Time — New York)');

    const confirmation = await waitForEmail(visitor, /^Your intro call with /);
    expect(confirmation.subject).toContain('(Eastern Time — New York)');
    expect(confirmation.text).toContain('(Eastern Time — New York)');
  });
});
