import { type Availability, WEEKDAYS } from '#src/schemas/booking.ts';
import { makeCalendar, putEvent, type Radicale, startRadicale } from '../helpers/radicale.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { chooseFreeDay, plainTexts, restoreBookingSite, timesOfDay } from './support/booking.ts';
import { okJson, type SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 34, the coach's side: on Admin → Booking → Calendars the coach connects a CalDAV account (a
// real Radicale server on loopback) with an app password, ticks the calendar that holds their
// meeting, sees it read, and the meeting's time is gone from /book; removing the account brings it
// back. At phone and desktop widths, axe-clean.

const USER = 'coach';
const PASSWORD = 'app-password-1234';

let radicale: Radicale;
let stored: Availability | null = null;

test.beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
});
test.afterAll(async () => {
  await radicale?.stop();
});

test.beforeEach(async ({ page, typedApi, settings }) => {
  await settings.set({ bookingEnabled: true });
  await signInAsOwner(page);
  stored = await okJson(typedApi.adminApi.booking.availability.$get());
  // Every day 07:00–21:00 in London for two weeks: free times on the first day whatever the hour.
  const weeklyHours = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '07:00', end: '21:00' }]])) as Availability['weeklyHours'];
  const open = { ...stored, timeZone: 'Europe/London', weeklyHours, minNoticeHours: 1, horizonDays: 14, daysOff: [], dailyCap: null };
  expect((await typedApi.adminApi.booking.availability.$put({ json: open })).status).toBe(200);
});

test.afterEach(async ({ page, typedApi }) => {
  if (!stored) return;
  await restoreBookingSite(page, typedApi, stored, 'calendars-');
  stored = null;
});

const freeSlots = async ({ publicApi }: SiteClients) => (await okJson(publicApi.booking.slots.$get({ query: {} }))).slots;
const ics = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The second free day's slots (a whole day, whatever the hour now), and their times as /book shows them in London. */
function secondDay(slots: { start: string; end: string }[]) {
  const day = (slot: { start: string }) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(slot.start));
  const second = [...new Set(slots.map(day))][1];
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const ofDay = slots.filter((slot) => day(slot) === second);
  return { slots: ofDay, times: ofDay.map((slot) => time.format(new Date(slot.start))) };
}

async function secondDayOnBook(page: Page): Promise<string[]> {
  await page.goto('/book');
  await chooseFreeDay(page, 1);
  await expect(timesOfDay(page).first()).toBeVisible();
  return plainTexts(timesOfDay(page));
}

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

