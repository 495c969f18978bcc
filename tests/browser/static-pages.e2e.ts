import { OWNER } from './support/admin.ts';
import { expect, test } from './support/test.ts';

// The site name the server was started with (src/config/site.ts default unless overridden).
const SITE_NAME = process.env.SITE_NAME ?? 'Summit Leadership Coaching';

const STATIC_PATHS = ['/about', '/services', '/privacy', '/terms', '/cookies'] as const;

const LEGAL_PAGES = [
  { path: '/privacy', title: 'Privacy Policy', texts: ['IP address', 'user agent', 'We do not sell your information'] },
  { path: '/terms', title: 'Terms of Service', texts: ['Coaching is not therapy', 'agreed separately in writing'] },
  { path: '/cookies', title: 'Cookie Policy', texts: ['strictly necessary session cookie', 'We do not use advertising cookies'] },
] as const;

for (const path of STATIC_PATHS) {
  test(`${path} answers 200 with one h1, a titled head and a meta description`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(new RegExp(` \\| ${SITE_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S.{20,}/);
    await expect(page.getByRole('main')).toHaveCount(1);
  });
}

test('the about page introduces the coach and walks through its sections in order', async ({ page }) => {
  await page.goto('/about');
  const h1 = page.getByRole('heading', { level: 1 });
  const coachName = (await h1.textContent())?.trim() ?? '';
  expect(coachName.length).toBeGreaterThan(0);
  await expect(page).toHaveTitle(`About ${coachName} | ${SITE_NAME}`);

  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Why I Coach',
    'Who I Help',
    'How I Coach',
    'Why It Works',
    'More Than a Coach',
    "Let's Talk",
  ]);

  const whoIHelp = page.getByRole('region', { name: 'Who I Help' });
  for (const audience of ['Leaders', 'Executives', 'Young Professionals', 'Students and Teens', 'Adults Seeking Growth']) {
    await expect(whoIHelp.getByRole('heading', { level: 3, name: audience, exact: true })).toBeVisible();
  }
  for (const mindset of ['Willing to be challenged', 'Open to character work', 'Ready for relationship', 'Humble and bold']) {
    await expect(whoIHelp.getByText(mindset, { exact: true })).toBeVisible();
  }
  await expect(whoIHelp).toContainText(/casual/i);

  const howICoach = page.getByRole('region', { name: 'How I Coach' });
  for (const text of ['Growth Coaching', 'Change Coaching', 'Character Coaching', 'One-on-one', 'Small groups']) {
    await expect(howICoach.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(howICoach).toContainText('certified in a well-known character-and-leadership course');
});

test("Let's Talk shows Coming Soon and a booking button that goes nowhere", async ({ page }) => {
  await page.goto('/about');
  const letsTalk = page.getByRole('region', { name: "Let's Talk" });
  await expect(letsTalk.getByText('Coming Soon', { exact: true })).toBeVisible();

  const book = letsTalk.getByRole('button', { name: 'Book a Free Intro Call' });
  await expect(book).toBeVisible();
  await expect(book).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled, not disabled: it stays in the tab order, and activating it does nothing.
  await book.focus();
  await expect(book).toBeFocused();
  await page.keyboard.press('Enter');
  await book.click({ force: true });
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the services page previews every service, with the anchors the footer links to', async ({ page }) => {
  await page.goto('/services');
  await expect(page).toHaveTitle(`Services | ${SITE_NAME}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services Coming Soon');

  const coaching = page.locator('#coaching');
  await expect(coaching.getByRole('heading', { name: 'One-on-One Coaching' })).toBeVisible();
  for (const feature of ['Customized development plans', 'Regular progress assessments', 'Flexible scheduling']) {
    await expect(coaching.getByText(feature, { exact: true })).toBeVisible();
  }

  const previews = {
    development: 'Leadership Development',
    'team-building': 'Team Building',
    'ai-coach': 'AI Coaching Assistant',
    newsletter: 'Weekly Newsletter',
  };
  for (const [id, title] of Object.entries(previews)) {
    const preview = page.locator(`#${id}`);
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.getByText('Coming Soon', { exact: true })).toBeVisible();
  }

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
});

test('a footer service link lands on its section of the services page', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Weekly Newsletter' }).click();
  await expect(page).toHaveURL(/\/services#newsletter$/);
  await expect(page.locator('#newsletter')).toBeInViewport();
});

for (const legal of LEGAL_PAGES) {
  test(`${legal.path} renders the ${legal.title} with its date, contact e-mail and key terms`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page).toHaveTitle(`${legal.title} | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    await expect(page.getByText(/^Last updated [A-Z][a-z]+ \d{2}, \d{4}$/)).toBeVisible();
    await expect(page.locator('time[datetime]')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);

    const main = page.getByRole('main');
    const mail = main.locator('a[href^="mailto:"]').first();
    await expect(mail).toBeVisible();
    // No contact address is set on a fresh site: the owner's own, never a placeholder.
    await expect(mail).toHaveText(OWNER.email);
    await expect(mail).toHaveAttribute('href', `mailto:${OWNER.email}`);
    for (const text of legal.texts) await expect(main).toContainText(text);

    // The other two policies are one click away.
    for (const other of LEGAL_PAGES.filter((entry) => entry.path !== legal.path)) {
      await expect(main.getByRole('link', { name: other.title })).toHaveAttribute('href', other.path);
    }
  });
}

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    for (const path of STATIC_PATHS) {
      test(`${path} does not overflow horizontally`, async ({ page }) => {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
