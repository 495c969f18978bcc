import { clockIn, dayIn, formatDate } from '#src/lib/format-date.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { LEAVE_CONFIRM, watchDialogs } from './support/dialogs.ts';
import {
  created,
  createPostThroughApi,
  deleteCreatedPostsAfterEach,
  preferMarkdownView,
  startPostJourney,
  uniqueToken,
} from './support/posts.ts';
import { okJson } from './support/site-api.ts';
import { slugOf } from './support/slug.ts';
import { expect, test } from './support/test.ts';

// docs/product.md §2 "Admin create/edit post", §4 and §5, against the seeded owner: the editor's
// required fields, leaving it, axe, slugs and their redirects, the first H1, tags and GitHub-flavoured
// Markdown. A post's life from draft to deleted, and the list, are in admin-posts.e2e.ts.

deleteCreatedPostsAfterEach();

test('the editor: required fields, a hand-edited slug is sent until the next title edit, a failed save keeps the text, leaving asks first', async ({
  page,
  typedApi,
}) => {
  const { dialogs, token } = await startPostJourney(page);
  await preferMarkdownView(page);
  const existing = await createPostThroughApi(typedApi, { title: `${token} Taken` });

  await page.goto('/admin/posts/new');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Title and content are required.' })).toBeVisible();
  await expect(toasts(page).getByText('Title and content are required.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toBeFocused();

  // The slug is generated from the title on each title edit; a slug edited by hand is sent as typed.
  // Issue 32 §5: punctuation inside a word parts it, as a space does.
  await page.getByLabel('Title').fill(`1:1 coaching ${token}`);
  await expect(page.getByLabel('Slug')).toHaveValue(`1-1-coaching-${token}`);
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
    // Five axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
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

const DELETE_CONFIRM = 'Are you sure you want to delete this post? This action cannot be undone.';

// Issue 32 §5: one publish control (Publish now · Schedule… · Unpublish, Cancel schedule when
// scheduled) in place of the Publish button and the two switches, and Delete in a More menu away
// from Save. Both are menu buttons (WAI-ARIA APG): Enter or ↓ opens on the first item, arrows move
// and wrap, Escape closes back to the button.
for (const width of [375, 1280]) {
  test(`the publish control at ${width} px: by keyboard, publish now, unpublish, schedule (seen on Schedule), cancel it, delete from More after the confirm; axe-clean with the menus open`, async ({
    page,
    typedApi,
    axe,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const { dialogs, token } = await startPostJourney(page);
    const post = await createPostThroughApi(typedApi, { title: `${token} Control ${width}` });
    const { timeZone } = await okJson(typedApi.adminApi.settings.$get());
    const control = (says: string) => page.getByRole('button', { name: says, exact: true });
    const menu = page.getByRole('menu');
    const publicStatus = async () => (await page.request.get(`/blog/${post.slug}`)).status();
    await page.goto(`/admin/posts/${post.id}`);
    await expect(page.getByRole('switch', { name: 'Publish immediately' })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Auto-publish' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await control('Publish').focus();
    await page.keyboard.press('Enter');
    await expect(control('Publish')).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText([/^Publish now/, /^Schedule…/]);
    await expect(menu.getByRole('menuitem', { name: 'Publish now' })).toBeFocused();
    expect(await axe.serious()).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Schedule…' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Publish now' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(control('Publish')).toBeFocused();
    await expect(control('Publish')).toHaveAttribute('aria-expanded', 'false');

    // Publish now, by keyboard: on the blog at once.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Publish now' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toasts(page).getByText('Post published successfully!')).toBeVisible();
    await expect(control('Published')).toBeFocused();
    expect(await publicStatus()).toBe(200);

    // A published post's one choice: Unpublish.
    await control('Published').click();
    await expect(menu.getByRole('menuitem')).toHaveText([/^Unpublish/]);
    await menu.getByRole('menuitem', { name: 'Unpublish' }).click();
    await expect(toasts(page).getByText('Post unpublished successfully!')).toBeVisible();
    await expect(control('Publish')).toBeVisible();
    expect(await publicStatus()).toBe(404);

    // Schedule…: the date and time, required and ahead; then published automatically at that time.
    await control('Publish').click();
    await menu.getByRole('menuitem', { name: 'Schedule…' }).click();
    const field = page.getByLabel('Schedule for');
    await expect(field).toBeFocused();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByText('Choose the date and time to publish at.')).toBeVisible();
    expect(await axe.serious()).toEqual([]);
    await field.fill(`${dayIn(Date.now() - 3_600_000, timeZone)}T${clockIn(Date.now() - 3_600_000, timeZone)}`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByText('Choose a time still ahead, or use Publish now.')).toBeVisible();
    const when = new Date(Math.ceil((Date.now() + 2 * 24 * 3_600_000) / 3_600_000) * 3_600_000);
    await field.fill(`${dayIn(when, timeZone)}T${clockIn(when, timeZone)}`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(toasts(page).getByText('Post scheduled', { exact: true })).toBeVisible();
    await expect(control('Scheduled')).toBeFocused();
    await expect(field).toHaveCount(0);
    await expect(page.getByText(/^Publishes automatically on /)).toContainText(formatDate(when, timeZone));
    const stored = await okJson(typedApi.adminApi['blog-posts'][':id'].$get({ param: { id: String(post.id) } }));
    expect(stored).toMatchObject({ published: false, autoPublish: true, scheduledFor: when.toISOString(), displayStatus: 'scheduled' });

    await page.goto('/admin/schedule');
    if (dayIn(when, timeZone).slice(0, 7) !== dayIn(Date.now(), timeZone).slice(0, 7)) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    // Wide, the calendar's chip; on a phone, the month's list.
    if (width >= 1024) {
      const chip = `Reschedule ${formatDate(when, timeZone, 'time')} ${post.title}`;
      await expect(page.getByRole('table', { name: /calendar$/ }).getByRole('button', { name: chip })).toBeVisible();
    } else {
      const entry = page.getByRole('list', { name: "This month's posts" }).getByRole('listitem').filter({ hasText: post.title });
      await expect(entry).toContainText(formatDate(when, timeZone));
      await expect(entry).toContainText('Scheduled');
    }

    // Cancel schedule: a draft again.
    await page.goto(`/admin/posts/${post.id}`);
    await control('Scheduled').click();
    await expect(menu.getByRole('menuitem')).toHaveText([/^Publish now/, /^Schedule…/, /^Cancel schedule/]);
    await menu.getByRole('menuitem', { name: 'Cancel schedule' }).click();
    await expect(toasts(page).getByText('Schedule removed: the post is a draft')).toBeVisible();
    await expect(control('Publish')).toBeVisible();
    await expect(page.getByText(/^Publishes automatically on /)).toHaveCount(0);

    // Delete is in More, away from Save, behind the browser's confirm: No keeps the post.
    dialogs.answers.push(false);
    await page.getByRole('button', { name: 'More actions' }).press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Delete Post' })).toBeFocused();
    expect(await axe.serious()).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialogs.seen.length).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
    await page.getByRole('button', { name: 'More actions' }).click();
    await menu.getByRole('menuitem', { name: 'Delete Post' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toasts(page).getByText('Blog post deleted successfully!')).toBeVisible();
    created.delete(post.id);
    expect((await page.request.get(`/api/admin/blog-posts/${post.id}`)).status()).toBe(404);
    expect(dialogs.seen).toEqual([
      { type: 'confirm', message: DELETE_CONFIRM },
      { type: 'confirm', message: DELETE_CONFIRM },
    ]);
  });
}

test('a new post is created and published in one step from the publish control', async ({ page }) => {
  const { token } = await startPostJourney(page);
  const title = `${token} Straight out`;
  await page.goto('/admin/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Published as it is created.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toasts(page).getByText('Post published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  created.add(Number(page.url().split('/').pop()));
  await expect(page.getByRole('button', { name: 'Published', exact: true })).toBeVisible();
  expect((await page.request.get(`/blog/${slugOf(title)}`)).status()).toBe(200);
});

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
