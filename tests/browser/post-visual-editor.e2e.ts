import sharp from 'sharp';
import { signInAsOwner, toasts } from './support/admin.ts';
import { MARKDOWN_CORPUS } from './support/markdown-corpus.ts';
import { created, createPostThroughApi, deleteCreatedPostsAfterEach, startPostJourney } from './support/posts.ts';
import { okJson, type SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 32 §5: the post editor's visual view. It reads and writes the Markdown the site stores:
// what its toolbar makes is the Markdown stored and the page published, every construct the site
// renders comes back from it rendering the same, and the Markdown view stays for those who want it.

deleteCreatedPostsAfterEach();

const ALT = 'A coach at a whiteboard';

const editable = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
const view = (page: Page, name: 'Visual' | 'Markdown') => page.getByRole('group', { name: 'Content view' }).getByRole('button', { name });

/** The body as the site renders it (the preview's pipeline is the public page's). */
const rendered = async ({ adminApi }: SiteClients, content: string) =>
  (await okJson(adminApi['blog-posts'].preview.$post({ json: { title: 'Rendered', content } }))).html;

const storedContent = async ({ adminApi }: SiteClients, id: number) =>
  (await okJson(adminApi['blog-posts'][':id'].$get({ param: { id: String(id) } }))).content;

for (const width of [375, 1280]) {
  test(`at ${width} px the toolbar writes the Markdown it promised: heading, bold, italic, link, lists, quote, image with alt text, table; the public page shows them; axe-clean`, async ({
    page,
    typedApi,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const { token } = await startPostJourney(page);
    const title = `${token} Visual ${width}`;
    await page.goto('/admin/posts/new');
    await expect(view(page, 'Visual')).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Title').fill(title);
    await editable(page).click();
    expect(await axe.serious()).toEqual([]);

    await tool(page, 'Heading').click();
    await expect(tool(page, 'Heading')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Why it matters');
    await page.keyboard.press('Enter');
    await expect(tool(page, 'Heading')).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.type('Leaders who ');
    await tool(page, 'Bold').click();
    await page.keyboard.type('listen');
    await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' win ');
    await tool(page, 'Italic').click();
    await page.keyboard.type('trust');
    await tool(page, 'Italic').click();
    await page.keyboard.type('. Read ');

    // A link: its words and its address, checked before it goes in.
    await tool(page, 'Link').click();
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.getByLabel('Text').fill('how we work');
    await linkDialog.getByLabel('Address').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await expect(
      linkDialog.getByText(
        'Enter a web address starting with https://, an email address as mailto:name@example.com, or a page of this site starting with /.',
      ),
    ).toBeVisible();
    await linkDialog.getByLabel('Address').fill('/services');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await expect(linkDialog).toBeHidden();
    await expect(editable(page)).toBeFocused();
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');

    await tool(page, 'Bulleted list').click();
    await page.keyboard.type('Listen first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Decide together');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await tool(page, 'Numbered list').click();
    await page.keyboard.type('Name the goal');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Measure it');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await tool(page, 'Quote').click();
    await page.keyboard.type('Clarity is kindness.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // An image: chosen, described, uploaded, put in where the caret is.
    const chooser = page.waitForEvent('filechooser');
    await tool(page, 'Image').click();
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 60, b: 110 } } })
      .png()
      .toBuffer();
    await (await chooser).setFiles({ name: 'whiteboard.png', mimeType: 'image/png', buffer: png });
    const imageDialog = page.getByRole('dialog', { name: 'Add Image' });
    await imageDialog.getByLabel('Alt text').fill(ALT);
    const uploading = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/media') && response.request().method() === 'POST',
    );
    await imageDialog.getByRole('button', { name: 'Upload and Insert' }).click();
    const image: { id: string; url: string } = await (await uploading).json();
    await expect(imageDialog).toBeHidden();
    await expect(editable(page).locator(`img[alt="${ALT}"]`)).toBeVisible();
    await page.keyboard.press('Enter');

    // A table: a header row and two rows; the caret starts in its first cell, Tab moves on.
    await tool(page, 'Table').click();
    await page.keyboard.type('Habit');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Minutes');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Reflect');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10');
    await expect(tool(page, 'Add row')).toBeVisible();
    if (width >= 1024) {
      // The preview beside the editor has caught up (it dims while it updates).
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect(preview.getByRole('cell', { name: '10' })).toBeVisible();
      await expect(preview.getByText('Updating preview...')).toBeHidden();
    }
    expect(await axe.serious()).toEqual([]);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toasts(page).getByText('Blog post created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
    const id = Number(page.url().split('/').pop());
    created.add(id);

    expect(await storedContent(typedApi, id)).toBe(
      [
        '## Why it matters',
        '',
        'Leaders who **listen** win *trust*. Read [how we work](/services).',
        '',
        '- Listen first',
        '- Decide together',
        '',
        '1. Name the goal',
        '2. Measure it',
        '',
        '> Clarity is kindness.',
        '',
        `![${ALT}](${image.url})`,
        '',
        '| Habit   | Minutes |',
        '| ------- | ------- |',
        '| Reflect | 10      |',
        '|         |         |',
        '',
      ].join('\n'),
    );

    // Published: the blog shows what the toolbar made.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    await expect(toasts(page).getByText('Post published successfully!')).toBeVisible();
    const { slug } = await okJson(typedApi.adminApi['blog-posts'][':id'].$get({ param: { id: String(id) } }));
    await page.goto(`/blog/${slug}`);
    const body = page.locator('.prose-post');
    await expect(body.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeVisible();
    await expect(body.locator('strong')).toHaveText('listen');
    await expect(body.locator('em')).toHaveText('trust');
    await expect(body.getByRole('link', { name: 'how we work' })).toHaveAttribute('href', '/services');
    await expect(body.locator('ul > li')).toHaveText(['Listen first', 'Decide together']);
    await expect(body.locator('ol > li')).toHaveText(['Name the goal', 'Measure it']);
    await expect(body.locator('blockquote')).toHaveText('Clarity is kindness.');
    await expect(body.getByRole('img', { name: ALT })).toHaveAttribute('src', image.url);
    await expect(body.getByRole('columnheader')).toHaveText(['Habit', 'Minutes']);
    await expect(body.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Reflect', '10']);
    await page.request.delete(`/api/admin/media/${image.id}`, { headers: { Origin: new URL(page.url()).origin } });
  });
}

