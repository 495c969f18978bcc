import type { PostInput } from '#src/schemas/post.ts';
import { signInAsOwner } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin post list" and "Admin create/edit post", §4, §5, §8, and docs/decisions.md (scheduled
// posts), against the seeded owner. Every test makes its own posts with unique titles and
// deletes whatever it left behind, so the public journeys see the seeded blog unchanged.
const DELETE_CONFIRM = 'Are you sure you want to delete this post? This action cannot be undone.';
const LEAVE_CONFIRM = 'You have unsaved changes. Leave this page?';

let counter = 0;
const uniqueToken = () => `${Date.now().toString(36)}${++counter}`;

/** The docs/product.md §5 rule, restated from the spec (not imported) so a drift in the app fails here. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Every browser dialog, recorded; each is answered from `answers` in turn (accepted when none is left). */
function watchDialogs(page: Page) {
  const seen: Array<{ type: string; message: string }> = [];
  const answers: boolean[] = [];
  page.on('dialog', async (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    if (answers.shift() === false) await dialog.dismiss();
    else await dialog.accept();
  });
  return { seen, answers };
}

const xssFired = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss !== undefined);

// Posts made by a test, removed afterwards even when it fails half-way.
const created = new Set<number>();

test.afterEach(async ({ api }) => {
  for (const id of created) {
    await api.delete(`/api/admin/blog-posts/${id}`);
  }
  created.clear();
});

async function createPostThroughApi({ adminApi }: SiteClients, fields: Pick<PostInput, 'title'> & Partial<PostInput>) {
  const response = await adminApi['blog-posts'].$post({
    json: {
      excerpt: '',
      content: 'Body text.',
      categoryId: null,
      customImage: null,
      featured: false,
      published: false,
      scheduledFor: null,
      autoPublish: false,
      ...fields,
    },
  });
  expect(response.status).toBe(201);
  const post = await response.json();
  created.add(post.id);
  return post;
}

const publicStatus = async (page: Page, slug: string) => (await page.request.get(`/blog/${slug}`)).status();

/** A `datetime-local` value `ms` from now in the browser's own time zone, to the second. */
const localDateTimeIn = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset);
    if (date.getSeconds() === 0) date.setSeconds(1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, ms);

