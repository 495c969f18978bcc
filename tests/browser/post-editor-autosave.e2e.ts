import type { APIRequestContext } from '@playwright/test';
import type { PostInput } from '#src/schemas/post.ts';
import { OWNER, signInAsOwner, toasts } from './support/admin.ts';
import { startOwnServer } from './support/own-server.ts';
import { preferMarkdownView } from './support/posts.ts';
import { typedSiteApi } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 19, points 1–3: the editor never loses a word. Autosave (to the server a few seconds after
// typing stops, and in the browser at every keystroke), the history with diffs and restore, and
// the 409 choice when two tabs save the same post.

let counter = 0;
const uniqueToken = () => `${Date.now().toString(36)}${++counter}`;

// These journeys are about the Markdown text: the editor opens on its Markdown view.
test.beforeEach(({ context }) => preferMarkdownView(context));

const created: Array<{ request: APIRequestContext; origin: string; id: number }> = [];
test.afterEach(async () => {
  for (const { request, origin, id } of created.splice(0)) {
    await request.delete(`/api/admin/blog-posts/${id}`, { headers: { Origin: origin } }).catch(() => {});
  }
});

async function createPost(page: Page, fields: Pick<PostInput, 'title'> & Partial<PostInput>, base?: string) {
  const origin = base ?? new URL(page.url()).origin;
  const response = await typedSiteApi(page.request, origin).adminApi['blog-posts'].$post({
    json: { excerpt: '', content: 'The first body.', published: true, ...fields },
  });
  expect(response.status).toBe(201);
  const post = await response.json();
  if (!base) created.push({ request: page.request, origin, id: post.id });
  return post;
}

/** A post's revisions, newest first, through the typed client on `origin` (the site under test unless given). */
async function revisionsOf(page: Page, postId: number, origin?: string) {
  const response = await typedSiteApi(page.request, origin).adminApi['blog-posts'][':id'].revisions.$get({ param: { id: String(postId) } });
  return response.json();
}

/** One revision of a post, with its text, through the typed client on `origin`. */
async function revisionOf(page: Page, postId: number, revisionId: number, origin?: string) {
  const response = await typedSiteApi(page.request, origin).adminApi['blog-posts'][':id'].revisions[':revisionId'].$get({
    param: { id: String(postId), revisionId: String(revisionId) },
  });
  return response.json();
}

/** Opens a page again (a reload), once React has taken it over. */
async function reopen(page: Page) {
  await page.goto(page.url());
}

const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const status = (page: Page) => page.getByTestId('autosave-status');
const SAVED_AT = /^Saved at \d{2}:\d{2} [AP]M$/;

test('typing is autosaved after a pause without changing the live post; a reload brings it back', async ({ page }) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const post = await createPost(page, { title: `${token} Autosaved` });
  await page.goto(`/admin/posts/${post.id}`);
  await content(page).fill(`The first body. ${token} and a new thought.`);
  await expect(status(page)).toHaveText(SAVED_AT, { timeout: 10_000 });

  // The live page still shows the saved text.
  const live = await (await page.request.get(`/blog/${post.slug}`)).text();
  expect(live).toContain('The first body.');
  expect(live).not.toContain('a new thought');

  page.on('dialog', (dialog) => dialog.accept());
  await reopen(page);
  await expect(content(page)).toHaveValue(`The first body. ${token} and a new thought.`);
  await expect(page.getByRole('status').filter({ hasText: /^Restored your unsaved changes from \d{2}:\d{2} [AP]M\./ })).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();

  // Saving makes it live and leaves nothing to restore.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();
  expect(await (await page.request.get(`/blog/${post.slug}`)).text()).toContain('a new thought');
  await reopen(page);
  await expect(content(page)).toHaveValue(`The first body. ${token} and a new thought.`);
  await expect(page.getByText(/^Restored your unsaved changes/)).toHaveCount(0);
});

test('offline, every keystroke waits in the browser: "Not saved — retrying", then saved when back online', async ({ page, context }) => {
  await signInAsOwner(page);
  const post = await createPost(page, { title: `${uniqueToken()} Offline` });
  await page.goto(`/admin/posts/${post.id}`);
  await context.setOffline(true);
  await content(page).fill('Written on a train.');
  await expect(status(page)).toHaveText('Not saved — retrying', { timeout: 10_000 });
  await context.setOffline(false);
  await expect(status(page)).toHaveText(SAVED_AT, { timeout: 15_000 });
  const revisions = await revisionsOf(page, post.id);
  expect(revisions.revisions[0]).toMatchObject({ kind: 'autosave' });
  const latest = await revisionOf(page, post.id, revisions.revisions[0]!.id);
  expect(latest.content).toBe('Written on a train.');
});

