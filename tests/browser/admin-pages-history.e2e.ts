// Admin → Pages → a page's history (issue 31, "revisions like posts"): every save is listed with
// when and by whom, one is compared with the editor's text and restored, and the public page
// follows; a restore over a page saved elsewhere is refused with the server's words.
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import { type PageContent, sectionOf } from '#src/schemas/site-content/pages.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

let counter = 0;
const uniqueToken = () => `${Date.now().toString(36)}${++counter}`;

/** Saves the About page through the API, from its version now (the other journeys read the same site). */
async function saveAbout(typedApi: SiteClients, content: PageContent) {
  const about = typedApi.adminApi.pages[':key'];
  const { version } = await (await about.$get({ param: { key: 'about' } })).json();
  const saved = await about.$put({ param: { key: 'about' }, json: { content, version } });
  expect(saved.status).toBe(200);
}

/** The fresh About page with its introduction saying `lead`. */
const aboutSaying = (lead: string): PageContent => ({
  ...DEFAULT_PAGES.about,
  sections: DEFAULT_PAGES.about.sections.map((section) => (section.type === 'profile' ? { ...section, lead } : section)),
});

const introduction = (page: Page) =>
  page.getByRole('region', { name: 'Introduction', exact: true }).getByRole('textbox', { name: 'Introduction' });
const history = (page: Page) => page.getByRole('region', { name: 'History', exact: true });

test.afterEach(async ({ typedApi }) => {
  await saveAbout(typedApi, DEFAULT_PAGES.about);
});

test('the history lists both saves, shows the older against the editor, restores it, and the public page says it again; axe-clean', async ({
  page,
  typedApi,
  axe,
}) => {
  // Two saves, the editor and its preview under axe, a restore and the public page: more than the default 30 s on two shared cores.
  test.setTimeout(60_000);
  const token = uniqueToken();
  const older = `Older words ${token} about the coach.`;
  const newer = `Newer words ${token} about the coach.`;
  await signInAsOwner(page);
  await saveAbout(typedApi, aboutSaying(older));
  await saveAbout(typedApi, aboutSaying(newer));

  await page.goto('/admin/pages/about');
  await expect(introduction(page)).toHaveValue(newer);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const rows = history(page).getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await expect(rows.nth(1)).toBeVisible();
  // Each row: the kind and when, then who (the owner's name as the server keeps it).
  const listed = await (await typedApi.adminApi.pages[':key'].revisions.$get({ param: { key: 'about' } })).json();
  for (const [index, revision] of listed.revisions.slice(0, 2).entries()) {
    expect(revision.kind).toBe('save');
    await expect(rows.nth(index)).toContainText(/^Saved · \w{3} \d{2}, \d{4} at \d{2}:\d{2} [AP]M \(UTC\)/);
    await expect(rows.nth(index)).toContainText(revision.authorName);
  }

  await rows.nth(1).getByRole('button').click();
  const chosen = history(page).getByRole('region', { name: 'Chosen revision' });
  await expect(chosen.getByRole('heading', { name: 'Introduction' })).toBeVisible();
  await expect(chosen.locator('del')).toContainText('Older');
  await expect(chosen.locator('ins')).toContainText('Newer');
  expect(await axe.serious()).toEqual([]);

  await chosen.getByRole('button', { name: 'Restore this revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this revision?' });
  await expect(dialog).toContainText('the public page changes at once');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page).getByText('Revision restored')).toBeVisible();
  await expect(introduction(page)).toHaveValue(older);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(rows.first()).toContainText(/^Restored · /);

  const stored = await (await typedApi.adminApi.pages[':key'].$get({ param: { key: 'about' } })).json();
  expect(sectionOf(stored.content, 'profile')?.lead).toBe(older);
  await page.goto('/about');
  await expect(page.getByRole('main')).toContainText(older);
  await expect(page.getByRole('main')).not.toContainText(newer);
});

test('a restore over a page saved elsewhere since the editor opened is refused, and the form says why', async ({ page, typedApi }) => {
  const token = uniqueToken();
  await signInAsOwner(page);
  await saveAbout(typedApi, aboutSaying(`First words ${token}.`));
  await page.goto('/admin/pages/about');
  await saveAbout(typedApi, aboutSaying(`Saved elsewhere ${token}.`));

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await history(page).getByRole('list', { name: 'Revisions' }).getByRole('listitem').nth(1).getByRole('button').click();
  await history(page).getByRole('button', { name: 'Restore this revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this revision?' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  const refusal = 'This page was saved elsewhere since you opened it: reload it to see those changes first';
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(introduction(page)).toHaveValue(`First words ${token}.`);
  const stored = await (await typedApi.adminApi.pages[':key'].$get({ param: { key: 'about' } })).json();
  expect(sectionOf(stored.content, 'profile')?.lead).toBe(`Saved elsewhere ${token}.`);
});
