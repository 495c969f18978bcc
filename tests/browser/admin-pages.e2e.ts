// Admin → Pages (issue 31): the coach edits a page's words in sections, sees them in the live
// preview at phone and desktop width, saves, and the public page says so; sections hide and move.
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import type { PageKey } from '#src/schemas/site-content/pages.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

/** Puts a page back to a fresh site's words: the other journeys read the same site. */
async function resetPage(typedApi: SiteClients, key: PageKey) {
  const stored = await typedApi.adminApi.pages[':key'].$get({ param: { key } });
  const { version } = await stored.json();
  const reset = await typedApi.adminApi.pages[':key'].$put({ param: { key }, json: { content: DEFAULT_PAGES[key], version } });
  expect(reset.status).toBe(200);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const preview = (page: Page, name: string) => page.frameLocator(`iframe[title^="Preview of the ${name} page"]`);

test.afterEach(async ({ typedApi }) => {
  for (const key of ['about', 'services'] as const) await resetPage(typedApi, key);
});

for (const width of [1280, 375]) {
  test(`at ${width} px: the About page's story is edited, previewed, saved and shown; the editor is axe-clean`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsOwner(page);
    await page.goto('/admin/pages');
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit: About' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);

    const story = section(page, 'Your story');
    await story.getByLabel('Title', { exact: true }).fill('Why I Do This Work');
    // Below 1280 px the form and the preview take turns.
    if (width < 1280) await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(preview(page, 'About').getByRole('heading', { level: 2, name: 'Why I Do This Work' })).toBeVisible();
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(preview(page, 'About').getByRole('heading', { level: 2, name: 'Why I Do This Work' })).toBeVisible();

    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(toasts(page).getByText('Page saved')).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Why I Do This Work');
  });
}

test('a Services card is edited and the public page shows it', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages/services');
  const offering = section(page, 'Offerings').getByRole('listitem').filter({ hasText: 'Offering 2' });
  await offering.getByLabel('Title', { exact: true }).fill('Team Workshops');
  await expect(preview(page, 'Services').locator('#team-building').getByRole('heading', { name: 'Team Workshops' })).toBeVisible();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(toasts(page).getByText('Page saved')).toBeVisible();
  await page.goto('/services');
  await expect(page.locator('#team-building').getByRole('heading', { name: 'Team Workshops' })).toBeVisible();
});

test('an offering leads to a session type: its button opens that session’s booking page', async ({ page, typedApi, settings }) => {
  await settings.set({ bookingEnabled: true });
  await signInAsOwner(page);
  const slug = `strategy-day-${Date.now()}`;
  const made = await typedApi.adminApi['session-types'].$post({
    json: {
      name: 'Strategy day',
      slug,
      description: '',
      minutes: 120,
      bufferMinutes: null,
      minNoticeHours: null,
      dailyCap: null,
      location: null,
      access: 'anyone',
      listed: false,
      cancelCutoffHours: 24,
      maxReschedules: null,
      questions: [],
    },
  });
  expect(made.status).toBe(201);
  const type = await made.json();
  try {
    await page.goto('/admin/pages/services');
    const offering = section(page, 'Offerings').getByRole('listitem').filter({ hasText: 'Offering 1' });
    await offering.getByLabel('Shown as').selectOption({ label: 'Live: its button leads somewhere' });
    await offering.getByLabel('Leads to').selectOption({ label: 'Book: Strategy day' });
    await expect(offering.getByLabel('Address')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(toasts(page).getByText('Page saved')).toBeVisible();

    // Opened again, the choice is still the session, not "another page".
    await page.reload();
    await expect(offering.getByLabel('Leads to')).toHaveValue(`/book/${slug}`);
    await page.goto('/services');
    await page.locator('#development').getByRole('link', { name: 'Ask about it' }).click();
    await expect(page).toHaveURL(new RegExp(`/book/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Strategy day');
  } finally {
    // Out of the other journeys' way (Admin → Booking → Session types starts from the intro call alone).
    expect((await typedApi.adminApi['session-types'][':id'].$delete({ param: { id: String(type.id) } })).status).toBe(204);
  }
});

test('a section is hidden and another moved up: the public page follows', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages/about');
  await section(page, 'Why it works').getByRole('switch', { name: 'Shown on the page' }).uncheck();
  await page.getByRole('button', { name: 'Move More than a coach up' }).click();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(toasts(page).getByText('Page saved')).toBeVisible();

  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Why I Coach',
    'Who I Help',
    'How I Coach',
    'More Than a Coach',
    "Let's Talk",
  ]);
});

test('an empty required field and an unsafe link are refused beside their fields, and nothing is saved', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages/about');
  const story = section(page, 'Your story');
  await story.getByLabel('Title', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(story.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Some fields need your attention: see the messages in the sections.')).toBeVisible();

  await story.getByLabel('Title', { exact: true }).fill('Why I Coach');
  const invitation = section(page, 'Invitation to a call');
  await invitation.getByLabel('Leads to').selectOption('other');
  await invitation.getByLabel('Address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(invitation.getByText('Button link must be a page of this site (starting with /) or an https:// address')).toBeVisible();
  const stored = await (await typedApi.adminApi.pages[':key'].$get({ param: { key: 'about' } })).json();
  expect(stored.version).toBeGreaterThanOrEqual(0);
  expect(stored.content).toEqual(DEFAULT_PAGES.about);
});
