import { robotsAllows } from '../helpers/robots.ts';
import { signInAsOwner } from './support/admin.ts';
import { expect, test } from './support/test.ts';

const SITE = 'Summit Leadership Coaching';

test('home → latest post → post page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Leadership Journey');
  const features = page.locator('#features-heading ~ div li');
  await expect(features).toHaveCount(6);
  await expect(features.getByText('Coming Soon', { exact: true })).toHaveCount(5);
  await expect(features.getByRole('link')).toHaveText(['Leadership Blog']);
  await expect(page.getByRole('heading', { name: 'What Leaders Say About Us' })).toBeVisible();
  await expect(page.locator('#testimonials-heading ~ * figure, section[aria-labelledby="testimonials-heading"] figure')).toHaveCount(3);

  const latest = page.locator('section[aria-labelledby="latest-heading"] article');
  const title = (await latest.getByRole('heading').textContent())!;
  await latest.getByRole('link', { name: /^Read More\b/ }).click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | ${SITE}`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('.prose-post h2').first()).toBeVisible();
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
});

// Issue 30, point 7: a post in no category was badged 'Leadership' on its page and on the home page.
test('a post in no category shows no category badge: not a made-up "Leadership", on the home page or its own', async ({
  page,
  typedApi,
}) => {
  await signInAsOwner(page);
  const origin = new URL(page.url()).origin;
  const title = `No category ${Date.now().toString(36)}`;
  const created = await typedApi.adminApi['blog-posts'].$post({
    json: { title, excerpt: 'A post filed nowhere.', content: '## First part\n\nA post in no category.', published: true },
  });
  expect(created.status).toBe(201);
  const post = await created.json();
  try {
    await page.goto('/');
    const latest = page.locator('section[aria-labelledby="latest-heading"] article');
    await expect(latest.getByRole('heading')).toHaveText(title);
    await expect(latest).not.toContainText('Leadership');
    await expect(latest).not.toContainText('Uncategorized');

    await page.goto(`/blog/${post.slug}`);
    const header = page.getByRole('main').locator('article > header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(header).not.toContainText('Leadership');
    await expect(header).not.toContainText('Uncategorized');
  } finally {
    await page.request.delete(`/api/admin/blog-posts/${post.id}`, { headers: { Origin: origin } });
  }
});

test('blog → page 2 → category → search → clear search → post', async ({ page }) => {
  await page.goto('/blog');
  // Scoped to main: while the page streams, React holds the incoming segment in a hidden div outside it.
  const main = page.getByRole('main');
  const cards = page.locator('main ul li article');
  await expect(cards).toHaveCount(9);
  await expect(main.getByText('Previous', { exact: true })).toHaveAttribute('aria-disabled', 'true');

  await main.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(cards).toHaveCount(4);
  await expect(main.getByText('Next', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(main.getByRole('link', { name: 'Previous' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Leadership', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?category=leadership$/);
  await expect(page.getByRole('link', { name: 'Leadership', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(cards).toHaveCount(3);
  // The spec: "Previous disabled on page 1; Next disabled when hasMore is false", also when one page holds them all.
  const paging = page.getByRole('navigation', { name: 'Pagination' });
  await expect(paging.getByText('Previous', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(paging.getByText('Next', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(paging.getByRole('link')).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await search.fill('delegation');
  await expect(cards).toHaveCount(1);
  await expect(page).toHaveURL(/q=delegation/);
  await search.fill('no such words anywhere');
  await expect(page.getByRole('main').getByText('No articles found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(cards).toHaveCount(3);
  await expect(search).toHaveValue('');

  const first = cards.first().getByRole('heading');
  const title = (await first.textContent())!;
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('pagination is hidden while a search term is active', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('a');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test('the blog search reads every post: a word in a body is found, marked, and Clear Search brings the list back', async ({ page }) => {
  await page.goto('/blog');
  const cards = page.locator('main ul li article');
  await expect(cards).toHaveCount(9);
  const search = page.getByRole('searchbox', { name: 'Search articles' });
  // 'delegating' is stemmed: it finds the posts about delegation, on any page of the list.
  await search.fill('delegating');
  await expect(page).toHaveURL(/\/blog\?q=delegating$/);
  await expect(cards.first().locator('mark').first()).toHaveText(/^delegat/i);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await search.fill('zzyzx qqxv');
  await expect(page.getByRole('main').getByText('No articles found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards).toHaveCount(9);
});

test('the blog streams: six card skeletons are sent before the posts', async ({ request }) => {
  const html = await (await request.get('/blog')).text();
  expect(html.match(/data-testid="post-card-skeleton"/g)).toHaveLength(6);
});

test('contact: every validation message, then success, then Send Another Message', async ({ page }) => {
  await page.goto('/contact');
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-describedby', 'contact-name-error');

  // Re-validated on every change after the first submit.
  await page.getByLabel('Name').fill('A');
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Name').fill('Alex Morgan');
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
  await page.getByLabel('Email').fill('alex@example');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('alex@example.com');
  await page.getByLabel('Subject').fill('Executive coaching');
  await page.getByLabel('Message').fill('Too short');
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Message').fill('I would like to explore coaching for my leadership team.');
  await expect(page.getByText('Message must be at least 10 characters')).toHaveCount(0);

  await send.click();
  await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Message sent successfully!', { exact: true })).toBeVisible();
  await expect(toasts.getByText("Thank you for reaching out. I'll get back to you soon.", { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(page.getByRole('heading', { name: 'Send a Message' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
});

test('an unknown post shows the Blog Post Not Found view with HTTP 404', async ({ page }) => {
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
  await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
});

// A malformed page number is redirected to the canonical URL (the page cache renders nothing per value).
for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1e9']) {
  test(`/blog?${query} redirects to /blog`, async ({ request }) => {
    const response = await request.get(`/blog?${query}&utm_source=x`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toBe('/blog');
  });
}

test("a post page's og:image is allowed by robots.txt and is a PNG", async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const post = /<loc>[^<]*(\/blog\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  expect(post).toBeDefined();
  const html = await (await request.get(post!)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image).toBeDefined();
  const imagePath = new URL(image!).pathname;
  expect(robotsAllows(await (await request.get('/robots.txt')).text(), imagePath)).toBe(true);
  const response = await request.get(imagePath);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});

test('/blog?utm_source=x is answered from the cache entry of /blog', async ({ request }) => {
  const first = await request.get('/blog?fbclid=warm');
  expect(first.status()).toBe(200);
  // The entry is stored while the first answer streams: wait for a hit on the bare path.
  await expect.poll(async () => (await request.get('/blog')).headers()['x-page-cache']).toBe('hit');
  expect((await request.get('/blog?utm_source=x&utm_medium=social')).headers()['x-page-cache']).toBe('hit');
  expect((await request.get('/blog?page=1&gclid=1&x=junk')).headers()['x-page-cache']).toBe('hit');
});

test('every page number past the last one answers one cached 404', async ({ request }) => {
  expect((await request.get('/blog?page=900')).status()).toBe(404);
  await expect.poll(async () => (await request.get('/blog?page=901')).headers()['x-page-cache']).toBe('hit');
  const other = await request.get('/blog?page=123456');
  expect({ status: other.status(), cache: other.headers()['x-page-cache'] }).toEqual({ status: 404, cache: 'hit' });
  expect(await other.text()).toContain('404 Page Not Found');
});

for (const query of ['page=999', 'category=nope']) {
  test(`/blog?${query} is a 404 view, never an error`, async ({ page }) => {
    const response = await page.goto(`/blog?${query}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });
}

test('a hostile search term is echoed as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.goto(`/blog?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('<img src=x onerror=alert(1)>');
  // Scoped to main: while the page streams, React keeps the incoming segment in a hidden div outside it.
  await expect(page.getByRole('main').getByText('No articles found matching your search')).toBeVisible();
  expect(dialogs).toBe(0);
});

test('contact: a failed send keeps what was typed and shows the server message in a toast', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Too many messages. Try again in 9 minutes.' }),
    }),
  );
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Alex Morgan');
  await page.getByLabel('Email').fill('alex@example.com');
  await page.getByLabel('Message').fill('Hoping to talk about team coaching.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Failed to send message', { exact: true })).toBeVisible();
  await expect(toasts.getByText('Too many messages. Try again in 9 minutes.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Hoping to talk about team coaching.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});
