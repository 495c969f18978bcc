import { signInAsOwner, toasts } from './support/admin.ts';
import { liftWithKeyboard } from './support/sortable.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 35 §1: Admin → Booking → Session types. The intro call is there on a fresh site; the coach
// adds a type with intake questions (checked as the server checks them), orders the types and
// deletes one no one booked. Whatever a test adds it deletes again: other journeys book the intro call.

const API = '/api/admin/session-types';

interface StoredType {
  id: number;
  slug: string;
  name: string;
  intro: boolean;
  minutes: number | null;
  priceMinor: number | null;
  access: string;
  questions: Array<{ id: string; kind: string; label: string; required: boolean; options: string[] }>;
}

async function storedTypes(page: Page): Promise<StoredType[]> {
  const response = await page.request.get(API);
  expect(response.status()).toBe(200);
  return response.json();
}

async function removeAdded(page: Page) {
  const origin = new URL(page.url()).origin;
  for (const type of await storedTypes(page)) {
    if (!type.intro) await page.request.delete(`${API}/${type.id}`, { headers: { Origin: origin } });
  }
  const intro = (await storedTypes(page))[0]!;
  await page.request.post(`${API}/reorder`, { headers: { Origin: origin }, data: { order: [intro.id] } });
}

async function openSessionTypes(page: Page) {
  await page.goto('/admin/booking');
  await page.getByRole('tab', { name: 'Session types' }).click();
  await expect(page.getByRole('list', { name: 'Session types in booking page order' })).toBeVisible();
}

const cards = (page: Page) => page.getByTestId('admin-session-type');

for (const width of [375, 1280]) {
  test(`at ${width} px: a session type with intake questions is added, checked as the server checks it, ordered and deleted; axe-clean`, async ({
    page,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsOwner(page);
    await openSessionTypes(page);
    try {
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText('Free intro call');
      await expect(cards(page).first()).toContainText('/book/intro-call');
      await expect(cards(page).first().getByRole('button', { name: 'Delete Free intro call' })).toHaveCount(0);
      expect(await axe.serious()).toEqual([]);

      await page.getByRole('button', { name: 'New Session Type' }).click();
      const dialog = page.getByRole('dialog', { name: 'New session type' });
      await dialog.getByLabel('Name').fill('Coaching session');
      await expect(dialog.getByLabel('Address')).toHaveValue('coaching-session');
      await dialog.getByLabel('Description').fill('Sixty minutes on what matters most to you now.');
      await dialog.getByLabel('Who may book').selectOption({ label: 'Only clients with a credit for it' });
      await dialog.getByLabel('It happens').selectOption({ label: 'By phone' });
      await dialog.getByLabel('Phone number').fill('+44 20 7946 0000');

      await dialog.getByRole('button', { name: 'Add question' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Question 1', exact: true })).toBeFocused();
      await dialog.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Your role');
      await dialog.getByRole('combobox', { name: 'Answer', exact: true }).first().selectOption({ label: 'One choice' });
      await dialog.getByLabel('Options').fill('Manager');
      await dialog.getByRole('button', { name: 'Add question' }).click();
      await dialog.getByRole('textbox', { name: 'Question 2', exact: true }).fill('What would you like to work on?');
      await dialog.getByRole('combobox', { name: 'Answer', exact: true }).nth(1).selectOption({ label: 'Long text' });
      await dialog.getByRole('switch', { name: 'Must be answered' }).nth(1).check();

      // One option is not a choice: the message is the server's, at the field, focused.
      await dialog.getByRole('button', { name: 'Add Session Type' }).click();
      await expect(dialog.getByText('A choice question needs 2 to 20 options')).toBeVisible();
      await expect(dialog.getByLabel('Options')).toBeFocused();
      expect(await axe.serious()).toEqual([]);
      await dialog.getByLabel('Options').fill('Manager\nDirector\n  Founder  ');

      // The question on the work comes first, moved by keyboard as the types are (admin-intake-order.e2e.ts drags them too).
      const work = dialog.getByRole('button', { name: 'Reorder What would you like to work on?' });
      await liftWithKeyboard(page, work);
      await page.keyboard.press('ArrowUp');
      await expect(
        dialog.getByRole('status').filter({ hasText: 'What would you like to work on? was moved into position 1 of 2' }),
      ).toBeAttached();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue('What would you like to work on?');
      await expect(work).toBeFocused();

      await dialog.getByRole('button', { name: 'Add Session Type' }).click();
      await expect(toasts(page).getByText('Session type added', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(cards(page)).toHaveCount(2);
      await expect(cards(page).nth(1)).toContainText('Coaching session');
      await expect(cards(page).nth(1)).toContainText('2 questions');

      const added = (await storedTypes(page)).find((type) => type.slug === 'coaching-session')!;
      expect(added).toMatchObject({
        name: 'Coaching session',
        minutes: 60,
        access: 'clients',
        location: { kind: 'phone', phone: '+44 20 7946 0000' },
        questions: [
          { id: 'q2', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
          { id: 'q1', kind: 'single', label: 'Your role', required: false, options: ['Manager', 'Director', 'Founder'] },
        ],
      });

      // Ordered by keyboard: the new type first on the booking page.
      await liftWithKeyboard(page, page.getByRole('button', { name: 'Reorder Coaching session' }));
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('status').filter({ hasText: 'Coaching session was moved into position 1 of 2' })).toBeAttached();
      await page.keyboard.press('Space');
      await expect(toasts(page).getByText('Session types reordered', { exact: true })).toBeVisible();
      await expect(cards(page).first()).toContainText('Coaching session');
      expect((await storedTypes(page)).map((type) => type.slug)).toEqual(['coaching-session', 'intro-call']);

      // Edited: the dialog holds what is stored.
      await page.getByRole('button', { name: 'Edit Coaching session' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Coaching session' });
      await expect(edit.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue('Your role');
      await expect(edit.getByLabel('Options')).toHaveValue('Manager\nDirector\nFounder');
      await edit.getByLabel('Length (minutes)').fill('90');
      // A price (issue 37), typed in the site's currency: what is not an amount is said at the field.
      await edit.getByLabel('Price (EUR)').fill('95 euros');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit.getByText('Price must be an amount such as 120 or 120.50, or empty for free')).toBeVisible();
      await edit.getByLabel('Price (EUR)').fill('95.50');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page).getByText('Session type saved', { exact: true })).toBeVisible();
      await expect(cards(page).first()).toContainText('90 minutes');
      await expect(cards(page).first()).toContainText('€95.50');
      expect((await storedTypes(page)).find((type) => type.slug === 'coaching-session')!.priceMinor).toBe(9_550);

      await page.getByRole('button', { name: 'Delete Coaching session' }).click();
      await page.getByRole('dialog', { name: 'Delete Session Type' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(toasts(page).getByText('Session type deleted', { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(1);
      expect((await storedTypes(page)).map((type) => type.slug)).toEqual(['intro-call']);
    } finally {
      await removeAdded(page);
    }
  });
}
