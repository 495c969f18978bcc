import { expect, test } from 'bun:test';
import { createStore } from 'jotai';
import { addToastAtom, dismissToastAtom, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toastsAtom } from '#src/lib/toast-store.ts';

test('docs/product.md §9 constants: one toast at a time, removed 1,000,000 ms after dismissal', () => {
  expect(TOAST_LIMIT).toBe(1);
  expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
});

test('dismissing a toast closes it but keeps it until the remove delay', () => {
  const store = createStore();
  store.set(toastsAtom, [{ id: '1', title: 'Message Sent', open: true }]);
  store.set(dismissToastAtom, '1');
  expect(store.get(toastsAtom)).toEqual([{ id: '1', title: 'Message Sent', open: false }]);
});

test('a new toast replaces the visible one', () => {
  const store = createStore();
  store.set(addToastAtom, { id: 'a', title: 'Login Successful', open: true });
  store.set(addToastAtom, { id: 'b', title: 'Logged Out', open: true });
  expect(store.get(toastsAtom).map((toast) => toast.title)).toEqual(['Logged Out']);
});
