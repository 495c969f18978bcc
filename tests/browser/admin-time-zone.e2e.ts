// Issue 32 §1, one time zone in the admin: every date and time is the coach's (Settings → Time
// zone), labelled with it, the same in the server's HTML and after hydration, and never the
// browser's. The site runs in UTC, the coach's zone is set to Tokyo and the browser runs in Los
// Angeles: one instant reads differently in each, even on another day, so any screen that used
// the wrong zone shows another value, and any that formats differently on the server than in the
// browser throws React's hydration error. Last, a walk of every admin screen at 375 and 1280 px
// with nothing in the console.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { OWNER, signInAs } from './support/admin.ts';
import { createPostThroughApi, deleteCreatedPostsAfterEach, uniqueToken } from './support/posts.ts';
import { okJson } from './support/site-api.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

const COACH_ZONE = 'Asia/Tokyo';
const COACH_LABEL = 'Asia/Tokyo';
const BROWSER_ZONE = 'America/Los_Angeles';

test.use({ timezoneId: BROWSER_ZONE });
deleteCreatedPostsAfterEach();

/** An instant's parts in `timeZone`, as Intl gives them: worked out here, not by the site's helper. */
const partsIn = (timeZone: string, at: string | number, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', day: '2-digit', hour: '2-digit', minute: '2-digit', ...options })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );

/** "Nov 29, 2026 at 05:55 AM": the admin's date with a time (docs/product.md §9). */
function expectedIn(timeZone: string, at: string) {
  const parts = partsIn(timeZone, at, { month: 'short', hour12: true });
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod!.toUpperCase()}`;
}

/** `datetime-local`'s value of an instant in `timeZone`: "2026-11-29T09:00". */
function wallClockIn(timeZone: string, at: number) {
  const parts = partsIn(timeZone, at, { month: '2-digit', hourCycle: 'h23' });
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Every console error and uncaught error of the page (React's hydration errors among them). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: pageerror: ${error.message}`));
  return errors;
}

/** A `<time>` that says "value (zone)", as the admin's DateTime writes it: its two parts. */
async function valueAndZone(time: Locator) {
  const text = ((await time.textContent()) ?? '').trim();
  const match = /^(.+) \((.+)\)$/.exec(text);
  expect(match, `"${text}" is a value and its zone`).not.toBeNull();
  return { value: match![1]!, zone: match![2]! };
}

/** Waits, if need be, for a minute with time left in it: the test's events then share their minute. */
async function startOfAMinute() {
  const second = new Date().getSeconds();
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1_000));
}

