import { signInAsOwner } from './support/admin.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// docs/product.md §2 "Admin test results", §8 (toasts) and docs/decisions.md (test-suite monitoring), against the
// seeded owner: the catalog is initialized from the empty state, then a JUnit report shaped like
// this project's own Playwright output (one failure, one skip) is recorded through the API.
const SUITE = 'Admin browser journeys';
const FAILED_CASE = 'recording › a failing check shows its message';
const ERROR_TEXT = 'Error: expect(locator).toHaveText(expected) failed\n\nExpected: "<b>42</b>"\nReceived: "41"';

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A Playwright junit report for one of this project's browser files: 2 passed, 1 failed, 1 skipped, 3.5 s. */
function playwrightReport(startedAt = new Date()) {
  return `<testsuites id="" name="" tests="4" failures="1" skipped="1" errors="0" time="3.5">
<testsuite name="admin-test-results.e2e.ts" timestamp="${startedAt.toISOString()}" hostname="" tests="4" failures="1" skipped="1" time="3.5" errors="0">
<testcase name="suites are initialized, a JUnit report is recorded, and its results and failure message are shown" classname="admin-test-results.e2e.ts" time="2.25">
</testcase>
<testcase name="recording › the overview counts the run" classname="admin-test-results.e2e.ts" time="0.5">
</testcase>
<testcase name="${xmlText(FAILED_CASE)}" classname="admin-test-results.e2e.ts" time="0.75">
<failure message="admin-test-results.e2e.ts:40:3 ${xmlText(FAILED_CASE)}" type="FAILURE">
<![CDATA[${ERROR_TEXT}

    at admin-test-results.e2e.ts:41:5]]>
</failure>
</testcase>
<testcase name="recording › a skipped check" classname="admin-test-results.e2e.ts" time="0">
<skipped>
</skipped>
</testcase>
</testsuite>
</testsuites>`;
}

async function recordReport({ testCaseApi }: SiteClients) {
  // The report is XML, which the route reads itself: it goes as the request's body.
  const response = await testCaseApi.runs.$post({}, { init: { body: playwrightReport() }, headers: { 'Content-Type': 'application/xml' } });
  expect(response.status).toBe(201);
  const { runs } = await response.json();
  expect(runs).toEqual([expect.objectContaining({ suiteName: SUITE, passed: 2, failed: 1, skipped: 1 })]);
}

const suiteCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const stat = (card: Locator, label: string) =>
  card
    .locator('dl > div')
    .filter({ has: card.page().locator('dt', { hasText: label }) })
    .locator('dd');

test('suites are initialized, a JUnit report is recorded, and its results and failure message are shown', async ({
  page,
  typedApi,
  settings,
}) => {
  // The menu lists the screen under Site while developer tools are on (tests/browser/admin-menu.e2e.ts has it off).
  await settings.set({ developerTools: true });
  await signInAsOwner(page);
  await page.goto('/admin/test-results');
  await expect(page.getByRole('heading', { level: 1, name: 'Test Results' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tests', exact: true })).toHaveAttribute('aria-current', 'page');

  // A fresh database starts empty; a journey re-run against a used server starts from its suites.
  const existing = await (await typedApi.testCaseApi.suites.$get()).json();
  if (existing.length === 0) {
    await expect(page.getByRole('heading', { name: 'No Test Suites Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Initialize Test Suites' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Test Suites Initialized', { exact: true })).toBeVisible();
  }
  await expect(suiteCard(page, SUITE)).toBeVisible();
  await expect(suiteCard(page, 'Unit')).toBeVisible();

  await recordReport(typedApi);
  await page.reload();

  const card = suiteCard(page, SUITE);
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(stat(card, 'Passed')).toHaveText('2');
  await expect(stat(card, 'Failed')).toHaveText('1');
  await expect(stat(card, 'Skipped')).toHaveText('1');
  await expect(stat(card, 'Success')).toHaveText('50%');
  await expect(stat(card, 'Duration')).toHaveText('3.5 s');
  await expect(card).toContainText(/Started less than a minute ago by owner@example\.com/);
  await expect(page.getByTestId('counter-recent-runs').locator('p').first()).toHaveText(/^[1-9]\d*$/);

  // Show Tests expands this run's per-case results under the card.
  const showTests = card.getByRole('button', { name: 'Show Tests' });
  await expect(showTests).toHaveAttribute('aria-expanded', 'false');
  await showTests.click();
  await expect(card.getByRole('button', { name: 'Hide Tests' })).toHaveAttribute('aria-expanded', 'true');
  const rows = card.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: FAILED_CASE })).toContainText('Failed');
  await expect(rows.filter({ hasText: 'recording › a skipped check' })).toContainText('Skipped');

  // Refresh picks up a newer run, and the open list follows it.
  await recordReport(typedApi);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(rows).toHaveCount(4);

  // Full Details opens Test Details on this suite, with the failure message as plain text.
  await card.getByRole('button', { name: 'Full Details' }).click();
  await expect(page.getByRole('tab', { name: 'Test Details' })).toHaveAttribute('aria-selected', 'true');
  const details = page.getByRole('tabpanel', { name: 'Test Details' });
  await expect(details).toBeFocused();
  await expect(details.getByLabel('Suite').locator('option:checked')).toHaveText(SUITE);
  await expect(details.getByRole('heading', { level: 2, name: SUITE })).toBeVisible();
  const failed = details.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: FAILED_CASE }) });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('medium');
  const message = failed.getByLabel(`Error message of ${FAILED_CASE}`);
  await expect(message).toContainText('Expected: "<b>42</b>"');
  await expect(message.locator('b')).toHaveCount(0);

  // The catalog's text travels with a listed case.
  const listed = details.getByRole('listitem').filter({
    has: page.getByRole('heading', {
      level: 3,
      name: 'suites are initialized, a JUnit report is recorded, and its results and failure message are shown',
    }),
  });
  await expect(listed).toContainText('Passed');
  await expect(listed).toContainText('high');
  await expect(listed).toContainText('Expected result');

  // Only the failures, on request.
  await details.getByLabel('Show', { exact: true }).selectOption('failed');
  await expect(details.getByRole('listitem')).toHaveCount(1);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('both tabs and an expanded suite fit the screen and have no serious or critical axe violations', async ({
    page,
    api,
    typedApi,
    axe,
  }) => {
    await signInAsOwner(page);
    await page.goto('/admin/test-results');
    expect((await api.post('/api/test-cases/initialize')).status()).toBe(200);
    await recordReport(typedApi);
    await page.reload();

    const width = () => page.evaluate(() => document.documentElement.scrollWidth);

    const card = suiteCard(page, SUITE);
    await card.getByRole('button', { name: 'Show Tests' }).click();
    await expect(card.getByRole('listitem')).toHaveCount(4);
    expect(await width()).toBeLessThanOrEqual(320);
    expect(await axe.serious()).toEqual([]);

    await card.getByRole('button', { name: 'Full Details' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Test Details' }).getByLabel(`Error message of ${FAILED_CASE}`)).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(320);
    expect(await axe.serious()).toEqual([]);
  });
});
