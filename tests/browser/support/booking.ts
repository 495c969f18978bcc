import type { Availability, Slot } from '#src/schemas/booking.ts';
import { signInAsOwner } from './admin.ts';
import { okJson, type SiteClients } from './site-api.ts';
import { expect, type Locator, type Page } from './test.ts';

// /book's picker as the journeys drive it: the month's calendar (free days are the cells that say
// how many times are free), the times of the chosen day, and the time-zone combobox.

/** The calendar's days that have free times, in order. */
export const freeDays = (page: Page) => page.getByRole('grid').getByRole('gridcell', { name: /, \d+ free times?$/ });

/** The times of the chosen day. */
export const timesOfDay = (page: Page) => page.getByRole('list', { name: /^Time on / }).getByRole('button');

export const zoneField = (page: Page) => page.getByRole('combobox', { name: 'Times shown in' });

/** Clicks the `n`th free day (from 0), turning to the next month while this one has fewer. */
export async function chooseFreeDay(page: Page, n: number): Promise<void> {
  let left = n;
  for (;;) {
    await expect(freeDays(page).first()).toBeVisible();
    const count = await freeDays(page).count();
    if (left < count) {
      await freeDays(page).nth(left).click();
      await expect(freeDays(page).nth(left)).toHaveAttribute('aria-selected', 'true');
      return;
    }
    left -= count;
    const month = (await page.getByRole('grid').getAttribute('aria-labelledby'))!;
    const title = (await page.locator(`[id="${month}"]`).textContent())!;
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.locator(`[id="${month}"]`)).not.toHaveText(title);
  }
}

/** Presses Tab until `target` has focus (at most `most` times), failing otherwise. */
export async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * The times of the first day with free slots in `timeZone`, as a visitor reads them: worked out here
 * from the API's instants with Intl, apart from the page's own code.
 */
export function firstDayTimes(slots: Slot[], timeZone: string, twelveHour: boolean): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat(twelveHour ? 'en-US' : 'en-GB', {
    timeZone,
    hour: twelveHour ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: twelveHour ? 'h12' : 'h23',
  });
  const first = day.format(new Date(slots[0]!.start));
  return slots
    .filter((slot) => day.format(new Date(slot.start)) === first)
    .map((slot) => time.format(new Date(slot.start)).replace(/\s/g, ' '));
}

/** Texts with their whitespace (Intl's narrow no-break space before AM/PM) made plain spaces. */
export const plainTexts = async (locator: Locator) => (await locator.allTextContents()).map((text) => text.replace(/\s/g, ' ').trim());

/**
 * After a journey that changed the availability and booked calls: as the owner, cancels the calls
 * still confirmed whose visitor's email starts with `emailPrefix`, and puts back the availability
 * saved before (the other journeys read the same site).
 */
export async function restoreBookingSite(page: Page, { adminApi }: SiteClients, stored: Availability, emailPrefix: string): Promise<void> {
  await signInAsOwner(page);
  const { bookings } = await okJson(adminApi.bookings.$get({ query: { when: 'upcoming' } }));
  for (const call of bookings.filter((booking) => booking.email.startsWith(emailPrefix) && booking.status === 'confirmed')) {
    await adminApi.bookings[':id'].cancel.$post({ param: { id: String(call.id) }, json: { message: '' } });
  }
  expect((await adminApi.booking.availability.$put({ json: stored })).status).toBe(200);
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const MINUTE = 60_000;

/** A zone whose clock is at least two hours from midnight now (UTC, or six hours behind it). */
const zoneAwayFromMidnight = () => {
  const hour = new Date().getUTCHours();
  return hour >= 1 && hour < 22 ? { zone: 'UTC', offset: 0 } : { zone: 'Etc/GMT+6', offset: -6 * 60 };
};
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The coach's hours as `stored`, but open only today for an hour from two minutes on: the first slot
 * starts then, so a journey can book a session and soon see it has started.
 */
export function hoursStartingSoon(stored: Availability): Availability {
  const { zone, offset } = zoneAwayFromMidnight();
  const local = new Date(Date.now() + offset * MINUTE);
  const startMinutes = local.getUTCHours() * 60 + local.getUTCMinutes() + 2;
  const weekday = WEEKDAYS[local.getUTCDay()]!;
  const noHours = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Availability['weeklyHours'];
  const weeklyHours = { ...noHours, [weekday]: [{ start: clock(startMinutes), end: clock(startMinutes + 60) }] };
  return { ...stored, timeZone: zone, weeklyHours, minNoticeHours: 0, horizonDays: 2, daysOff: [], dailyCap: null };
}
