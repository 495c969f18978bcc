import { OWNER, signInAs, signInAsOwner } from './support/admin.ts';
import { createPostThroughApi, deleteCreatedPostsAfterEach, uniqueToken } from './support/posts.ts';
import { okJson } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin dashboard" and §9 (5 recent posts, 10 subscribers, 4 suites), against the
// seeded owner. Counts are compared with what the API reports at that moment, so journeys in
// other files that add or remove rows do not break these.

/** The big number on a summary card (the first paragraph; the Messages card adds a note). */
async function cardValue(page: Page, label: string): Promise<number> {
  const value = page
    .getByTestId(`summary-${label.toLowerCase().replace(/\s+/g, '-')}`)
    .locator('p')
    .first();
  return Number(await value.textContent());
}

deleteCreatedPostsAfterEach();

const SECTIONS = 'Dashboard sections';
/** The posts list's words for a post's status (docs/product.md §4), which the dashboard uses too (issue 32 §5). */
const STATUS_WORDS = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' } as const;
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

// Quick-link targets (docs/product.md §2, Tools). Screens that other work has not built yet answer 404
// for now; this list names them so the test still checks every link that exists. Remove an
// entry when its page lands.
const QUICK_LINKS = [
  '/admin/posts',
  '/admin/blog-backlog',
  '/admin/posts/new',
  '/admin/categories',
  '/admin/testimonials',
  '/admin/media',
  '/admin/subscribers',
  '/admin/newsletters',
  '/admin/schedule',
  '/admin/analytics',
  '/admin/booking',
  '/admin/users',
  '/admin/users/new',
  '/admin/settings',
  '/admin/outbox',
  '/admin/privacy',
];

test('the welcome line, New Post and Logout are shown, and the six cards match the API', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/admin/posts/new');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const { posts } = await okJson(typedApi.adminApi['blog-posts'].$get({ query: {} }));
  const subscribers = await okJson(typedApi.adminApi.subscribers.$get({ query: {} }));
  const messages = await okJson(typedApi.adminApi['contact-messages'].$get({ query: {} }));
  const categories = await okJson(typedApi.publicApi.categories.$get());
  const published = posts.filter((post) => post.published).length;

  await page.reload();
  expect(await cardValue(page, 'Total Posts')).toBe(posts.length);
  expect(await cardValue(page, 'Published')).toBe(published);
  expect(await cardValue(page, 'Drafts')).toBe(posts.length - published);
  expect(await cardValue(page, 'Subscribers')).toBe(subscribers.length);
  expect(await cardValue(page, 'Categories')).toBe(categories.length);
  expect(await cardValue(page, 'Messages')).toBe(messages.length);
  const unread = messages.filter((message) => !message.isRead).length;
  const messagesCard = page.getByTestId('summary-messages');
  await expect(messagesCard.getByText(`${unread} unread`, { exact: true })).toBeVisible();
  await expect(messagesCard.getByRole('link')).toHaveAttribute('href', '/admin/contact-messages');
});

