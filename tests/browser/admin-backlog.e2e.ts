import { signInAsOwner } from './support/admin.ts';
import { okJson, type SiteClients } from './support/site-api.ts';
import { liftWithKeyboard } from './support/sortable.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin blog backlog", §5 (backlog topic), §8 (toasts), docs/decisions.md "Draft generation",
// against the seeded owner. The seed starts with 5 pending topics; each test makes or looks up
// the topics it needs, so the file can run again on the same database.
let counter = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now()}-${++counter}`;

async function openBacklog(page: Page) {
  await page.goto('/admin/blog-backlog');
  await expect(page.getByRole('heading', { name: 'Blog Backlog', level: 1 })).toBeVisible();
  // The cards answer to drags and keys only once the client component has hydrated.
  await page.waitForLoadState('networkidle');
}

const apiTopics = ({ adminApi }: SiteClients) => okJson(adminApi['blog-topic-backlog'].$get());

async function createTopicThroughApi({ adminApi }: SiteClients, title: string) {
  const response = await adminApi['blog-topic-backlog'].$post({
    json: { title, description: 'Made by the browser journey.', estimatedWordCount: 600 },
  });
  expect(response.status).toBe(201);
  return response.json();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const cards = (page: Page) => page.getByTestId('backlog-topic');
const cardTitles = (page: Page) => cards(page).locator('h3');
const cardOf = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function firstTitles(page: Page, count: number) {
  return (await cardTitles(page).allTextContents()).slice(0, count);
}

async function expectFirstTitles(page: Page, titles: string[]) {
  await expect(async () => expect(await firstTitles(page, titles.length)).toEqual(titles)).toPass();
}

const center = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Lifts a topic's handle with Space, moves it one place down and drops it with Space, checking
 * that it was lifted (pressed) and that dnd-kit's live region said where it went. Answers the handle.
 */
async function moveDownByKeyboard(page: Page, title: string) {
  const handle = page.getByRole('button', { name: `Reorder ${title}`, exact: true });
  await liftWithKeyboard(page, handle);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: `${title} was moved into position 2 of` })).toBeAttached();
  await page.keyboard.press('Space');
  return handle;
}

test('adding a topic shows each validation message first, then a toast and a new last card; editing it updates the card', async ({
  page,
}) => {
  await signInAsOwner(page);
  await openBacklog(page);

  await page.getByRole('button', { name: 'Add Topic', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Blog Topic' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Add Topic' });

  await submit.click();
  await expect(dialog.getByText('Title is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Description is required', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  const title = uniqueTitle('Coaching Through Uncertainty');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('How leaders stay steady and honest when the plan keeps changing.');
  await dialog.getByLabel('Estimated word count').fill('99');
  await expect(dialog.getByText('Title is required', { exact: true })).toHaveCount(0);
  await submit.click();
  await expect(dialog.getByText('Estimated word count must be at least 100', { exact: true })).toBeVisible();

  await dialog.getByLabel('Estimated word count').fill('900');
  await dialog.getByLabel('Category').selectOption({ label: 'Leadership' });
  await dialog.getByLabel('Tags').fill('Change, Resilience');
  await dialog.getByLabel('Target audience').fill('Team leads in reorganisations');
  await dialog.getByLabel('Notes').fill('Open with a short story.');
  await submit.click();

  await expect(toasts(page).getByText('Blog topic added to backlog', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cardTitles(page).last()).toHaveText(title);
  const card = cards(page).last();
  await expect(card.getByText('pending', { exact: true })).toBeVisible();
  await expect(card.getByText('Leadership', { exact: true })).toBeVisible();
  await expect(card.getByText('~900 words')).toBeVisible();
  await expect(card.getByText('Team leads in reorganisations')).toBeVisible();
  await expect(card.getByText('Open with a short story.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Change', 'Resilience']);
  const count = await cards(page).count();
  await expect(card.getByText(`Position ${count}`)).toBeAttached();

  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Blog Topic' });
  await expect(editDialog.getByLabel('Title')).toHaveValue(title);
  await expect(editDialog.getByLabel('Tags')).toHaveValue('Change, Resilience');
  const renamed = `${title} (revised)`;
  await editDialog.getByLabel('Title').fill(renamed);
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog topic updated', { exact: true })).toBeVisible();
  await expect(cardTitles(page).last()).toHaveText(renamed);

  await page.reload();
  await expect(cardTitles(page).last()).toHaveText(renamed);
});

test('the keyboard moves the first card down one place (Space, Arrow Down, Space), and the order survives a reload', async ({ page }) => {
  await signInAsOwner(page);
  await openBacklog(page);
  const [first, second] = await firstTitles(page, 2);
  if (!first || !second) throw new Error('the backlog needs two topics');

  const handle = await moveDownByKeyboard(page, first);
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expect(handle).toBeFocused();

  await expect(toasts(page).getByText('Topics reordered successfully', { exact: true })).toBeVisible();
  await expectFirstTitles(page, [second, first]);
  await page.reload();
  await expectFirstTitles(page, [second, first]);
});

test("dragging a card's handle with the mouse onto the first card moves it to the top, and the order survives a reload", async ({
  page,
}) => {
  // Tall enough that the first three cards are all on screen: the mouse only reaches what is visible.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signInAsOwner(page);
  await openBacklog(page);
  const [first, second, third] = await firstTitles(page, 3);
  if (!first || !second || !third) throw new Error('the backlog needs three topics');

  const from = await center(page.getByRole('button', { name: `Reorder ${third}`, exact: true }));
  const target = cardOf(page, first);
  const box = (await target.boundingBox())!;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // A few small steps first (past the activation distance), then onto the upper part of the first card.
  await page.mouse.move(from.x, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x, box.y + box.height * 0.3, { steps: 20 });
  await page.mouse.up();

  await expect(toasts(page).getByText('Topics reordered successfully', { exact: true })).toBeVisible();
  await expectFirstTitles(page, [third, first, second]);
  await page.reload();
  await expectFirstTitles(page, [third, first, second]);
});

test('Generate Draft drafts the first pending topic into an unpublished post', async ({ page, api, typedApi }) => {
  await signInAsOwner(page);
  await openBacklog(page);
  let topics = await apiTopics(typedApi);
  if (!topics.some((topic) => topic.status === 'pending')) {
    await createTopicThroughApi(typedApi, uniqueTitle('Pending topic'));
    await openBacklog(page);
    topics = await apiTopics(typedApi);
  }
  const next = topics.find((topic) => topic.status === 'pending')!;

  // The request is held until the running state has been seen, so the check cannot race the answer.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/generate-draft', async (route) => {
    await held;
    await route.continue();
  });
  const button = page.getByRole('button', { name: 'Generate Draft' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole('button', { name: 'Generating Draft...' })).toBeDisabled();
  release();

  await expect(toasts(page).getByText(`Draft "${next.title}" created from "${next.title}".`, { exact: true })).toBeVisible();
  const card = cardOf(page, next.title);
  await expect(card.getByText('drafted', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: `Open draft of ${next.title}` })).toBeVisible();

  const stored = (await apiTopics(typedApi)).find((topic) => topic.id === next.id)!;
  expect(stored.status).toBe('drafted');
  const postsResponse = await typedApi.adminApi['blog-posts'].$get({ query: {} });
  const { posts } = await postsResponse.json();
  const draft = posts.find((post) => post.id === stored.postId);
  expect(draft).toMatchObject({ title: next.title, published: false });

  await page.reload();
  await expect(cardOf(page, next.title).getByText('drafted', { exact: true })).toBeVisible();

  // The draft is removed again, so later journeys see the seeded posts (the topic stays drafted).
  expect((await api.delete(`/api/admin/blog-posts/${draft!.id}`)).status()).toBe(204);
});

test('deleting a topic asks first, then removes its card', async ({ page, typedApi }) => {
  await signInAsOwner(page);
  await openBacklog(page);
  const title = uniqueTitle('Topic to delete');
  await createTopicThroughApi(typedApi, title);
  await openBacklog(page);

  await cardOf(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Blog Topic' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toasts(page).getByText('Blog topic deleted', { exact: true })).toBeVisible();
  await expect(cardOf(page, title)).toHaveCount(0);
  expect((await apiTopics(typedApi)).some((topic) => topic.title === title)).toBe(false);
  await page.reload();
  await expect(cardOf(page, title)).toHaveCount(0);
});

test('a refused reorder puts the cards back and says why', async ({ page }) => {
  await signInAsOwner(page);
  await openBacklog(page);
  const [first, second] = await firstTitles(page, 2);
  if (!first || !second) throw new Error('the backlog needs two topics');
  await page.route('**/api/admin/blog-topic-backlog/reorder', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Reorder must list every topic once with positions 0 to n-1' }),
    }),
  );
  await moveDownByKeyboard(page, first);
  await expect(toasts(page).getByText('Reorder must list every topic once with positions 0 to n-1')).toBeVisible();
  await expectFirstTitles(page, [first, second]);
});
