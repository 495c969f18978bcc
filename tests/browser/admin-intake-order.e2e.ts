import { signInAsOwner, toasts } from './support/admin.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { liftWithKeyboard } from './support/sortable.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// Issue 35 §1: a session type's intake questions are ordered like the backlog, by drag and by
// keyboard (the handle, Space, an arrow, Space), each move said to screen readers; the order is
// the form's, saved with the type: there when the dialog opens again, and the API's order.

const API = '/api/admin/session-types';

interface StoredType {
  id: number;
  name: string;
  questions: Array<{ id: string; label: string }>;
}

const question = (id: string, label: string, kind = 'short') => ({ id, kind, label, required: false, options: [] as string[] });

const labelsOf = async (dialog: Locator) =>
  dialog.getByTestId('intake-question').evaluateAll((cards) => cards.map((card) => card.querySelector('input')?.value ?? ''));

async function storedType(api: SiteApi, id: number): Promise<StoredType> {
  const response = await api.get(API);
  expect(response.status()).toBe(200);
  return ((await response.json()) as StoredType[]).find((type) => type.id === id)!;
}

const centerOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Drags a question by its handle onto the upper part of another card, in small steps as a hand would. */
async function dragAbove(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = await centerOf(handle);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past the activation distance first, then onto the upper part of the target card.
  await page.mouse.move(from.x, from.y - 10, { steps: 5 });
  const box = (await target.boundingBox())!;
  await page.mouse.move(from.x, box.y + box.height * 0.25, { steps: 20 });
  await page.mouse.up();
}

for (const width of [375, 1280]) {
  test(`at ${width} px: intake questions are ordered by drag and by keyboard, saved with the type and kept when it opens again; axe-clean`, async ({
    page,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsOwner(page);
    const api = siteApi(page.request);
    const name = `Intake order ${width}`;
    const made = await api.post(API, {
      data: {
        name,
        slug: `intake-order-${width}-${Date.now()}`,
        description: '',
        minutes: 60,
        bufferMinutes: null,
        minNoticeHours: null,
        dailyCap: null,
        location: null,
        access: 'private',
        listed: false,
        cancelCutoffHours: 24,
        maxReschedules: null,
        questions: [question('q1', 'Your name for the session'), question('q2', 'Your goal', 'long'), question('q3', 'Your role')],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as StoredType;
    try {
      await page.goto('/admin/booking');
      await page.getByRole('tab', { name: 'Session types' }).click();
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
      await expect(dialog.getByRole('list', { name: 'Intake questions in the order they are asked' })).toBeVisible();
      expect(await labelsOf(dialog)).toEqual(['Your name for the session', 'Your goal', 'Your role']);
      expect(await axe.serious()).toEqual([]);

      // Dragged: the goal above the name.
      await dragAbove(page, dialog.getByRole('button', { name: 'Reorder Your goal' }), dialog.getByTestId('intake-question').first());
      await expect.poll(() => labelsOf(dialog)).toEqual(['Your goal', 'Your name for the session', 'Your role']);
      await expect(dialog.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue('Your goal');
      await expect(dialog.getByRole('status').filter({ hasText: 'Your goal was dropped at position 1 of 3' })).toBeAttached();

      // By keyboard: the role up one place, said as it moves; Escape while lifted cancels the move, not the dialog.
      const role = dialog.getByRole('button', { name: 'Reorder Your role' });
      await liftWithKeyboard(page, role);
      await expect(dialog.getByRole('status').filter({ hasText: 'Your role was moved into position 3 of 3.' })).toBeAttached();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole('status').filter({ hasText: 'Moving was cancelled. Your role is back in position 3 of 3.' }),
      ).toBeAttached();
      await liftWithKeyboard(page, role);
      await page.keyboard.press('ArrowUp');
      await expect(dialog.getByRole('status').filter({ hasText: 'Your role was moved into position 2 of 3' })).toBeAttached();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('status').filter({ hasText: 'Your role was dropped at position 2 of 3' })).toBeAttached();
      await expect.poll(() => labelsOf(dialog)).toEqual(['Your goal', 'Your role', 'Your name for the session']);
      await expect(role).toBeFocused();
      // One press moves a question a place, too (a single-pointer way, WCAG 2.5.7); focus stays on the button.
      await dialog.getByRole('button', { name: 'Move Your name for the session up' }).click();
      await expect.poll(() => labelsOf(dialog)).toEqual(['Your goal', 'Your name for the session', 'Your role']);
      await expect(dialog.getByRole('button', { name: 'Move Your name for the session up' })).toBeFocused();
      await dialog.getByRole('button', { name: 'Move Your name for the session down' }).click();
      await expect.poll(() => labelsOf(dialog)).toEqual(['Your goal', 'Your role', 'Your name for the session']);
      expect(await axe.serious()).toEqual([]);

      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page).getByText('Session type saved', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      expect((await storedType(api, id)).questions.map((stored) => [stored.id, stored.label])).toEqual([
        ['q2', 'Your goal'],
        ['q3', 'Your role'],
        ['q1', 'Your name for the session'],
      ]);

      // Opened again, after a reload too: the order saved.
      await page.reload();
      await page.getByRole('tab', { name: 'Session types' }).click();
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await expect.poll(() => labelsOf(dialog)).toEqual(['Your goal', 'Your role', 'Your name for the session']);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await api.delete(`${API}/${id}`);
    }
  });
}
