import { signInAsOwner, toasts } from './support/admin.ts';
import { okJson } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 38 §2: the dashboard's setup checklist as the coach sees it. Which steps are done depends on
// what the other journeys did to this shared site, so each check compares the page with the API's
// answer at that moment (tests/api/setup-checklist.test.ts ticks each step from a fresh site). The
// `settings` fixture puts every setting a test changes back.

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up your site' });

for (const width of [375, 1280]) {
  test(`at ${width} px the checklist shows each step's state in words, why it matters and where to do it, axe-clean`, async ({
    page,
    typedApi,
    settings,
    axe,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await settings.set({ setupChecklist: true });
    await signInAsOwner(page);
    const answer = await okJson(typedApi.adminApi['setup-checklist'].$get());

    const region = checklist(page);
    await expect(region).toBeVisible();
    await expect(region.getByTestId('setup-progress')).toHaveText(`${answer.done} of ${answer.total} done`);
    const items = region.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(items).toHaveCount(9);
    for (const [index, step] of answer.steps.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('heading', { level: 3 })).toHaveText(step.title);
      // The state is said in words (and drawn as a tick or an empty circle), not by colour alone.
      await expect(item).toContainText(step.done ? 'Done' : 'To do');
      await expect(item).toContainText(step.why);
      const hrefs = await item.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(step.links.map((link) => link.href));
      if (step.command) await expect(item.locator('pre')).toHaveText(step.command.text);
    }

    // Nothing wider than the screen, and nothing axe calls serious.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axe.serious()).toEqual([]);
  });
}

test('a step is ticked by what is true: switching booking on in Settings ticks "Booking switched on"', async ({
  page,
  typedApi,
  settings,
}) => {
  await settings.set({ setupChecklist: true, bookingEnabled: false });
  await signInAsOwner(page);
  const step = checklist(page).getByTestId('setup-step-booking');
  await expect(step).toContainText('To do');
  const before = (await okJson(typedApi.adminApi['setup-checklist'].$get())).done;

  await settings.set({ bookingEnabled: true });
  await page.reload();
  await expect(step).toContainText('Done');
  await expect(step).not.toContainText('To do');
  await expect(checklist(page).getByTestId('setup-progress')).toHaveText(`${before + 1} of 9 done`);
});

test('Hide checklist takes it off the dashboard for good; Settings shows it again', async ({ page, typedApi, settings }) => {
  await settings.set({ setupChecklist: true });
  await signInAsOwner(page);
  await checklist(page).getByRole('button', { name: 'Hide checklist' }).click();
  await expect(toasts(page).getByText('Setup checklist hidden', { exact: true })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  // The button went with it: focus is on the dashboard's heading, not lost.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  expect((await okJson(typedApi.adminApi['setup-checklist'].$get())).shown).toBe(false);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);

  await page.goto('/admin/settings');
  const show = page.getByRole('switch', { name: 'Show the setup checklist' });
  await expect(show).not.toBeChecked();
  await show.check();
  await expect(toasts(page).getByText('The setup checklist is on the dashboard', { exact: true })).toBeVisible();
  await page.goto('/admin');
  await expect(checklist(page)).toBeVisible();
});