test('a post from draft to published, edited, unpublished, scheduled, auto-published and deleted', async ({ page, typedApi }) => {
  test.setTimeout(240_000);
  const dialogs = watchDialogs(page);
  await signInAsOwner(page);

  const token = uniqueToken();
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

  // Saved as a draft: 'Publish immediately' stays off.
  await expect(page.getByRole('switch', { name: 'Publish immediately' })).not.toBeChecked();
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
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toasts(page).getByText('Post published successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
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
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toasts(page).getByText('Post unpublished successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  expect(await publicStatus(page, newSlug)).toBe(404);
  expect(await (await page.request.get('/blog')).text()).not.toContain(newTitle);
  expect(await (await page.request.get('/rss.xml')).text()).not.toContain(newTitle);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/blog/${newSlug}<`);
  expect(await apiSlugs()).not.toContain(newSlug);

  // Schedule a minute ahead with Auto-publish: not public yet, then published by the scheduler.
  await expect(page.getByRole('switch', { name: 'Publish immediately' })).not.toBeChecked();
  await page.getByLabel('Schedule for').fill(await localDateTimeIn(page, 60_000));
  await page.getByRole('switch', { name: 'Auto-publish' }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  await expect(page.getByRole('main').locator('span', { hasText: /^Scheduled$/ })).toBeVisible();
  expect(await publicStatus(page, newSlug)).toBe(404);
  await expect
    .poll(() => publicStatus(page, newSlug), { timeout: 100_000, intervals: [2_000], message: 'the scheduler publishes the post' })
    .toBe(200);

  // Delete from the editor: the browser confirm, then the dashboard with the toast.
  await page.getByRole('button', { name: 'Delete Post' }).click();
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
  const dialogs = watchDialogs(page);
  await signInAsOwner(page);
  const token = uniqueToken();
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

test('the editor: required fields, a hand-edited slug is sent until the next title edit, a failed save keeps the text, leaving asks first', async ({
  page,
  typedApi,
}) => {
  const dialogs = watchDialogs(page);
  await signInAsOwner(page);
  const token = uniqueToken();
  const existing = await createPostThroughApi(typedApi, { title: `${token} Taken` });

  await page.goto('/admin/posts/new');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Title and content are required.' })).toBeVisible();
  await expect(toasts(page).getByText('Title and content are required.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toBeFocused();

  // The slug is generated from the title on each title edit; a slug edited by hand is sent as typed.
  await page.getByLabel('Title').fill(`${token} First Title!`);
  await expect(page.getByLabel('Slug')).toHaveValue(slugOf(`${token} First Title!`));
  await page.getByLabel('Title').fill(`${token} Second Title`);
  await expect(page.getByLabel('Slug')).toHaveValue(slugOf(`${token} Second Title`));
  await page.getByLabel('Slug').fill(existing.slug);
  await page.getByLabel('Content').fill('Some **content**.');
  await page.getByLabel('Category').selectOption({ index: 1 });

  // The server refuses the taken slug: the message is shown and everything typed stays.
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(toasts(page).getByText('Failed to create post')).toBeVisible();
  await expect(toasts(page).getByText('A post with this slug already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByLabel('Title')).toHaveValue(`${token} Second Title`);
  await expect(page.getByLabel('Content')).toHaveValue('Some **content**.');

  // Leaving through an in-app link asks first; saying no stays with the edits.
  dialogs.answers.push(false);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByLabel('Title')).toHaveValue(`${token} Second Title`);
  // Closing the tab asks too (beforeunload).
  dialogs.answers.push(false);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs.seen.length).toBe(2);
  expect(dialogs.seen).toEqual([
    { type: 'confirm', message: LEAVE_CONFIRM },
    { type: 'beforeunload', message: expect.any(String) },
  ]);
});

test('leaving an unchanged editor asks nothing, and saying yes to a dirty one leaves', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await signInAsOwner(page);
  await page.goto('/admin/posts/new');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await page.getByLabel('Title').fill('Will be dropped');
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  expect(dialogs.seen).toEqual([{ type: 'confirm', message: LEAVE_CONFIRM }]);
});

for (const width of [375, 1280]) {
  test(`the list, the editor and the delete dialog have no serious or critical axe violations at ${width} px`, async ({
    page,
    typedApi,
    axe,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsOwner(page);
    const post = await createPostThroughApi(typedApi, {
      title: `${uniqueToken()} Axe`,
      excerpt: 'Checked.',
      content: '# Axe\n\n## Part\n\nText.',
      featured: true,
      published: true,
    });
    await page.goto('/admin/posts');
    await expect(page.getByRole('article', { name: post.title })).toBeVisible();
    expect(await axe.serious()).toEqual([]);
    await page
      .getByRole('article', { name: post.title })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete Blog Post' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);

    await page.goto(`/admin/posts/${post.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(post.title);
    expect(await axe.serious()).toEqual([]);
    // Phones show the form and the preview one at a time.
    if (width < 1024) await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Part' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);
    await page.goto('/admin/posts/new');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Title and content are required.' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);
  });
}

// Spec: the slug is "auto-generated from the title on each title edit"; a published post whose
// slug changes keeps every earlier slug as a permanent redirect to the current one.
test('renaming a published post: every old address answers 301 to the new one; sitemap, feed and canonical carry only the new', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const post = await createPostThroughApi(typedApi, { title: `${token} First Name`, published: true });
  const rename = async (title: string) => {
    const response = await typedApi.adminApi['blog-posts'][':id'].$put({
      param: { id: String(post.id) },
      json: { title, slug: '', content: 'Body text.', excerpt: '', categoryId: null, customImage: null, featured: false, published: true },
    });
    expect(response.status).toBe(200);
    return (await response.json()).slug;
  };
  const second = await rename(`${token} Second Name`);
  const third = await rename(`${token} Third Name`);
  expect([post.slug, second, third]).toEqual([
    slugOf(`${token} First Name`),
    slugOf(`${token} Second Name`),
    slugOf(`${token} Third Name`),
  ]);

  for (const old of [post.slug, second]) {
    const response = await page.request.get(`/blog/${old}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/blog/${third}`);
  }
  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${third}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${token} Third Name` })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${third}$`));

  for (const feed of ['/sitemap.xml', '/rss.xml']) {
    const body = await (await page.request.get(feed)).text();
    expect(body).toContain(`/blog/${third}<`);
    expect(body).not.toContain(`/blog/${post.slug}<`);
    expect(body).not.toContain(`/blog/${second}<`);
  }

  // An old address that a new post takes is that post's own, no longer a redirect.
  const taker = await createPostThroughApi(typedApi, { title: `${token} Taker`, slug: second, published: true });
  const taken = await page.request.get(`/blog/${taker.slug}`, { maxRedirects: 0 });
  expect(taken.status()).toBe(200);
  expect(await taken.text()).toContain(`${token} Taker`);
});

