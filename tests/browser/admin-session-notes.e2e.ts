import { signInAsOwner } from './support/admin.ts';
import { okJson } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 35 §6: a session's notes. From the booking list the coach opens a session's notes, writes
// private and shared notes and action items; they are saved as the coach types (encrypted on the
// server) and are there after a reload; before the session has started they cannot be sent yet.

for (const width of [375, 1280]) {
  test(`at ${width} px: notes are written, saved as typed and there after a reload; axe-clean`, async ({
    page,
    axe,
    typedApi,
    settings,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await settings.set({ bookingEnabled: true });
    await signInAsOwner(page);
    const email = `notes-${width}-${Date.now()}@example.com`;
    const { slots } = await okJson(typedApi.publicApi.booking.slots.$get({ query: {} }));
    const booked = await typedApi.publicApi.bookings.$post({
      json: { start: slots.at(-1)!.start, name: 'Noor Haddad', email, topic: 'Board nerves', timeZone: 'UTC' },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const { bookings } = await okJson(typedApi.adminApi.bookings.$get({ query: { when: 'upcoming' } }));
    const booking = bookings.find((row) => row.email === email)!;

    try {
      await page.goto('/admin/booking');
      await page
        .getByTestId('booking-row')
        .filter({ hasText: email })
        .getByRole('link', { name: 'Notes of Noor Haddad’s session' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Notes: Noor Haddad' })).toBeVisible();
      expect(await axe.serious()).toEqual([]);

      await page.getByRole('textbox', { name: 'Private notes' }).fill('Nervous about the board. Sleep is poor.');
      await page.getByRole('textbox', { name: 'Shared notes' }).fill('We agreed on **two** quiet mornings a week.');
      await page.getByRole('button', { name: 'Add Action Item' }).click();
      await page.getByRole('textbox', { name: 'Action item 1', exact: true }).fill('Block Tuesday mornings');
      await page.getByRole('button', { name: 'Add Action Item' }).click();
      await page.getByRole('textbox', { name: 'Action item 2', exact: true }).fill('Tell the chair');
      await page.getByRole('checkbox', { name: 'Done: Tell the chair' }).check();
      await expect(page.getByTestId('autosave-status')).toHaveText(/^Saved at /, { timeout: 15_000 });
      // Not yet: the session is still ahead.
      await expect(page.getByText('You can send these once the session has started.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send to Client' })).toBeDisabled();
      expect(await axe.serious()).toEqual([]);

      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Private notes' })).toHaveValue('Nervous about the board. Sleep is poor.');
      await expect(page.getByRole('textbox', { name: 'Shared notes' })).toHaveValue('We agreed on **two** quiet mornings a week.');
      await expect(page.getByRole('textbox', { name: 'Action item 1', exact: true })).toHaveValue('Block Tuesday mornings');
      await expect(page.getByRole('checkbox', { name: 'Done: Tell the chair' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Done: Block Tuesday mornings' })).not.toBeChecked();

      // The API reads the same notes back.
      const screen = await okJson(typedApi.adminApi.bookings[':id'].notes.$get({ param: { id: String(booking.id) } }));
      expect(screen.notes).toMatchObject({
        privateNotes: 'Nervous about the board. Sleep is poor.',
        actionItems: [
          { text: 'Block Tuesday mornings', done: false },
          { text: 'Tell the chair', done: true },
        ],
      });
    } finally {
      await typedApi.adminApi.bookings[':id'].cancel.$post({ param: { id: String(booking.id) }, json: { message: '' } });
    }
  });
}
