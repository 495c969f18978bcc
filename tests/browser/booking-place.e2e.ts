import ICAL from 'ical.js';
import type { Availability } from '#src/schemas/booking.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { chooseFreeDay, restoreBookingSite, timesOfDay } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { okJson } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Where calls happen (issue 32 §4): the coach sets rooms per call in Admin → Booking (an http link
// refused beside its field first); a visitor on /book is told "Video call" and no link; once booked
// the confirmation, their email's invitation and their manage page all give the call's own room.

const ROOMS = 'https://meet.jit.si/summit-intro-';

let stored: Availability | null = null;

test.afterEach(async ({ page, typedApi }) => {
  if (!stored) return;
  await restoreBookingSite(page, typedApi, stored, 'place-');
  stored = null;
});

test('the coach sets a video room per call; /book says "Video call" without a link, and the confirmation, the email and the manage page give the call its own room', async ({
  page,
  typedApi,
  tablist,
  settings,
  axe,
}) => {
  await settings.set({ bookingEnabled: true });
  await signInAsOwner(page);
  stored = await okJson(typedApi.adminApi.booking.availability.$get());
  await page.goto('/admin/booking');
  await tablist('Booking').select('Availability');
  const form = page.getByRole('tabpanel', { name: 'Availability' });
  const where = form.getByRole('region', { name: 'Where calls happen' });

  await where.getByLabel('Calls happen').selectOption({ label: 'By video' });
  const link = where.getByLabel('Video link');
  await link.fill('http://meet.jit.si/summit-intro-');
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(where.getByText('Video link must be an https:// address')).toBeVisible();
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('aria-invalid', 'true');

  await link.fill(ROOMS);
  await where.getByRole('switch', { name: 'A new room for each call' }).check();
  expect(await axe.serious()).toEqual([]);
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(toasts(page).getByText('Availability saved', { exact: true })).toBeVisible();
  expect((await okJson(typedApi.adminApi.booking.availability.$get())).location).toEqual({
    kind: 'video',
    url: ROOMS,
    roomPerCall: true,
  });
  await page.context().clearCookies();

  await page.goto('/book');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByText('Video call (the link comes with your confirmation)')).toBeVisible();
  expect(await page.content()).not.toContain('meet.jit.si');
  await chooseFreeDay(page, 1);
  await timesOfDay(page).nth(1).click();
  const visitor = `place-${Date.now()}@example.com`;
  await page.getByLabel('Name').fill('Rosa Parks');
  await page.getByLabel('Email').fill(visitor);
  await page.getByRole('button', { name: 'Book the call' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your call is booked' });
  const room = done.getByRole('link', { name: /^https:\/\/meet\.jit\.si\/summit-intro-[a-z2-7]{26}$/ });
  await expect(room).toBeVisible();
  const url = (await room.getAttribute('href'))!;
  expect(await room.textContent()).toBe(url);
  await expect(done).toContainText(`Video call: ${url}`);

  const confirmation = await waitForEmail(visitor, /^Your intro call with /);
  expect(confirmation.text).toContain(`Video call: ${url}`);
  const ics = confirmation.attachments.find((file) => file.filename === 'invite.ics')!;
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
  expect(event.location).toBe(url);

  const manage = confirmation.text?.match(/https?:\/\/\S+\/book\/manage\?token=[\w.-]+/)?.[0];
  expect(manage, 'a manage link in the confirmation').toBeDefined();
  await page.goto(new URL(manage!).pathname + new URL(manage!).search);
  await expect(page.getByRole('heading', { name: 'Your intro call, Rosa Parks' })).toBeVisible();
  await expect(page.getByRole('link', { name: url })).toHaveAttribute('href', url);
});
