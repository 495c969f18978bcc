import { expect, test } from 'bun:test';
import { nextTabIndex } from '#src/lib/tab-keys.ts';

test('arrow keys move between tabs and wrap; Home and End go to the ends; other keys do nothing', () => {
  expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
  expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
  expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
  expect(nextTabIndex('ArrowLeft', 2, 3)).toBe(1);
  expect(nextTabIndex('Home', 2, 3)).toBe(0);
  expect(nextTabIndex('End', 0, 3)).toBe(2);
  expect(nextTabIndex('Enter', 1, 3)).toBeNull();
});