test('every construct the site renders comes back from the visual view rendering the same; opening it alone changes nothing', async ({
  page,
  typedApi,
}) => {
  test.setTimeout(60_000);
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, { title: 'Every construct', content: MARKDOWN_CORPUS });
  await page.goto(`/admin/posts/${post.id}`);
  const box = editable(page);
  // What the visual view shows: a table, task boxes, the code, the footnote, the raw HTML as written.
  await expect(box.getByRole('table')).toBeVisible();
  await expect(box.locator('pre')).toHaveCount(3);
  await expect(box.getByText('The footnote text with')).toBeVisible();
  await expect(box.getByText('<kbd>').first()).toBeVisible();
  await expect(box.locator('img[src^="https://example.com/"]')).toHaveCount(3);
  // On a phone the wide table and code scroll inside the editor; the page itself does not.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opened and left: nothing to save, and the Markdown view holds the stored text to the byte.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await view(page, 'Markdown').click();
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveValue(MARKDOWN_CORPUS);
  await view(page, 'Visual').click();

  // One word typed at the end: the editor writes the whole document, which renders as before.
  await editable(page).getByText('The end.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Extra');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  const stored = await storedContent(typedApi, post.id);
  expect(stored).not.toBe(MARKDOWN_CORPUS);
  expect(await rendered(typedApi, stored)).toBe(await rendered(typedApi, MARKDOWN_CORPUS.replace('The end.', 'The end. Extra')));
});

