import { signInAsOwner, toasts } from './support/admin.ts';
import { created, createPostThroughApi, deleteCreatedPostsAfterEach, preferMarkdownView, startPostJourney } from './support/posts.ts';
import { slugOf } from './support/slug.ts';
import { expect, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin post list" and "Admin create/edit post", §4, §5, §8, and docs/decisions.md (scheduled
// posts), against the seeded owner: a post's life from draft to deleted, and the list. The editor's
// own rules are in admin-post-editor.e2e.ts.
const DELETE_CONFIRM = 'Are you sure you want to delete this post? This action cannot be undone.';

const xssFired = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss !== undefined);

deleteCreatedPostsAfterEach();

const publicStatus = async (page: Page, slug: string) => (await page.request.get(`/blog/${slug}`)).status();

/** The editor's publish control (issue 32 §5), by what it says: Publish, Scheduled or Published. */
const publishControl = (page: Page, says: string) => page.getByRole('button', { name: says, exact: true });

/** Opens the publish control and chooses one of its items. */
async function choose(page: Page, says: string, item: string) {
  await publishControl(page, says).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}

/**
 * A `datetime-local` value `ms` from now, to the second, in the coach's time zone (issue 32 §1): UTC,
 * the journeys' site's first-start zone (playwright.config.ts), whatever the browser's.
 */
const localDateTimeIn = (ms: number) => {
  const date = new Date(Date.now() + ms);
  if (date.getUTCSeconds() === 0) date.setUTCSeconds(1);
  return date.toISOString().slice(0, 19);
};

test('a post from draft to published, edited, unpublished, scheduled, auto-published and deleted', async ({ page, typedApi }) => {
  test.setTimeout(240_000);
  const { dialogs, token } = await startPostJourney(page);
  await preferMarkdownView(page);

  const title = `Journey post ${token}`;
  const slug = slugOf(title);
  const content = [
    `# ${title}`,
    '',
    'An opening paragraph.',
    '',
    '## A section',
    '',
    '- first point',
    '- second point',
    '',
    '<img src=x onerror="window.__xss=1">',
  ].join('\n');

  await page.goto('/admin/posts');
  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page).toHaveTitle(/^New Post \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'New Post' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  // Spec: the slug is "auto-generated from the title on each title edit", a hand-edited one too.
  await page.getByLabel('Slug').fill('set-by-hand');
  await page.getByLabel('Title').fill(`${title} draft`);
  await expect(page.getByLabel('Slug')).toHaveValue(slugOf(`${title} draft`));
  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Excerpt').fill(`Excerpt for ${token}.`);
  await page.getByLabel('Content').fill(content);

  // The preview is the server's rendering: the leading title heading is gone, the handler too.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Updating preview...')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'A section' })).toBeVisible();
  await expect(preview.getByText('Updating preview...')).toBeHidden();
  await expect(preview.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.getByText(title, { exact: true })).toBeVisible();
  await expect(preview.getByText(`Excerpt for ${token}.`)).toBeVisible();
  await expect(preview.locator('[onerror]')).toHaveCount(0);
  for (const image of await preview.getByTestId('preview-body').locator('img').all()) {
    expect(await image.getAttribute('onerror')).toBeNull();
  }

  // Saved as a draft: the publish control still offers to publish.
  await expect(publishControl(page, 'Publish')).toBeVisible();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(toasts(page).getByText('Blog post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  const editUrl = page.url();
  const id = Number(editUrl.split('/').pop());
  created.add(id);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View Live/ })).toHaveCount(0);
  expect(await publicStatus(page, slug)).toBe(404);
  // The public API's list, read (and so cached) before the change, must not outlive it.
  const apiSlugs = async () =>
    (await (await typedApi.publicApi['blog-posts'].$get({ query: { limit: '50' } })).json()).posts.map((post) => post.slug);
  expect(await apiSlugs()).not.toContain(slug);

  // Publish: on the blog (first card), the home page's latest post, the feed, the sitemap and the API.
  await choose(page, 'Publish', 'Publish now');
  await expect(toasts(page).getByText('Post published successfully!')).toBeVisible();
  await expect(publishControl(page, 'Published')).toBeVisible();
  const viewLive = page.getByRole('link', { name: /View Live/ });
  await expect(viewLive).toHaveAttribute('href', `/blog/${slug}`);
  await expect(viewLive).toHaveAttribute('target', '_blank');
  await expect(viewLive).toHaveAttribute('rel', /noopener/);

  await page.goto('/blog');
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(title);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Latest Leadership Insights' })).toContainText(title);
  expect(await (await page.request.get('/rss.xml')).text()).toContain(title);
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`/blog/${slug}</loc>`);
  expect(await apiSlugs()).toContain(slug);
  expect((await page.request.get(`/api/blog-posts/${slug}`)).status()).toBe(200);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'A section' })).toBeVisible();
  expect(await xssFired(page)).toBe(false);

  // Edit the title: the slug follows it (it was never edited by hand), and the public page shows it.
  await page.goto(editUrl);
  const newTitle = `Journey post renamed ${token}`;
  const newSlug = slugOf(newTitle);
  await page.getByLabel('Title').fill(newTitle);
  await expect(page.getByLabel('Slug')).toHaveValue(newSlug);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await page.goto(`/blog/${newSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

  // Unpublish: gone from every public place.
  await page.goto(editUrl);
  await choose(page, 'Published', 'Unpublish');
  await expect(toasts(page).getByText('Post unpublished successfully!')).toBeVisible();
  await expect(publishControl(page, 'Publish')).toBeVisible();
  expect(await publicStatus(page, newSlug)).toBe(404);
  expect(await (await page.request.get('/blog')).text()).not.toContain(newTitle);
  expect(await (await page.request.get('/rss.xml')).text()).not.toContain(newTitle);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/blog/${newSlug}<`);
  expect(await apiSlugs()).not.toContain(newSlug);

  // Schedule a minute ahead: not public yet, then published automatically by the scheduler.
  await choose(page, 'Publish', 'Schedule…');
  await page.getByLabel('Schedule for').fill(localDateTimeIn(60_000));
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toasts(page).getByText('Post scheduled', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').locator('span', { hasText: /^Scheduled$/ })).toBeVisible();
  await expect(publishControl(page, 'Scheduled')).toBeVisible();
  expect(await publicStatus(page, newSlug)).toBe(404);
  await expect
    .poll(() => publicStatus(page, newSlug), { timeout: 100_000, intervals: [2_000], message: 'the scheduler publishes the post' })
    .toBe(200);

  // Delete from the editor's More menu: the browser confirm, then the dashboard with the toast.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(toasts(page).getByText('Blog post deleted successfully!')).toBeVisible();
  created.delete(id);
  expect(await publicStatus(page, newSlug)).toBe(404);
  expect((await page.request.get(`/api/admin/blog-posts/${id}`)).status()).toBe(404);

  expect(dialogs.seen).toEqual([{ type: 'confirm', message: DELETE_CONFIRM }]);
  expect(await xssFired(page)).toBe(false);
});