// Issue 32 §7: the owner is the coach, greeted by the first word of Settings' coach name; another
// admin by their first name, or by their e-mail when the account has none.
test('the dashboard greets the coach by the first name in Settings, and another admin by e-mail', async ({
  page,
  browser,
  api,
  settings,
}) => {
  await settings.set({ coachName: 'Robin Q. Example' });
  await signInAsOwner(page);
  await expect(page.getByText('Welcome back, Robin', { exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${OWNER.email}`)).toHaveCount(0);

  const email = `greeted-admin-${Date.now()}@example.com`;
  const password = `Greeted-Admin-${Date.now()}-Pw!`;
  const created = await api.post('/api/auth/admin/users', { data: { email, password, role: 'admin' } });
  expect(created.status()).toBe(201);
  const other = await browser.newPage();
  try {
    await signInAs(other, email, password);
    await other.goto('/admin');
    await expect(other.getByText(`Welcome back, ${email}`, { exact: true })).toBeVisible();
  } finally {
    await other.close();
    expect((await api.delete(`/api/auth/admin/users/${(await created.json()).id}`)).status()).toBe(204);
  }
});

test('Next intro call names the first confirmed call still ahead, or says none is booked, and leads to /admin/booking', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const { bookings } = await okJson(typedApi.adminApi.bookings.$get({ query: { when: 'upcoming' } }));
  const next = bookings.find((booking) => booking.status === 'confirmed');
  await page.reload();
  const panel = page.getByRole('region', { name: 'Next intro call' });
  await expect(panel).toContainText(next ? `With ${next.name}` : 'No calls booked');
  await expect(panel.getByRole('link', { name: 'All calls' })).toHaveAttribute('href', '/admin/booking');
});

test('the three tabs switch by click and by arrow keys', async ({ page, tablist }) => {
  const sections = tablist(SECTIONS);
  await signInAsOwner(page);
  await expect(sections.tabs).toHaveText(['Recent Posts', 'Subscribers', 'Tools']);
  await expect(sections.tab('Recent Posts')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page, 'Recent Posts')).toBeVisible();

  await sections.select('Subscribers');
  await expect(sections.tab('Subscribers')).toHaveAttribute('aria-selected', 'true');
  await expect(sections.tab('Recent Posts')).toHaveAttribute('aria-selected', 'false');
  await expect(panel(page, 'Subscribers')).toBeVisible();
  await expect(panel(page, 'Recent Posts')).toBeHidden();

  await sections.select('Tools');
  await expect(panel(page, 'Tools')).toBeVisible();

  // One tab stop: the selected tab; arrows move the selection and wrap at both ends.
  await expect(sections.tab('Tools')).toHaveAttribute('tabindex', '0');
  await expect(sections.tab('Subscribers')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(sections.tab('Recent Posts')).toBeFocused();
  await expect(sections.tab('Recent Posts')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page, 'Recent Posts')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(sections.tab('Subscribers')).toBeFocused();
  await expect(panel(page, 'Subscribers')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(sections.tab('Tools')).toBeFocused();
  await expect(panel(page, 'Tools')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(sections.tab('Recent Posts')).toBeFocused();
  await page.keyboard.press('End');
  await expect(sections.tab('Tools')).toBeFocused();
  await expect(panel(page, 'Tools')).toBeVisible();
});

test('Recent Posts lists the 5 newest posts, with View only on published ones', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  const { posts } = await okJson(typedApi.adminApi['blog-posts'].$get({ query: {} }));
  const newest = [...posts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, 5);
  await page.reload();

  const rows = panel(page, 'Recent Posts').getByRole('listitem');
  await expect(rows).toHaveCount(5);
  for (const [index, post] of newest.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(post.title);
    await expect(row).toContainText(STATUS_WORDS[post.displayStatus]);
    await expect(row).toContainText(/Created [A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(row.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', `/admin/posts/${post.id}`);
    const view = row.getByRole('link', { name: /^View/ });
    if (post.published) await expect(view).toHaveAttribute('href', `/blog/${post.slug}`);
    else await expect(view).toHaveCount(0);
  }
  expect(newest.some((post) => post.published)).toBe(true);
  expect(newest.some((post) => !post.published)).toBe(true);
});

test('a scheduled post reads Scheduled in Recent Posts, as it does in the posts list', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, {
    title: `${uniqueToken()} Planned`,
    scheduledFor: '2099-03-04T10:00:00.000Z',
    autoPublish: true,
  });
  await page.reload();
  const row = panel(page, 'Recent Posts').getByRole('listitem').filter({ hasText: post.title });
  await expect(row.locator('span', { hasText: /^Scheduled$/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /^View/ })).toHaveCount(0);

  await page.goto(`/admin/posts?q=${encodeURIComponent(post.title)}`);
  await expect(page.getByRole('article', { name: post.title }).locator('span', { hasText: /^Scheduled$/ })).toBeVisible();
});

test('Subscribers lists the seeded subscribers with names, e-mail and date', async ({ page, typedApi, tablist }) => {
  await signInAsOwner(page);
  const subscribers = await okJson(typedApi.adminApi.subscribers.$get({ query: {} }));
  expect(subscribers).toHaveLength(3);
  await tablist(SECTIONS).select('Subscribers');

  const table = panel(page, 'Subscribers').getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['First name', 'Last name', 'Email', 'Subscribed']);
  const rows = table.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(3);
  for (const [index, subscriber] of subscribers.entries()) {
    await expect(rows.nth(index)).toContainText(subscriber.email);
    if (subscriber.firstName) await expect(rows.nth(index)).toContainText(subscriber.firstName);
    await expect(rows.nth(index)).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  }
});

test('Tools shows the test suite status and quick links that lead to real pages', async ({ page, tablist }) => {
  await signInAsOwner(page);
  await tablist(SECTIONS).select('Tools');
  const tools = panel(page, 'Tools');
  await expect(tools.getByRole('heading', { name: 'Test Suite Status' })).toBeVisible();
  await expect(tools.getByRole('link', { name: 'View test results' })).toHaveAttribute('href', '/admin/test-results');
  for (const card of ['Content', 'Newsletter', 'Scheduling', 'Users', 'Site']) {
    await expect(tools.getByRole('heading', { level: 3, name: card, exact: true })).toBeVisible();
  }

  const quickLinks = tools.getByRole('region', { name: 'Quick Links' }).getByRole('link');
  const hrefs = await quickLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(QUICK_LINKS);

  for (const href of [...QUICK_LINKS, '/admin/test-results']) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBeLessThan(400);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }), href).toHaveCount(0);
  }
});