test('the Markdown view: chosen once it is remembered; what is typed there shows in the visual view, and back', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, { title: 'Both views', content: 'First paragraph.' });
  await page.goto(`/admin/posts/${post.id}`);
  await view(page, 'Markdown').click();
  const markdown = page.getByRole('textbox', { name: 'Content' });
  await markdown.fill('## A heading\n\nSome **bold** words.');
  await view(page, 'Visual').click();
  await expect(editable(page).getByRole('heading', { level: 2, name: 'A heading' })).toBeVisible();
  await expect(editable(page).locator('strong')).toHaveText('bold');

  await editable(page).getByText('words.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' More.');
  await view(page, 'Markdown').click();
  await expect(markdown).toHaveValue('## A heading\n\nSome **bold** words. More.\n');

  // The browser remembers the Markdown view.
  await page.reload();
  await expect(view(page, 'Markdown')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('textarea#post-content')).toBeVisible();
});

test('the toolbar by keyboard: one Tab stop, arrows move between buttons, a button acts where the caret was', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, { title: 'Keyboard toolbar', content: 'Make this a heading.' });
  await page.goto(`/admin/posts/${post.id}`);
  await editable(page).getByText('Make this a heading.').click();
  await page.keyboard.press('Shift+Tab');
  await expect(tool(page, 'Heading')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tool(page, 'Subheading')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tool(page, 'Redo')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(editable(page).getByRole('heading', { level: 2, name: 'Make this a heading.' })).toBeVisible();
  await expect(editable(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tool(page, 'Heading')).toBeFocused();
  await expect(tool(page, 'Heading')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  expect(await storedContent(typedApi, post.id)).toBe('## Make this a heading.\n');
});

test('a revision restored while the visual view shows replaces what it shows, with nothing left to save', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, { title: 'Restored in the visual view', content: 'The **original** wording.' });
  await page.goto(`/admin/posts/${post.id}`);
  await editable(page).getByText('wording.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Revised.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  expect(await storedContent(typedApi, post.id)).toBe('The **original** wording. Revised.\n');

  await page.getByRole('button', { name: 'Show history' }).click();
  const list = page.getByRole('list', { name: 'Revisions' });
  await list.getByRole('listitem').last().getByRole('button').click();
  await page.getByRole('region', { name: 'Chosen revision' }).getByRole('button', { name: 'Restore this revision' }).click();
  await page.getByRole('dialog', { name: 'Restore this revision?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page).getByText('Revision restored')).toBeVisible();
  await expect(editable(page)).toHaveText('The original wording.');
  await expect(editable(page).locator('strong')).toHaveText('original');
  // Replaced from outside: nothing new to save.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  expect(await storedContent(typedApi, post.id)).toBe('The **original** wording.');
});

test('a link the caret is in is edited and removed through the same Link button', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  const post = await createPostThroughApi(typedApi, {
    title: 'Links edited',
    content: 'Read [the guide](https://example.com/guide) today.',
  });
  await page.goto(`/admin/posts/${post.id}`);
  await editable(page).getByRole('link', { name: 'the guide' }).click();
  await expect(tool(page, 'Link')).toHaveAttribute('aria-pressed', 'true');

  await tool(page, 'Link').click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(dialog.getByLabel('Address')).toHaveValue('https://example.com/guide');
  await expect(dialog.getByLabel('Text')).toHaveCount(0);
  await dialog.getByLabel('Address').fill('example.org/start');
  await dialog.getByRole('button', { name: 'Update link' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  expect(await storedContent(typedApi, post.id)).toBe('Read [the guide](https://example.org/start) today.\n');

  await editable(page).getByRole('link', { name: 'the guide' }).click();
  await tool(page, 'Link').click();
  await page.getByRole('dialog', { name: 'Edit link' }).getByRole('button', { name: 'Remove link' }).click();
  await expect(editable(page).getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  expect(await storedContent(typedApi, post.id)).toBe('Read the guide today.\n');
});