test('the server killed mid-typing: after a restart the last autosave is on the server and the rest comes from the browser', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let server = await startOwnServer({});
  try {
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { Origin: server.url },
    });
    expect(login.status()).toBe(200);
    const post = await createPost(page, { title: 'Kill nine' }, server.url);
    await page.goto(`${server.url}/admin/posts/${post.id}`);
    await content(page).fill('First part.');
    await expect(status(page)).toHaveText(SAVED_AT, { timeout: 10_000 });
    // Typed, then the server dies before the next autosave can reach it. The browser's retries are
    // held back until the reopen: one landing on the restarted server first would race the check below.
    await page.route('**/autosave', (route) => route.abort());
    await content(page).pressSequentially(' Second part.');
    await server.crash();

    server = await startOwnServer({}, { port: server.port, dataDir: server.dataDir });
    const revisions = await revisionsOf(page, post.id, server.url);
    const latest = await revisionOf(page, post.id, revisions.revisions[0]!.id, server.url);
    expect(latest).toMatchObject({ kind: 'autosave', content: 'First part.' });

    page.on('dialog', (dialog) => dialog.accept());
    await page.unrouteAll();
    await reopen(page);
    await expect(content(page)).toHaveValue('First part. Second part.');
    await expect(page.getByText(/^Restored your unsaved changes/)).toBeVisible();
    // And the server has all of it once the next autosave runs.
    await expect(status(page)).toHaveText(SAVED_AT, { timeout: 10_000 });
    const after = await revisionsOf(page, post.id, server.url);
    const newest = await revisionOf(page, post.id, after.revisions[0]!.id, server.url);
    expect(newest.content).toBe('First part. Second part.');
  } finally {
    await server.stop();
  }
});

test('two tabs: the second save gets the choice — see their changes, keep mine, or take theirs', async ({ page, context }) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const post = await createPost(page, { title: `${token} Two tabs` });
  const other = await context.newPage();
  await page.goto(`/admin/posts/${post.id}`);
  await other.goto(`/admin/posts/${post.id}`);

  await content(page).fill('Tab one wrote this.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();

  await content(other).fill('Tab two wrote this.');
  await other.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = other.getByRole('dialog', { name: 'Someone else saved this post' });
  await expect(dialog).toBeVisible();
  await expect(toasts(other).getByText('Someone else saved this post since you opened it')).toBeVisible();
  await dialog.getByRole('button', { name: 'See their changes' }).click();
  const diff = dialog.getByRole('region', { name: 'Their changes' });
  await expect(diff.locator('del')).toContainText('two');
  await expect(diff.locator('ins')).toContainText('one');

  // Take theirs: the form shows the other tab's text and nothing is saved over it.
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog).toBeHidden();
  await expect(content(other)).toHaveValue('Tab one wrote this.');

  // Then tab one, now outdated, saves again and keeps its own text after seeing the choice.
  await content(page).fill('Tab one, second thoughts.');
  await content(other).fill('Tab two, after reading.');
  await other.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(other).getByText('Blog post updated successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const first = page.getByRole('dialog', { name: 'Someone else saved this post' });
  await first.getByRole('button', { name: 'Keep mine' }).click();
  await expect(first).toBeHidden();
  await expect(toasts(page).getByText('Blog post updated successfully!').last()).toBeVisible();
  const stored = await (await typedSiteApi(page.request).adminApi['blog-posts'][':id'].$get({ param: { id: String(post.id) } })).json();
  expect(stored.content).toBe('Tab one, second thoughts.');
});

test('the history lists each save, shows a diff against the editor, and restores one as a new revision', async ({ page }) => {
  await signInAsOwner(page);
  const token = uniqueToken();
  const post = await createPost(page, { title: `${token} History`, content: 'The original wording.' });
  await page.goto(`/admin/posts/${post.id}`);
  await content(page).fill('The revised wording.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Show history' }).click();
  const list = page.getByRole('list', { name: 'Revisions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Saved');
  await list.getByRole('listitem').last().getByRole('button').click();
  const chosen = page.getByRole('region', { name: 'Chosen revision' });
  await expect(chosen.locator('del')).toContainText('original');
  await expect(chosen.locator('ins')).toContainText('revised');

  await chosen.getByRole('button', { name: 'Restore this revision' }).click();
  await page.getByRole('dialog', { name: 'Restore this revision?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page).getByText('Revision restored')).toBeVisible();
  await expect(content(page)).toHaveValue('The original wording.');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Restored');
  expect(await (await page.request.get(`/blog/${post.slug}`)).text()).toContain('The original wording.');
});
