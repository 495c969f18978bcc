import { signInAsOwner } from './support/admin.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// Issue 32 §2: the admin menu, grouped, as a sidebar from 1024 px up and a drawer below; the current
// screen always in view and marked; Tests listed only while Settings → Developer tools is on.

interface Screen {
  link: string;
  path: string;
  h1: string;
}

/** Every screen of the menu, group by group, in order, as the owner sees it (Tests off). */
const MENU: Array<{ group: string | null; screens: Screen[] }> = [
  { group: null, screens: [{ link: 'Dashboard', path: '/admin', h1: 'Dashboard' }] },
  {
    group: 'Content',
    screens: [
      { link: 'Posts', path: '/admin/posts', h1: 'Blog Posts' },
      { link: 'Categories', path: '/admin/categories', h1: 'Categories' },
      { link: 'Pages', path: '/admin/pages', h1: 'Pages' },
      { link: 'Schedule', path: '/admin/schedule', h1: 'Schedule' },
      { link: 'Backlog', path: '/admin/blog-backlog', h1: 'Blog Backlog' },
      { link: 'Media', path: '/admin/media', h1: 'Media' },
      { link: 'Testimonials', path: '/admin/testimonials', h1: 'Testimonials' },
    ],
  },
  {
    group: 'Audience',
    screens: [
      { link: 'Subscribers', path: '/admin/subscribers', h1: 'Subscribers' },
      { link: 'Newsletters', path: '/admin/newsletters', h1: 'Newsletters' },
      { link: 'Analytics', path: '/admin/analytics', h1: 'Analytics' },
      { link: 'Messages', path: '/admin/contact-messages', h1: 'Contact Messages' },
    ],
  },
  {
    group: 'Calls',
    screens: [
      { link: 'Booking', path: '/admin/booking', h1: 'Booking' },
      { link: 'Clients', path: '/admin/clients', h1: 'Clients' },
      { link: 'Payments', path: '/admin/payments', h1: 'Payments' },
    ],
  },
  {
    group: 'Site',
    screens: [
      { link: 'Settings', path: '/admin/settings', h1: 'Settings' },
      { link: 'Users', path: '/admin/users', h1: 'Users' },
      { link: 'Privacy', path: '/admin/privacy', h1: 'Privacy requests' },
      { link: 'Audit log', path: '/admin/audit', h1: 'Audit log' },
      { link: 'Outbox', path: '/admin/outbox', h1: 'Outbox' },
    ],
  },
];
const SCREENS = MENU.flatMap(({ screens }) => screens);
const TESTS: Screen = { link: 'Tests', path: '/admin/test-results', h1: 'Test Results' };

/** Screens under a menu item, marked by it. */
const SUB_SCREENS: Array<{ path: string; link: string }> = [
  { path: '/admin/posts/new', link: 'Posts' },
  { path: '/admin/users/new', link: 'Users' },
  { path: '/admin/pages/home', link: 'Pages' },
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const drawer = (page: Page) => page.getByRole('dialog', { name: /admin menu/ });
/** The links of the menu's group under this heading. */
const groupLinks = (nav: Locator, name: string) =>
  nav
    .locator(':scope > div')
    .filter({ has: nav.page().getByRole('heading', { name, exact: true }) })
    .getByRole('link');
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const pathOf = (path: string) => new RegExp(`${path.replaceAll('/', '\\/')}$`);

/** Whether the whole of `locator` is inside the window, without scrolling anything. */
async function inWindow(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** The one link marked as the current page, its name, and that it is in the window. */
async function expectCurrent(page: Page, name: string) {
  const current = menu(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(name);
  await expect.poll(() => inWindow(page, current), { message: `${name} is in the window` }).toBe(true);
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('at 1280 px, a sidebar', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('groups every screen under Content, Audience, Calls and Site, Dashboard first, with no Tests', async ({ page, settings, axe }) => {
    await settings.set({ developerTools: false });
    await signInAsOwner(page);
    const nav = menu(page);
    await expect(nav).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(nav.getByRole('link').first()).toHaveAccessibleName('Dashboard');
    for (const { group, screens } of MENU) {
      if (!group) continue;
      const links = groupLinks(nav, group);
      await expect(links).toHaveText(screens.map((screen) => screen.link));
      for (const screen of screens) await expect(links.filter({ hasText: screen.link })).toHaveAttribute('href', screen.path);
    }
    await expect(nav.getByRole('link')).toHaveCount(SCREENS.length);
    await expect(nav.getByRole('link', { name: 'Tests' })).toHaveCount(0);
    expect(await axe.serious()).toEqual([]);
  });

  test('on every screen the current item is marked and in the window without scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsOwner(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.h1, exact: true })).toBeVisible();
      await expectCurrent(page, screen.link);
      expect(await page.evaluate(() => window.scrollY), screen.path).toBe(0);
    }
    for (const screen of SUB_SCREENS) {
      await page.goto(screen.path);
      await expectCurrent(page, screen.link);
    }
  });

  test('a link chosen in the sidebar leads to its screen and is marked there', async ({ page }) => {
    await signInAsOwner(page);
    for (const screen of [SCREENS.at(-1)!, SCREENS[1]!]) {
      await menu(page).getByRole('link', { name: screen.link, exact: true }).click();
      await expect(page).toHaveURL(pathOf(screen.path));
      await expect(page.getByRole('heading', { level: 1, name: screen.h1, exact: true })).toBeVisible();
      await expectCurrent(page, screen.link);
    }
  });

  test("the page editor's toolbar still sticks to the top of the window beside the sidebar", async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/pages/home');
    const save = page.getByRole('button', { name: 'Save page' });
    await expect(save).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect.poll(() => inWindow(page, save)).toBe(true);
    // Nothing of the chrome covers it: the sidebar is beside the main column, not over it.
    const box = (await save.boundingBox())!;
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent, { x: box.x + 4, y: box.y + 4 }),
    ).toContain('Save page');
  });
});

