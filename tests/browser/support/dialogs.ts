import { expect, type Page } from '@playwright/test';

/** What every admin form with unsaved changes asks before the page is left (an in-app link). */
export const LEAVE_CONFIRM = 'You have unsaved changes. Leave this page?';

/** Every browser dialog, recorded; each is answered from `answers` in turn (accepted when none is left). */
export function watchDialogs(page: Page) {
  const seen: Array<{ type: string; message: string }> = [];
  const answers: boolean[] = [];
  page.on('dialog', async (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    if (answers.shift() === false) await dialog.dismiss();
    else await dialog.accept();
  });
  return { seen, answers };
}

/**
 * Clicks the admin menu's Dashboard link on a form with unsaved changes, says no to every dialog
 * from then on, and expects exactly one: the unsaved-changes question. The caller checks that the
 * page and its edits stayed.
 */
export async function refuseToLeave(page: Page) {
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  expect(questions).toEqual([LEAVE_CONFIRM]);
}