for (const width of [375, 1280]) {
  test(`at ${width} px: a connected CalDAV calendar, once ticked, takes its meeting's time from /book`, async ({ page, typedApi, axe }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    // A meeting in the coach's calendar over a free time in the middle of tomorrow.
    const { slots: tomorrow, times: shown } = secondDay(await freeSlots(typedApi));
    const meeting = tomorrow[Math.floor(shown.length / 2)]!;
    const meetingTime = shown[Math.floor(shown.length / 2)]!;
    const calendarName = `Work ${width}`;
    const calendarUrl = await makeCalendar(radicale, USER, PASSWORD, `work-${width}`);
    await putEvent(
      calendarUrl,
      USER,
      PASSWORD,
      'board.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VEVENT',
        'UID:board-meeting@test',
        `DTSTAMP:${ics(new Date())}`,
        `DTSTART:${ics(new Date(meeting.start))}`,
        `DTEND:${ics(new Date(meeting.end))}`,
        'SUMMARY:Board meeting',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await fetch(calendarUrl, {
      method: 'PROPPATCH',
      headers: { Authorization: `Basic ${btoa(`${USER}:${PASSWORD}`)}`, 'Content-Type': 'application/xml' },
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>${calendarName}</D:displayname></D:prop></D:set></D:propertyupdate>`,
    });
    expect(await secondDayOnBook(page)).toContain(meetingTime);

    await page.goto('/admin/booking');
    await page.getByRole('tab', { name: 'Calendars' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Calendars' });
    await expect(panel.getByText('No calendar is connected')).toBeVisible();
    await panel.getByLabel('Server address').fill(radicale.url);
    await panel.getByLabel('User name').fill(USER);
    await panel.getByLabel('App password').fill('not-the-password');
    await panel.getByRole('button', { name: 'Connect Account' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Could not read the calendar: The server answered 401: check the user name and app password',
    );

    await panel.getByLabel('App password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Connect Account' }).click();
    await expect(toasts(page).getByText('Account connected')).toBeVisible();
    const account = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${USER} at 127.0.0.1` }) });
    const row = account.getByRole('listitem').filter({ hasText: calendarName });
    await expect(row.getByText('Not read: it does not block time.')).toBeVisible();
    // Connected but not ticked: nothing changes on /book yet.
    expect(await axe.serious()).toEqual([]);

    await row.getByRole('switch', { name: 'Blocks time' }).click();
    await expect(row.getByRole('switch', { name: 'Blocks time' })).toBeChecked();
    await expect(row.getByText(/^Read .+ · 1 busy time$/)).toBeVisible();
    expect(await axe.serious()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    const after = await secondDayOnBook(page);
    expect(after).not.toContain(meetingTime);
    expect(after).toEqual(shown.filter((time) => time !== meetingTime));

    // Removed, the calendar blocks nothing again.
    await page.goto('/admin/booking');
    await page.getByRole('tab', { name: 'Calendars' }).click();
    await panel.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove Calendar' }).getByRole('button', { name: 'Remove' }).click();
    await expect(panel.getByText('No calendar is connected')).toBeVisible();
    expect(await secondDayOnBook(page)).toContain(meetingTime);
  });
}

test('at 375 px: a feed connected by its secret address that stops answering is reported on the Calendars screen and the dashboard', async ({
  page,
  axe,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 900 });
  let failing = false;
  const feed = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () =>
      failing
        ? new Response('no', { status: 401 })
        : new Response('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n', {
            headers: { 'content-type': 'text/calendar' },
          }),
  });
  try {
    await page.goto('/admin/booking');
    await page.getByRole('tab', { name: 'Calendars' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Calendars' });
    await panel.getByLabel('Secret address').fill(`http://127.0.0.1:${feed.port}/calendar/ical/secret/basic.ics`);
    await panel.getByRole('textbox', { name: 'Name (optional)' }).fill('Personal');
    await panel.getByRole('button', { name: 'Connect Feed' }).click();
    await expect(toasts(page).getByText('Calendar connected')).toBeVisible();
    const row = panel.getByRole('listitem').filter({ hasText: 'Personal' }).last();
    await expect(row.getByText(/^Read .+ · 0 busy times$/)).toBeVisible();
    // The address is never shown again.
    await expect(page.getByText('/calendar/ical/secret/')).toHaveCount(0);

    failing = true;
    const readNow = () =>
      Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/read') && response.status() === 200),
        row.getByRole('button', { name: 'Read Now' }).click(),
      ]);
    await readNow();
    await expect(row.getByText('Last read failed: The server answered 401: check the user name and app password')).toBeVisible();
    await page.waitForTimeout(1_100);
    await readNow();
    const warning = panel.getByRole('alert').filter({ hasText: 'Reading your calendar “Personal” has failed since' });
    await expect(warning).toContainText('The server answered 401: check the user name and app password. Visitors can still book');
    expect(await axe.serious()).toEqual([]);

    await page.goto('/admin');
    await expect(page.getByRole('alert').filter({ hasText: 'Reading your calendar “Personal” has failed since' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);

    await page.goto('/admin/booking');
    await page.getByRole('tab', { name: 'Calendars' }).click();
    await panel.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove Calendar' }).getByRole('button', { name: 'Remove' }).click();
    await expect(panel.getByText('No calendar is connected')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByText('Reading your calendar')).toHaveCount(0);
  } finally {
    feed.stop(true);
  }
});