test('the list: search by title or excerpt, literal % _ \\, status filter, row details and the delete dialog', async ({
  page,
  typedApi,
}) => {
  const { dialogs, token } = await startPostJourney(page);
  const published = await createPostThroughApi(typedApi, {
    title: `${token} Alpha 100% sure`,
    excerpt: 'Plain words.',
    published: true,
    featured: true,
  });
  const draft = await createPostThroughApi(typedApi, { title: `${token} Beta`, excerpt: 'Has an under_score and a back\\slash.' });
  const scheduled = await createPostThroughApi(typedApi, {
    title: `${token} Gamma`,
    excerpt: 'Later.',
    scheduledFor: '2099-03-04T10:00:00.000Z',
    autoPublish: false,
  });

  await page.goto('/admin/posts');
  await expect(page).toHaveTitle(/^Blog Posts \| /);
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/admin/posts/new');
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  const status = page.getByRole('combobox', { name: 'Status' });
  const count = page.getByTestId('posts-count');
  const row = (title: string) => page.getByRole('article', { name: title });

  // Case-insensitive, on title or excerpt.
  await search.fill(token.toUpperCase());
  await expect(count).toHaveText(/^3 posts/);
  await expect(row(published.title)).toBeVisible();
  await search.fill('UNDER_SCORE');
  await expect(count).toHaveText(/^1 post\b/);
  await expect(row(draft.title)).toBeVisible();

  // '%', '_' and '\' are plain characters, not patterns.
  await search.fill(`${token} Alpha 100%`);
  await expect(count).toHaveText(/^1 post\b/);
  await expect(row(published.title)).toBeVisible();
  await search.fill(`${token}%Gamma`);
  await expect(page.getByText('No posts found')).toBeVisible();
  await search.fill(`${token} _eta`);
  await expect(page.getByText('No posts found')).toBeVisible();
  await search.fill('back\\slash');
  await expect(count).toHaveText(/^1 post\b/);
  await expect(row(draft.title)).toBeVisible();

  // The status filter, by display status.
  await search.fill(token);
  for (const [value, post, badge] of [
    ['published', published, 'Published'],
    ['draft', draft, 'Draft'],
    ['scheduled', scheduled, 'Scheduled'],
  ] as const) {
    await status.selectOption(value);
    await expect(count).toHaveText(/^1 post\b/);
    await expect(row(post.title)).toBeVisible();
    // The badge, not the 'Published' / 'Scheduled' date labels beside it.
    await expect(row(post.title).locator('span', { hasText: new RegExp(`^${badge}$`) })).toBeVisible();
  }
  await status.selectOption('all');
  await expect(count).toHaveText(/^3 posts/);

  // Row details: badges, category fallback, dates or 'Never', and View only when published.
  await expect(row(published.title).getByText('Featured', { exact: true })).toBeVisible();
  await expect(row(draft.title).getByText('Featured', { exact: true })).toHaveCount(0);
  await expect(row(scheduled.title)).toContainText('Uncategorized');
  await expect(row(scheduled.title)).toContainText('Mar 04, 2099');
  await expect(row(draft.title)).toContainText('Never');
  const view = row(published.title).getByRole('link', { name: /^View/ });
  await expect(view).toHaveAttribute('href', `/blog/${published.slug}`);
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('rel', /noopener/);
  await expect(row(draft.title).getByRole('link', { name: /^View/ })).toHaveCount(0);
  await expect(row(draft.title).getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', `/admin/posts/${draft.id}`);

  // Delete: Cancel keeps the post; 'Delete Permanently' removes it.
  await row(draft.title)
    .getByRole('button', { name: /^Delete/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Blog Post' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Are you sure you want to delete "${draft.title}"?`);
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(draft.title)).toBeVisible();

  await row(draft.title)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(toasts(page).getByText('Blog post deleted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(draft.title)).toHaveCount(0);
  await expect(count).toHaveText(/^2 posts/);
  expect((await page.request.get(`/api/admin/blog-posts/${draft.id}`)).status()).toBe(404);
  created.delete(draft.id);
  expect(dialogs.seen).toEqual([]);
});

test('an unknown or malformed post id shows Post not found. with HTTP 404', async ({ page }) => {
  await signInAsOwner(page);
  for (const id of ['999999', 'abc', '0']) {
    const response = await page.goto(`/admin/posts/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found.' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to posts' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
});
