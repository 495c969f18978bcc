import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { OWNER, signInAs } from './support/admin.ts';
import { chooseFreeDay, timesOfDay, zoneField } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// The visitor's whole journey: the coach switches booking on, the about page's button leads to
// /book, a visitor in another time zone books, both emails arrive over SMTP with an invitation,
// the visitor cancels through the link in theirs, and the time is free again.

// The visitor is in Tokyo, with a British browser (a 24-hour clock, as the emails'); the coach works from London.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-GB' });

const ALL_WEEK = { start: '07:00', end: '21:00' };

async function asOwner<T>(page: Page, work: () => Promise<T>): Promise<T> {
  await signInAs(page, OWNER.email, OWNER.password);
  try {
    return await work();
  } finally {
    await page.context().clearCookies();
  }
}

const slotStarts = async ({ publicApi }: SiteClients) =>
  (await (await publicApi.booking.slots.$get({ query: {} })).json()).slots.map((slot) => slot.start);

function inviteOf(mail: ParsedMail) {
  const file = mail.attachments.find((attachment) => attachment.filename === 'invite.ics');
  expect(file, 'an invite.ics attachment').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, start: event.startDate.toJSDate().toISOString() };
}

test('off on a fresh site: the inert button and no /book; on: book from another time zone, both get the invitation, cancel through the link, the time is free again', async ({
  page,
  api,
  typedApi,
  settings,
}) => {
  await page.goto('/about');
  const lets = page.locator('section[aria-labelledby="lets-talk-heading"]');
  await expect(lets.getByText('Coming Soon')).toBeVisible();
  await expect(lets.getByRole('button', { name: 'Book a Free Intro Call' })).toHaveAttribute('aria-disabled', 'true');
  expect((await page.goto('/book'))!.status()).toBe(404);
  // The privacy policy describes what is switched on: nothing about calls yet.
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Intro calls' })).toHaveCount(0);

  const coach = await asOwner(page, async () => {
    const weekly = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, [ALL_WEEK]]),
    );
    const availability = {
      timeZone: 'Europe/London',
      weeklyHours: weekly,
      callMinutes: 30,
      bufferMinutes: 0,
      minNoticeHours: 1,
      horizonDays: 14,
      daysOff: [],
      dailyCap: null,
      topicRetentionDays: 90,
    };
    expect((await api.put('/api/admin/booking/availability', { data: availability })).status()).toBe(200);
    const settings = await (await typedApi.adminApi.settings.$get()).json();
    return settings.contactEmail || OWNER.email;
  });
  await settings.set({ bookingEnabled: true });

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Intro calls' })).toBeVisible();
  await expect(page.getByText('What you wrote about an intro call is deleted 90 days after the call.')).toBeVisible();

  await page.goto('/about');
  await expect(lets.getByText('Coming Soon')).toHaveCount(0);
  await lets.getByRole('link', { name: 'Book a Free Intro Call' }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { name: 'Book a Free Intro Call', level: 1 })).toBeVisible();
  await expect(zoneField(page)).toHaveValue('Japan Standard Time — Tokyo');

  // The second day offered, its third time: London 07:00–21:00 is 16:00–06:00 in Tokyo.
  await chooseFreeDay(page, 1);
  const times = timesOfDay(page);
  const chosen = (await times.nth(2).textContent())!;
  await times.nth(2).click();
  await expect(times.nth(2)).toHaveAttribute('aria-pressed', 'true');
  const visitor = `visitor-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Name').fill('Priya Raman');
  await page.getByLabel('Email').fill(visitor);
  await page.getByLabel('What would you like to talk about?').fill('Stepping up to lead my former peers');
  await page.getByRole('button', { name: 'Book the call' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your call is booked' });
  await expect(done).toContainText(`at ${chosen}`);
  await expect(done).toContainText('(Japan Standard Time — Tokyo)');

  const confirmation = await waitForEmail(visitor, /^Your intro call with /);
  expect(confirmation.text).toContain(`${chosen} (Japan Standard Time — Tokyo)`);
  const booked = inviteOf(confirmation);
  expect(booked.method).toBe('REQUEST');
  const notice = await waitForEmail(coach, /^New intro call: Priya Raman, /);
  expect(notice.text).toContain('Stepping up to lead my former peers');
  expect(notice.text).toContain('(United Kingdom Time — London)');
  expect(inviteOf(notice).uid).toBe(booked.uid);
  expect(await slotStarts(typedApi)).not.toContain(booked.start);

  const link = confirmation.text?.match(/https?:\/\/\S+\/book\/manage\?token=[\w.-]+/)?.[0];
  expect(link, 'a manage link in the confirmation').toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Your intro call, Priya Raman' })).toBeVisible();
  await expect(page.getByText(`at ${chosen}`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel call' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
  await expect(page.getByRole('heading', { name: 'This call is cancelled' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your call is cancelled. A confirmation is on its way by email.');

  const cancelled = await waitForEmail(visitor, /^Cancelled: your intro call with /);
  expect(inviteOf(cancelled)).toMatchObject({ method: 'CANCEL', uid: booked.uid });
  expect(inviteOf(await waitForEmail(coach, /^Intro call cancelled: Priya Raman, /))).toMatchObject({ method: 'CANCEL', uid: booked.uid });
  expect(await slotStarts(typedApi)).toContain(booked.start);
});

test('two visitors on one time: the second is told it was just taken and sees fresh times', async ({ page, browser, settings }) => {
  await settings.set({ bookingEnabled: true });
  const other = await browser.newPage({ timezoneId: 'Asia/Tokyo' });
  try {
    for (const visitor of [page, other]) {
      await visitor.goto('/book');
      await visitor.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await chooseFreeDay(visitor, 2);
      await timesOfDay(visitor).nth(4).click();
      await visitor.getByLabel('Name').fill('Racing Visitor');
      await visitor.getByLabel('Email').fill(`racer-${Date.now()}@example.com`);
    }
    await page.getByRole('button', { name: 'Book the call' }).click();
    await expect(page.getByText('Your call is booked')).toBeVisible();
    await other.getByRole('button', { name: 'Book the call' }).click();
    await expect(other.getByRole('alert')).toHaveText('Sorry, that time was just booked by someone else. Please choose another time.');
    await expect(other.getByText('No time chosen yet.')).toBeVisible();
  } finally {
    await other.close();
  }
});