test('one event reads one time, labelled with the coach’s zone, on Messages, Outbox, Account and Schedule; the same in the server’s HTML, after hydration and after a click', async ({
  page,
  browser,
  settings,
  typedApi,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await settings.set({ timeZone: COACH_ZONE });
  const token = uniqueToken();
  const name = `Zone Sender ${token}`;

  // Signed in, a message sent, and a post due at the message's instant: one minute for all three.
  await startOfAMinute();
  await signInAs(page, OWNER.email, OWNER.password);
  const sent = await typedApi.publicApi.contact.$post({
    json: { name, email: `zone-${token}@example.com`, subject: `Which zone? ${token}`, message: 'When did I write this message?' },
  });
  expect(sent.status).toBe(201);
  const { id: messageId } = await sent.json();
  const message = (await okJson(typedApi.adminApi['contact-messages'].$get({ query: {} }))).find((m) => m.id === messageId)!;
  const at = message.createdAt;
  const title = `At the message's instant ${token}`;
  // Not auto-published: it stays on the schedule as missed, with the time it was due.
  await createPostThroughApi(typedApi, { title, scheduledFor: at, autoPublish: false });

  const expected = expectedIn(COACH_ZONE, at);
  // The event is another time in the server's zone and in the browser's: a screen using either shows it.
  expect(new Set([expected, expectedIn('UTC', at), expectedIn(BROWSER_ZONE, at)]).size).toBe(3);
  const values: Array<{ where: string; value: string; zone: string }> = [];

  // Messages: the list and the opened message.
  await page.goto('/admin/contact-messages');
  const item = page.getByRole('region', { name: 'Messages' }).getByRole('button').filter({ hasText: name });
  values.push({ where: 'Messages list', ...(await valueAndZone(item.locator('time'))) });
  await expect(async () => {
    await item.click();
    await expect(page.getByRole('region', { name: 'Message', exact: true }).getByRole('heading', { level: 2 })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  const detail = page.getByRole('region', { name: 'Message', exact: true });
  values.push({ where: 'Message opened', ...(await valueAndZone(detail.locator('time').first())) });
  values.push({ where: 'Messages list after a click', ...(await valueAndZone(item.locator('time'))) });

  // Outbox: the coach's notice of that message, written in the same transaction.
  await page.goto('/admin/outbox');
  const notice = page.getByRole('button', { name: new RegExp(`New message from ${name}`) }).first();
  values.push({ where: 'Outbox', ...(await valueAndZone(notice.locator('time'))) });

  // Account: this browser's session, signed in in the same minute; and again after a click that reloads the list.
  const other = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0' });
  try {
    await signInAs(await other.newPage(), OWNER.email, OWNER.password);
    await page.goto('/admin/account');
    const sessions = page.getByRole('region', { name: "Where you're signed in" });
    const here = sessions.getByRole('listitem').filter({ hasText: 'This browser' });
    values.push({ where: 'Account', ...(await valueAndZone(here.locator('time').first())) });
    await sessions.getByRole('button', { name: 'Sign out Firefox 128 on Windows' }).first().click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Session signed out', { exact: true })).toBeVisible();
    values.push({ where: 'Account after a click', ...(await valueAndZone(here.locator('time').first())) });
  } finally {
    await other.close();
  }

  // Schedule: the post due at that instant, the zone named once for the screen.
  await page.goto('/admin/schedule');
  await expect(page.getByText(`Times are in the coach's time zone, ${COACH_LABEL}`)).toBeVisible();
  const missed = page.getByRole('region', { name: 'Missed: due but not published' }).getByRole('listitem').filter({ hasText: title });
  const due = ((await missed.getByText(/^Due /).textContent()) ?? '').replace(/^Due /, '');
  values.push({ where: 'Schedule', value: due, zone: COACH_LABEL });

  expect(values).toEqual(values.map(({ where }) => ({ where, value: expected, zone: COACH_LABEL })));
  expect(new Set(values.map(({ value }) => value))).toEqual(new Set([expected]));
  expect(new Set(values.map(({ zone }) => zone))).toEqual(new Set([COACH_LABEL]));

  // The server's HTML already says it, before any script runs, and never in another zone.
  for (const screen of ['/admin/contact-messages', '/admin/outbox', '/admin/account', '/admin/schedule']) {
    const html = await (await page.request.get(screen)).text();
    expect(html, screen).toContain(expected);
    expect(html, screen).not.toContain(expectedIn('UTC', at));
    expect(html, screen).not.toContain(expectedIn(BROWSER_ZONE, at));
  }

  expect((await typedApi.adminApi['contact-messages'][':id'].$delete({ param: { id: String(messageId) } })).status).toBe(204);
  expect(errors).toEqual([]);
});

test('09:00 typed in the post editor is 09:00 in the coach’s zone: stored so, shown so in the editor and on Schedule, whatever the browser’s zone', async ({
  page,
  settings,
  typedApi,
}) => {
  const errors = consoleErrors(page);
  await settings.set({ timeZone: COACH_ZONE });
  await signInAs(page, OWNER.email, OWNER.password);
  const title = `Nine in Tokyo ${uniqueToken()}`;
  const post = await createPostThroughApi(typedApi, { title });
  // Tomorrow in Tokyo: later this month, or the next one.
  const day = wallClockIn(COACH_ZONE, Date.now() + 24 * 60 * 60_000).slice(0, 10);
  const nextMonth = day.slice(0, 7) !== wallClockIn(COACH_ZONE, Date.now()).slice(0, 7);

  await page.goto(`/admin/posts/${post.id}`);
  // The publish control's Schedule… (issue 32 §5) opens the date and time.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Schedule…' }).click();
  const field = page.getByLabel('Schedule for');
  await expect(page.getByText(`${COACH_LABEL} time. The post is published automatically at this time.`)).toBeVisible();
  await field.fill(`${day}T09:00`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Post scheduled', { exact: true })).toBeVisible();

  // 09:00 in Tokyo (UTC+9, no daylight saving) is midnight UTC.
  const stored = await okJson(typedApi.adminApi['blog-posts'][':id'].$get({ param: { id: String(post.id) } }));
  expect(stored.scheduledFor).toBe(`${day}T00:00:00.000Z`);
  await page.reload();
  await expect(page.getByText(/^Publishes automatically on /)).toContainText(`09:00 AM (${COACH_LABEL})`);
  await page.getByRole('button', { name: 'Scheduled', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Schedule…' }).click();
  await expect(field).toHaveValue(`${day}T09:00`);

  await page.goto('/admin/schedule');
  if (nextMonth) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('table', { name: /calendar$/ }).getByRole('button', { name: `Reschedule 09:00 AM ${title}` })).toBeVisible();
  expect(errors).toEqual([]);
});

/** Every admin screen, from the page files, with a real id for each dynamic part. */
function adminScreens(ids: Record<string, string>): string[] {
  const root = path.join(process.cwd(), 'src/pages/admin/(protected)');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !path.basename(file).startsWith('_'))
    .map((file) => {
      const route = `/admin/${file.replace(/\.tsx$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
      return route.replace(/\[([^\]]+)\]/g, (segment, name: string) => {
        const value = ids[name];
        if (value === undefined) throw new Error(`No id for ${segment} in ${route}: add one to the walk`);
        return value;
      });
    })
    .sort();
}

for (const width of [375, 1280]) {
  test(`every admin screen at ${width} px: no console error, no uncaught error, no hydration error, in a zone the browser does not share`, async ({
    page,
    settings,
    typedApi,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await settings.set({ timeZone: COACH_ZONE, bookingEnabled: true });
    await signInAs(page, OWNER.email, OWNER.password);
    // Dates on the screens: a message (and its notice in the outbox) and a scheduled post.
    const token = uniqueToken();
    const sent = await typedApi.publicApi.contact.$post({
      json: { name: `Walker ${token}`, email: `walk-${token}@example.com`, subject: 'A walk', message: 'Dates on every screen, please.' },
    });
    expect(sent.status).toBe(201);
    const post = await createPostThroughApi(typedApi, {
      title: `Walked ${token}`,
      scheduledFor: new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString(),
      autoPublish: false,
    });

    const client = await typedApi.adminApi.clients.$post({
      json: {
        name: `Walker ${token}`,
        email: `walk-${token}@example.com`,
        phone: '',
        organisation: '',
        timeZone: null,
        status: 'prospect',
        tags: [],
      },
    });
    expect(client.status).toBe(201);

    // A booked session, for its notes screen.
    const { slots } = await (await typedApi.publicApi.booking.slots.$get({ query: {} })).json();
    const booked = await typedApi.publicApi.bookings.$post({
      json: { start: slots.at(-1)!.start, name: `Walker ${token}`, email: `walk-${token}@example.com`, topic: '', timeZone: 'UTC' },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const bookings = (await (await typedApi.adminApi.bookings.$get({ query: { when: 'upcoming' } })).json()).bookings;
    const bookingId = String(bookings.find((booking) => booking.email === `walk-${token}@example.com`)!.id);

    const screens = adminScreens({ id: String(post.id), page: 'home', clientId: String((await client.json()).id), bookingId });
    expect(screens).toEqual(
      expect.arrayContaining(['/admin', '/admin/contact-messages', '/admin/outbox', '/admin/account', '/admin/schedule']),
    );
    const errors = consoleErrors(page);
    for (const screen of screens) {
      const response = await page.goto(screen);
      expect(response?.status(), screen).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first(), screen).toBeVisible();
      // Effects run after hydration (a screen's first refetch among them): let its requests settle,
      // or at most a few seconds for a screen that keeps one open (a page editor's live preview).
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    }
    expect(errors).toEqual([]);

    expect((await typedApi.adminApi.bookings[':id'].cancel.$post({ param: { id: bookingId }, json: { message: '' } })).status).toBe(200);
    expect((await typedApi.adminApi['contact-messages'][':id'].$delete({ param: { id: String((await sent.json()).id) } })).status).toBe(
      204,
    );
  });
}
