import { signInAsOwner, toasts } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

const token = () => Date.now().toString(36);

async function publishedPostIn({ adminApi }: SiteClients, categoryId: number, title: string): Promise<number> {
  const response = await adminApi['blog-posts'].$post({
    json: { title, content: `# ${title}\n\nA post filed under a category.`, categoryId, published: true },
  });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function categoryNamed({ adminApi }: SiteClients, name: string) {
  const list = await (await adminApi.categories.$get()).json();
  return list.find((category) => category.name === name);
}

const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function createInDialog(page: Page, name: string) {
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
}

test('create, rename (the old link answers 301), and delete with the posts moved to another category', async ({ page, api, typedApi }) => {
  const run = token();
  const first = `Resilience ${run}`;
  const renamed = `Resilient Leadership ${run}`;
  const other = `Steady Teams ${run}`;
  await signInAsOwner(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  // Create: the slug follows the name as it is typed.
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByLabel('Name').fill(first);
  await expect(dialog.getByLabel('Slug')).toHaveValue(`resilience-${run}`);
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(toasts(page).getByText('Category created', { exact: true })).toBeVisible();
  await expect(row(page, first)).toContainText('0 posts · 0 published · 0 backlog topics');
  await createInDialog(page, other);

  const category = (await categoryNamed(typedApi, first))!;
  const postTitle = `Bouncing Back ${run}`;
  const postId = await publishedPostIn(typedApi, category.id, postTitle);
  await page.reload();
  await expect(row(page, first)).toContainText('1 post · 1 published');

  // A duplicate name is refused in the dialog.
  await page.getByRole('button', { name: 'New Category' }).click();
  await page.getByRole('dialog', { name: 'New Category' }).getByLabel('Name').fill(first.toUpperCase());
  await page.getByRole('dialog', { name: 'New Category' }).getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByRole('dialog', { name: 'New Category' }).getByRole('alert')).toHaveText(
    `A category named "${first}" already exists`,
  );
  await page.getByRole('dialog', { name: 'New Category' }).getByRole('button', { name: 'Cancel' }).click();

  // Rename: the slug follows, and the old address sends readers on.
  await row(page, first)
    .getByRole('button', { name: `Edit ${first}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByLabel('Name').fill(renamed);
  await expect(edit.getByLabel('Slug')).toHaveValue(`resilient-leadership-${run}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Category saved', { exact: true })).toBeVisible();
  await expect(row(page, renamed)).toBeVisible();

  const old = await page.request.get(`/blog?category=resilience-${run}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog?category=resilient-leadership-${run}`);
  await page.goto(`/blog?category=resilience-${run}`);
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=resilient-leadership-${run}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${renamed} Articles` })).toBeVisible();
  await expect(page.getByRole('heading', { name: postTitle })).toBeVisible();

  // Delete with a move: the confirm dialog asks where the post goes.
  await page.goto('/admin/categories');
  await row(page, renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText(`"${renamed}" holds 1 post and 0 backlog topics. Where should they go?`);
  await confirm.getByLabel('Move them to').selectOption({ label: other });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Category deleted', { exact: true })).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(row(page, other)).toContainText('1 post · 1 published');

  await page.goto(`/blog?category=resilient-leadership-${run}`);
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=steady-teams-${run}$`));
  await expect(page.getByRole('heading', { name: postTitle })).toBeVisible();

  expect((await api.delete(`/api/admin/blog-posts/${postId}`)).status()).toBe(204);
  const moved = (await categoryNamed(typedApi, other))!;
  expect((await api.delete(`/api/admin/categories/${moved.id}`)).status()).toBe(204);
});

test('an empty category is deleted after a plain confirmation', async ({ page, typedApi }) => {
  const name = `Short Lived ${token()}`;
  await signInAsOwner(page);
  await page.goto('/admin/categories');
  await createInDialog(page, name);
  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${name}"? It holds no posts.`);
  await expect(confirm.getByLabel('Move them to')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, name)).toHaveCount(0);
  expect(await categoryNamed(typedApi, name)).toBeUndefined();
});