// Spec (editor): the preview is "sanitised Markdown with the first H1 line removed"; the public page agrees.
test('the public post page and the preview drop the first H1 line of the body, whatever its text', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const content = `# Not the title ${token}\n\nBody paragraph.\n\n# A later heading ${token}`;
  const post = await createPostThroughApi(typedApi, { title: `${token} First H1`, content, published: true });

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `${token} First H1` })).toBeVisible();
  await expect(page.getByText('Body paragraph.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Not the title ${token}` })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `A later heading ${token}` })).toBeVisible();
  // Without an excerpt, search engines and link previews get the body's first words.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `Body paragraph. A later heading ${token}`);

  await page.goto(`/admin/posts/${post.id}`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Body paragraph.')).toBeVisible();
  await expect(preview.getByRole('heading', { name: `Not the title ${token}` })).toHaveCount(0);
  await expect(preview.getByRole('heading', { name: `A later heading ${token}` })).toBeVisible();
});

// Issue 19 point 5: tags in the editor, on the public post and as the blog list's filter.
test('tags: added with the keyboard from suggestions, removed, shown on the public post, and filtering the blog list', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const existing = `Existing ${token}`;
  const fresh = `Fresh ${token}`;
  const dropped = `Dropped ${token}`;
  // Its tag is the suggestion; the post without the tag must not show under the filter.
  await createPostThroughApi(typedApi, { title: `${token} Other`, published: true, tags: [existing] });
  const post = await createPostThroughApi(typedApi, { title: `${token} Tagged`, published: true });

  await page.goto(`/admin/posts/${post.id}`);
  const field = page.getByRole('combobox', { name: 'Tags' });
  await expect(page.locator(`#post-tags-suggestions option[value="${existing}"]`)).toHaveCount(1);
  await field.click();
  // A suggestion's spelling wins over the letter case typed; Enter adds and does not submit the form.
  await page.keyboard.type(existing.toLowerCase());
  await page.keyboard.press('Enter');
  await page.keyboard.type(`${fresh},${dropped}`);
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('list', { name: 'Chosen tags' });
  await expect(chosen.getByRole('listitem')).toHaveText([existing, fresh, dropped]);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(field).toHaveValue('');
  // A chosen tag is no longer suggested.
  await expect(page.locator(`#post-tags-suggestions option[value="${existing}"]`)).toHaveCount(0);

  await page.getByRole('button', { name: `Remove tag ${dropped}` }).press('Enter');
  await expect(chosen.getByRole('listitem')).toHaveText([existing, fresh]);
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText([existing, fresh]);

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('link', { name: `Posts tagged ${fresh}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Posts tagged ${dropped}` })).toHaveCount(0);
  await page.getByRole('link', { name: `Posts tagged ${existing}` }).click();
  await expect(page).toHaveURL(`/blog?tag=${encodeURIComponent(existing).replace(/%20/g, '+')}`);
  await expect(page.getByText(`Tag: ${existing}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `${token} Tagged` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `${token} Other` }).first()).toBeVisible();

  await page.goto(`/blog?tag=${encodeURIComponent(fresh)}`);
  await expect(page.getByRole('link', { name: `${token} Tagged` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `${token} Other` })).toHaveCount(0);
  await page.getByRole('link', { name: `Clear tag ${fresh}` }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByText(/^Tag:/)).toHaveCount(0);

  // A tag no published post carries is unknown: a 404, as an unknown category is.
  expect((await page.request.get(`/blog?tag=${encodeURIComponent(dropped)}`)).status()).toBe(404);
});

test('GitHub-flavoured Markdown: a table, a task list, strikethrough and a footnote render the same in the preview and on the public page', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const content = [
    `| Habit ${token} | Minutes |`,
    '|:---|---:|',
    '| Reflect | 10 |',
    '| ~~Scroll~~ | 0 |',
    '',
    '- [x] Plan the week',
    '- [ ] Book the retro',
    '',
    'Lead by example[^1].',
    '',
    '[^1]: Said every coach.',
  ].join('\n');
  const post = await createPostThroughApi(typedApi, { title: `${token} GFM`, content, published: true });

  await page.goto(`/blog/${post.slug}`);
  const publicTable = page.getByRole('table');
  await expect(publicTable.getByRole('columnheader', { name: `Habit ${token}` })).toBeVisible();
  await expect(publicTable.locator('del')).toHaveText('Scroll');
  const publicHtml = await publicTable.evaluate((table) => table.outerHTML);
  const publicBoxes = page.getByRole('checkbox');
  await expect(publicBoxes).toHaveCount(2);
  for (const box of await publicBoxes.all()) await expect(box).toBeDisabled();
  await expect(publicBoxes.first()).toBeChecked();
  // The footnote reference leads to the note, whose id carries the clobber prefix.
  await page.getByRole('link', { name: '1', exact: true }).click();
  await expect(page).toHaveURL(/#user-content-fn-1$/);
  await expect(page.locator('#user-content-fn-1')).toContainText('Said every coach.');

  await page.goto(`/admin/posts/${post.id}`);
  const preview = page.getByRole('region', { name: 'Preview' });
  const previewTable = preview.getByRole('table');
  await expect(previewTable.getByRole('columnheader', { name: `Habit ${token}` })).toBeVisible();
  expect(await previewTable.evaluate((table) => table.outerHTML)).toBe(publicHtml);
  await expect(preview.getByRole('checkbox')).toHaveCount(2);
  for (const box of await preview.getByRole('checkbox').all()) await expect(box).toBeDisabled();
  await expect(preview.locator('#user-content-fn-1')).toContainText('Said every coach.');
});
