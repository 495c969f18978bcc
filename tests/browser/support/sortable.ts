import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Lifts a reorderable card with the keyboard (focus its handle, Space) and returns once the list
 * listens for arrow keys. dnd-kit's keyboard sensor starts listening in a timer it sets when the
 * card is lifted (KeyboardSensor.attach); a person's next key always comes later, but a key sent at
 * once by a test on a busy machine could come first and be lost. Waiting for one timer in the page
 * (timers of equal delay run in the order they were set) puts the next key after it.
 */
export async function liftWithKeyboard(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
