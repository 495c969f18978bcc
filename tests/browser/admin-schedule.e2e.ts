// /admin/schedule (issue 17): "change a post's date from the calendar (keyboard-accessible, not
// drag-only)" and "any post whose time has passed but is not published, with the reason and a
// 'Publish now' button". The journeys' site runs in UTC (the first-start time zone) with the
// scheduler every 2 s (playwright.config.ts).
import { formatDate } from '#src/lib/format-date.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

const run = () => Date.now().toString(36);
const publicStatus = async (page: Page, slug: string) => (await page.request.get(`/blog/${slug}`)).status();

async function newPost({ adminApi }: SiteClients, title: string, scheduledFor: Date, autoPublish: boolean) {
  const response = await adminApi['blog-posts'].$post({
    json: { title, content: `# ${title}\n\nA post on the schedule.`, scheduledFor: scheduledFor.toISOString(), autoPublish },
  });
  expect(response.status).toBe(201);
  const post = await response.json();
  created.push(post.id);
  return post;
}

const hhmm = (date: Date) => date.toISOString().slice(11, 16);
/** A chip's time, as the calendar writes it in the coach's zone (UTC here): "09:05 PM". */
const chipTime = (date: Date) => formatDate(date, 'UTC', 'time');

// The public journeys count the seeded posts: every post made here is deleted afterwards.
const created: number[] = [];
test.afterEach(async ({ api }) => {
  for (const id of created.splice(0)) {
    const response = await api.delete(`/api/admin/blog-posts/${id}`);
    expect(response.status()).toBe(204);
  }
});

test('a scheduled post is moved from the calendar with the keyboard, and the scheduler publishes it at its new time', async ({
  page,
  typedApi,
}) => {
  // The new time is up to 90 s ahead (minutes are what the coach types).
  test.setTimeout(180_000);
  const title = `Calendar move ${run()}`;
  await signInAsOwner(page);
  // A few minutes ahead, so it is on the month the screen opens with (the last 3 minutes of a month aside).
  const planned = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 3 * 60_000);
  const post = await newPost(typedApi, title, planned, true);

  await page.goto('/admin/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByText("Times are in the coach's time zone, UTC")).toBeVisible();
  await expect(page.getByTestId('scheduler-last-run')).toHaveText(/^\w{3} \d{2}, \d{4} at \d{2}:\d{2} [AP]M$/);
  // Half an hour before a month ends, the post is on the next month's page.
  if (planned.toISOString().slice(0, 7) !== new Date().toISOString().slice(0, 7))
    await page.getByRole('button', { name: 'Next month' }).click();
  const calendar = page.getByRole('table', { name: /calendar$/ });
  const chip = calendar.getByRole('button', { name: `Reschedule ${chipTime(planned)} ${title}` });

  // Keyboard only: focus the post, Enter opens its date, Enter in the form saves it.
  await chip.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reschedule Post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Date')).toHaveValue(planned.toISOString().slice(0, 10));
  await expect(dialog.getByLabel('Time')).toHaveValue(hhmm(planned));
  // The next whole minute at least 30 s away: in the future when it reaches the server.
  const soon = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  await dialog.getByLabel('Date').fill(soon.toISOString().slice(0, 10));
  await dialog.getByLabel('Time').fill(hhmm(soon));
  await dialog.getByLabel('Time').press('Enter');
  await expect(toasts(page).getByText('Post rescheduled', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(calendar.getByRole('button', { name: `Reschedule ${chipTime(soon)} ${title}` })).toBeVisible();
  expect(await publicStatus(page, post.slug)).toBe(404);

  await expect
    .poll(() => publicStatus(page, post.slug), { timeout: 100_000, intervals: [2_000], message: 'the scheduler publishes the post' })
    .toBe(200);
  await page.reload();
  await expect(calendar.getByRole('link', { name: `Published ${chipTime(soon)} ${title}` })).toHaveAttribute(
    'href',
    `/admin/posts/${post.id}`,
  );
});

test("a post whose time passed with auto-publish off is listed as missed, with the reason, and 'Publish now' publishes it", async ({
  page,
  typedApi,
}) => {
  const title = `Missed post ${run()}`;
  await signInAsOwner(page);
  const post = await newPost(typedApi, title, new Date(Date.now() - 3 * 60 * 60_000), false);

  await page.goto('/admin/schedule');
  const missed = page.getByRole('region', { name: 'Missed: due but not published' });
  const item = missed.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Auto-publish is off for this post, so the scheduler leaves it unpublished.');
  expect(await publicStatus(page, post.slug)).toBe(404);

  await item.getByRole('button', { name: `Publish now: ${title}` }).click();
  await expect(toasts(page).getByText('Post published', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Missed: due but not published' }).getByText(title)).toHaveCount(0);
  expect(await publicStatus(page, post.slug)).toBe(200);
});

test('a draft without a date gets one from the list beside the calendar', async ({ page, typedApi }) => {
  const title = `Undated draft ${run()}`;
  await signInAsOwner(page);
  const response = await typedApi.adminApi['blog-posts'].$post({ json: { title, content: `# ${title}\n\nNo date yet.` } });
  expect(response.status).toBe(201);
  const { id } = await response.json();
  created.push(id);

  await page.goto('/admin/schedule');
  await page.getByRole('button', { name: `Schedule ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
  await dialog.getByLabel('Date').fill('2099-03-04');
  await dialog.getByLabel('Time').fill('09:30');
  await dialog.getByRole('button', { name: 'Save date' }).click();
  await expect(toasts(page).getByText('Post rescheduled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Schedule ${title}` })).toHaveCount(0);
  const stored = await (await typedApi.adminApi['blog-posts'][':id'].$get({ param: { id: String(id) } })).json();
  expect(stored).toMatchObject({ scheduledFor: '2099-03-04T09:30:00.000Z', autoPublish: true });
});