test.describe('at 375 px, a drawer', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every screen is reached through the drawer by keyboard alone, landing on its heading', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsOwner(page);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    // From the top of the page, Tab reaches the menu button.
    await page.keyboard.press('Tab');
    await tabTo(page, menuButton(page), 10);
    for (const screen of [...SCREENS.slice(1), SCREENS[0]!]) {
      await expect(menuButton(page)).toBeFocused();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(drawer(page)).toBeVisible();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
      const link = drawer(page).getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: screen.link, exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(pathOf(screen.path));
      await expect(page.getByRole('heading', { level: 1, name: screen.h1, exact: true })).toBeVisible();
      await expect(drawer(page)).toBeHidden();
    }
  });

  test('the drawer is modal: focus moves in, the page behind is inert, Escape and Close close it and focus returns to the button', async ({
    page,
    axe,
  }) => {
    await signInAsOwner(page);
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);

    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Close menu' })).toBeFocused();
    // The current screen's link, last in the list, is scrolled into the drawer's view and marked.
    await expectCurrent(page, 'Outbox');
    // Behind the drawer nothing takes the focus, not even by script.
    const focusedBehind = await page.evaluate(() => {
      document.querySelector<HTMLElement>('main a, main button, main select')?.focus();
      return document.activeElement?.closest('dialog') === null;
    });
    expect(focusedBehind).toBe(false);
    expect(await axe.serious()).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
  });
});

test('Tests is listed under Site only once Developer tools is turned on in Settings; its screen says how', async ({
  page,
  settings,
  axe,
}) => {
  await settings.set({ developerTools: false });
  await signInAsOwner(page);
  await expect(menu(page).getByRole('link', { name: 'Tests' })).toHaveCount(0);

  // Off, the screen still answers, says why it is not in the menu, and links to the switch.
  const response = await page.goto(TESTS.path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: TESTS.h1 })).toBeVisible();
  const notice = page.getByText('Developer tools are off, so the admin menu does not list this screen.');
  await expect(notice).toBeVisible();
  await expect(menu(page).locator('a[aria-current="page"]')).toHaveCount(0);
  expect(await axe.serious()).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // On: the menu lists it at once, last under Site.
  await page.getByRole('switch', { name: 'Developer tools' }).check();
  const site = groupLinks(menu(page), 'Site');
  await expect(site).toHaveText(['Settings', 'Users', 'Privacy', 'Audit log', 'Outbox', 'Tests']);
  await site.filter({ hasText: 'Tests' }).click();
  await expect(page).toHaveURL(pathOf(TESTS.path));
  await expect(page.getByRole('heading', { level: 1, name: TESTS.h1 })).toBeVisible();
  await expectCurrent(page, 'Tests');
  await expect(notice).toHaveCount(0);

  // In the phone's drawer too.
  await page.setViewportSize({ width: 375, height: 740 });
  await menuButton(page).click();
  await expect(groupLinks(drawer(page).getByRole('navigation', { name: 'Admin' }), 'Site')).toHaveText([
    'Settings',
    'Users',
    'Privacy',
    'Audit log',
    'Outbox',
    'Tests',
  ]);
  await expectCurrent(page, 'Tests');
  await page.keyboard.press('Escape');

  // Off again: gone from the menu.
  await page.goto('/admin/settings');
  await page.getByRole('switch', { name: 'Developer tools' }).uncheck();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(menu(page).getByRole('link', { name: 'Tests' })).toHaveCount(0);
});
