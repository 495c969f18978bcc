import { callTime, dayLabel } from '#src/admin/booking/call-time.ts';
import type { AdminBooking, Availability } from '#src/schemas/booking.ts';
import { OWNER, openFromAdminMenu, signInAs, signInAsOwner, toasts } from './support/admin.ts';
import { refuseToLeave } from './support/dialogs.ts';
import { waitForEmail } from './support/mail.ts';
import { okJson, type SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// /admin/booking: the coach's availability saved from the form (and refused with the schema's
// message), a call booked through the public API listed under Upcoming and on the dashboard, and
// cancelled from the list with a message to the visitor. Other journeys book too (booking.e2e.ts):
// each test puts the availability and the switch back, and cancels the calls it booked.

/** What the test found stored, to put back; and the calls it booked, to cancel. */
let storedAvailability: Availability | null = null;
const booked: string[] = [];

const readAvailability = ({ adminApi }: SiteClients) => okJson(adminApi.booking.availability.$get());

async function putAvailability({ adminApi }: SiteClients, availability: Availability) {
  const response = await adminApi.booking.availability.$put({ json: availability });
  expect(response.status).toBe(200);
}

/** Signs in, keeps the stored availability to put back, and opens /admin/booking from the admin menu (the drawer on a phone). */
async function openBooking(page: Page, api: SiteClients) {
  await signInAsOwner(page);
  storedAvailability = await readAvailability(api);
  await openFromAdminMenu(page, 'Booking');
  await expect(page).toHaveURL(/\/admin\/booking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking' })).toBeVisible();
  await expect(page).toHaveTitle('Booking | Summit Leadership Coaching');
}

const upcoming = ({ adminApi }: SiteClients) => okJson(adminApi.bookings.$get({ query: { when: 'upcoming' } }));
const pastAndCancelled = ({ adminApi }: SiteClients) => okJson(adminApi.bookings.$get({ query: { when: 'past' } }));

/** A visitor books the earliest free time through the public API; the coach's copy of it. */
async function bookCall(api: SiteClients, name: string, topic: string): Promise<AdminBooking> {
  const { slots } = await okJson(api.publicApi.booking.slots.$get({ query: {} }));
  expect(slots.length).toBeGreaterThan(0);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  const response = await api.publicApi.bookings.$post({
    json: { start: slots[0]!.start, name, email, topic, timeZone: 'America/New_York' },
  });
  expect(response.status, await response.text()).toBe(201);
  const call = (await upcoming(api)).bookings.find((booking) => booking.email === email);
  expect(call).toBeDefined();
  booked.push(email);
  return call!;
}

// The booking switch goes back through the `settings` fixture.
test.afterEach(async ({ page, typedApi }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  for (const booking of (await upcoming(typedApi)).bookings) {
    if (booked.includes(booking.email) && booking.status === 'confirmed') {
      await typedApi.adminApi.bookings[':id'].cancel.$post({ param: { id: String(booking.id) }, json: { message: '' } });
    }
  }
  booked.length = 0;
  if (storedAvailability) await putAvailability(typedApi, storedAvailability);
  storedAvailability = null;
});

test('the owner adds a Saturday range, sets 45-minute calls and a day off; saved, they are there after a reload and in the API', async ({
  page,
  typedApi,
  tablist,
}) => {
  const tabs = tablist('Booking');
  await openBooking(page, typedApi);
  await expect(tabs.tab('Upcoming')).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.tabs).toHaveText(['Upcoming', 'Past', 'Availability', 'Session types', 'Calendars']);
  await tabs.select('Availability');
  const form = page.getByRole('tabpanel', { name: 'Availability' });
  const saturdayBefore = storedAvailability!.weeklyHours.saturday.length;

  // From the keyboard: Add range puts focus on the new range's start.
  await form.getByRole('button', { name: 'Add range to Saturday' }).press('Enter');
  const from = form.getByLabel(/^Saturday from/).last();
  await expect(from).toBeFocused();
  await from.fill('10:00');
  await form
    .getByLabel(/^Saturday to/)
    .last()
    .fill('14:00');
  await form.getByLabel('Call length (minutes)').fill('45');
  await form.getByLabel('Day off', { exact: true }).fill('2030-12-24');
  await form.getByRole('button', { name: 'Add day off' }).click();
  const daysOff = form.getByRole('list', { name: 'Days off' });
  await expect(daysOff.getByText('Tue 24 Dec 2030')).toBeVisible();
  await expect(form.getByText('Unsaved changes')).toBeVisible();

  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(toasts(page).getByText('Availability saved', { exact: true })).toBeVisible();
  await expect(form.getByText('All changes saved')).toBeVisible();

  const stored = await readAvailability(typedApi);
  expect(stored.weeklyHours.saturday).toHaveLength(saturdayBefore + 1);
  expect(stored.weeklyHours.saturday.at(-1)).toEqual({ start: '10:00', end: '14:00' });
  expect(stored.callMinutes).toBe(45);
  expect(stored.daysOff).toContain('2030-12-24');
  // Nothing else changed.
  expect({ ...stored, weeklyHours: { ...stored.weeklyHours, saturday: [] }, callMinutes: 0, daysOff: [] }).toEqual({
    ...storedAvailability!,
    weeklyHours: { ...storedAvailability!.weeklyHours, saturday: [] },
    callMinutes: 0,
    daysOff: [],
  });

  await page.reload();
  await tabs.select('Availability');
  await expect(form.getByLabel(/^Saturday from/).last()).toHaveValue('10:00');
  await expect(form.getByLabel(/^Saturday to/).last()).toHaveValue('14:00');
  await expect(form.getByLabel('Call length (minutes)')).toHaveValue('45');
  await expect(daysOff.getByText('Tue 24 Dec 2030')).toBeVisible();

  // A day off goes as it came: removed and saved, the API has it no more.
  await daysOff.getByRole('button', { name: `Remove ${dayLabel('2030-12-24')}` }).click();
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(toasts(page).getByText('Availability saved', { exact: true })).toBeVisible();
  expect((await readAvailability(typedApi)).daysOff).not.toContain('2030-12-24');
});

test('a range that ends before it starts is named beside it and focused, nothing is saved, and leaving asks first', async ({
  page,
  typedApi,
  axe,
  tablist,
}) => {
  await openBooking(page, typedApi);
  await tablist('Booking').select('Availability');
  const form = page.getByRole('tabpanel', { name: 'Availability' });

  await form.getByRole('button', { name: 'Add range to Saturday' }).click();
  await form
    .getByLabel(/^Saturday from/)
    .last()
    .fill('10:00');
  const end = form.getByLabel(/^Saturday to/).last();
  await end.fill('09:00');
  await form.getByLabel('Booking window (days)').fill('0');
  await form.getByRole('button', { name: 'Save availability' }).click();

  await expect(form.getByText('End must be after start')).toBeVisible();
  await expect(form.getByText('Booking window must be at least 1')).toBeVisible();
  // The first message in the form's order: the weekly hours come before the booking window.
  await expect(end).toBeFocused();
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Booking window (days)')).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts(page).getByText('Availability saved', { exact: true })).toHaveCount(0);
  expect(await readAvailability(typedApi)).toEqual(storedAvailability!);
  expect(await axe.serious()).toEqual([]);

  await refuseToLeave(page);
  await expect(page).toHaveURL(/\/admin\/booking$/);
  await expect(end).toHaveValue('09:00');
});

test('while booking is off the screen says so and links to Settings; once on, the notice is gone', async ({ page, typedApi, settings }) => {
  await openBooking(page, typedApi);
  await settings.set({ bookingEnabled: false });
  await page.reload();
  const notice = page.getByText('Booking is off. Visitors cannot book until you turn it on in Settings.');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');

  await settings.set({ bookingEnabled: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a booked call is the next on the dashboard and listed under Upcoming; Cancel call with a message cancels it and emails the visitor', async ({
  page,
  typedApi,
  axe,
  settings,
}) => {
  await openBooking(page, typedApi);
  // The coach lives in London: the admin shows every time there (issue 32 §1).
  await settings.set({ bookingEnabled: true, timeZone: 'Europe/London' });
  // Every day 09:00–17:00 in London, bookable an hour ahead: there is always a time to book.
  const everyDay = { start: '09:00', end: '17:00' };
  await putAvailability(typedApi, {
    ...storedAvailability!,
    timeZone: 'Europe/London',
    weeklyHours: Object.fromEntries(
      Object.keys(storedAvailability!.weeklyHours).map((day) => [day, [everyDay]]),
    ) as Availability['weeklyHours'],
    minNoticeHours: 1,
    daysOff: [],
    dailyCap: null,
  });
  const call = await bookCall(typedApi, 'Robin Fairweather', 'Leading a team that used to be my peers');
  const when = callTime(call.start, call.end, 'Europe/London');

  // The dashboard's next call is the first confirmed one still ahead.
  const next = (await upcoming(typedApi)).bookings.find((booking) => booking.status === 'confirmed')!;
  await page.goto('/admin');
  const panel = page.getByRole('region', { name: 'Next intro call' });
  await expect(panel).toContainText(callTime(next.start, next.end, 'Europe/London'));
  await expect(panel).toContainText(`With ${next.name}`);
  await panel.getByRole('link', { name: 'All calls' }).click();
  await expect(page).toHaveURL(/\/admin\/booking$/);

  const list = page.getByRole('tabpanel', { name: 'Upcoming' });
  await expect(list.getByRole('heading', { name: 'Upcoming calls' })).toBeVisible();
  const row = list.getByTestId('booking-row').filter({ hasText: call.email });
  await expect(row).toContainText(`${when} (Europe/London)`);
  await expect(row).toContainText('Robin Fairweather');
  await expect(row).toContainText('Leading a team that used to be my peers');
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('link', { name: call.email })).toHaveAttribute('href', `mailto:${call.email}`);
  expect(await axe.serious()).toEqual([]);

  await row.getByRole('button', { name: 'Cancel call with Robin Fairweather' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the call with Robin Fairweather?' });
  await expect(dialog).toContainText(when);
  expect(await axe.serious()).toEqual([]);
  await dialog.getByLabel('Message to the visitor').fill('Something came up, sorry. Please book another time.');
  await dialog.getByRole('button', { name: 'Cancel call', exact: true }).click();
  await expect(toasts(page).getByText('Call cancelled. The visitor has been emailed.', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Cancelled by you');
  await expect(row.getByRole('button', { name: /Cancel call/ })).toHaveCount(0);

  // No longer upcoming: listed with the past calls.
  expect((await upcoming(typedApi)).bookings.map((booking) => booking.id)).not.toContain(call.id);
  const after = (await pastAndCancelled(typedApi)).bookings.find((booking) => booking.id === call.id)!;
  expect([after.status, after.cancelledBy]).toEqual(['cancelled', 'coach']);
  const email = await waitForEmail(call.email, /^Cancelled: your intro call/);
  expect(email.text).toContain('Something came up, sorry. Please book another time.');

  // The cancelled call is no longer the next one.
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Next intro call' })).not.toContainText('Robin Fairweather');
});

test("a refusal is said in the cancel dialog: a call cancelled meanwhile gives the server's reason", async ({
  page,
  typedApi,
  settings,
}) => {
  await openBooking(page, typedApi);
  await settings.set({ bookingEnabled: true });
  const call = await bookCall(typedApi, 'Casey Twice', '');
  await page.reload();
  const row = page.getByRole('tabpanel', { name: 'Upcoming' }).getByTestId('booking-row').filter({ hasText: call.email });
  await expect(row).toContainText('No topic given');

  await row.getByRole('button', { name: 'Cancel call with Casey Twice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the call with Casey Twice?' });
  await expect(dialog).toBeVisible();
  // Cancelled elsewhere (another tab) while this dialog is open.
  const elsewhere = await typedApi.adminApi.bookings[':id'].cancel.$post({ param: { id: String(call.id) }, json: { message: '' } });
  expect(elsewhere.status).toBe(200);
  await dialog.getByRole('button', { name: 'Cancel call', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This call has already been cancelled');
  await expect(dialog).toBeVisible();
});

test('Past lists the calls that are over, or says there are none', async ({ page, typedApi, tablist }) => {
  await openBooking(page, typedApi);
  const past = await okJson(typedApi.adminApi.bookings.$get({ query: { when: 'past' } }));
  await tablist('Booking').select('Past');
  const panel = page.getByRole('tabpanel', { name: 'Past' });
  await expect(panel.getByRole('heading', { name: 'Past and cancelled calls' })).toBeVisible();
  await expect(panel.getByTestId('past-calls-count')).toHaveText(past.total === 1 ? '1 call' : `${past.total} calls`);
  if (past.total === 0) await expect(panel.getByText('No past or cancelled calls')).toBeVisible();
  else await expect(panel.getByTestId('booking-row')).toHaveCount(Math.min(past.total, past.pageSize));
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('no tab scrolls sideways, and axe finds nothing serious on any', async ({ page, typedApi, axe, tablist }) => {
    await openBooking(page, typedApi);
    for (const name of ['Upcoming', 'Past', 'Availability', 'Session types', 'Calendars']) {
      await tablist('Booking').select(name);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, name).toBeLessThanOrEqual(320);
      expect(await axe.serious(), name).toEqual([]);
    }
  });
});
