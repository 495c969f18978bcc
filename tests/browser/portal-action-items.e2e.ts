import type { Availability } from '#src/schemas/booking.ts';
import { OWNER, signInAsOwner } from './support/admin.ts';
import { hoursStartingSoon } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 36 §2, on a phone: once a session has taken place and the coach has sent its shared notes,
// the client signs in with the emailed code and finds them under Past sessions; she ticks an
// action item off, and the coach's notes screen shows it done. (One width: the session has to
// start first, two minutes of waiting; portal.e2e.ts covers 375 and 1280 px.)

test('at 375 px: the client reads the notes the coach sent and ticks an action item off, which the coach sees; axe-clean', async ({
  page,
  playwright,
  baseURL,
  settings,
  axe,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 900 });
  const context = await playwright.request.newContext({ baseURL });
  const owner: SiteApi = siteApi(context);
  expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
  await settings.set({ bookingEnabled: true });
  const stored: Availability = await (await owner.get('/api/admin/booking/availability')).json();
  expect((await owner.put('/api/admin/booking/availability', { data: hoursStartingSoon(stored) })).status()).toBe(200);

  const stamp = Date.now();
  const email = `ticks-${stamp}@example.com`;
  const slug = `ticks-${stamp}`;
  const made = await owner.post('/api/admin/session-types', {
    data: {
      name: 'Quick check-in',
      slug,
      description: '',
      minutes: 15,
      bufferMinutes: 0,
      minNoticeHours: 0,
      dailyCap: null,
      location: null,
      access: 'anyone',
      listed: false,
      cancelCutoffHours: 0,
      maxReschedules: null,
      questions: [],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const type = await made.json();
  try {
    expect(
      (
        await owner.post('/api/admin/clients', {
          data: { name: 'Salma Idris', email, phone: '', organisation: '', timeZone: 'UTC', status: 'active', tags: [] },
        })
      ).status(),
    ).toBe(201);
    const { slots } = await (await owner.get(`/api/booking/slots?type=${slug}`)).json();
    const first = slots[0] as { start: string };
    const booked = await owner.post('/api/bookings', {
      data: { start: first.start, name: 'Salma Idris', email, topic: '', timeZone: 'UTC', sessionType: slug },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookings } = await (await owner.get('/api/admin/bookings?when=upcoming')).json();
    const booking = bookings.find((call: { email: string }) => call.email === email);

    // Once it has started, the coach writes the notes and sends the shared part.
    await page.waitForTimeout(Math.max(0, Date.parse(first.start) - Date.now() + 1_000));
    const notes = {
      privateNotes: 'Tired; the merger weighs on her.',
      sharedNotes: 'We agreed on **two** quiet mornings a week.',
      actionItems: [
        { text: 'Block Tuesday mornings', done: false },
        { text: 'Tell the chair', done: false },
      ],
      version: 0,
    };
    expect((await owner.put(`/api/admin/bookings/${booking.id}/notes`, { data: notes })).status()).toBe(200);
    expect((await owner.post(`/api/admin/bookings/${booking.id}/notes/send`, { data: {} })).status()).toBe(200);

    await page.goto('/portal');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const signIn = await waitForEmail(email, /^Your sign-in link for /);
    await page.getByLabel('Code from the email').fill(signIn.text!.match(/Your sign-in code: (\d{6})/)![1]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const past = page.getByRole('article', { name: /^Quick check-in, / });
    await expect(past.getByText('Notes from your coach')).toBeVisible();
    await expect(past.locator('strong', { hasText: 'two' })).toBeVisible();
    await expect(past).not.toContainText('merger');
    expect(await axe.serious()).toEqual([]);
    const item = past.getByRole('checkbox', { name: 'Tell the chair' });
    await item.check();
    await expect(item).toBeChecked();
    // Saved: it is still ticked after a reload.
    await expect
      .poll(async () => (await (await owner.get(`/api/admin/bookings/${booking.id}/notes`)).json()).notes.actionItems[1].done)
      .toBe(true);
    await page.reload();
    await expect(past.getByRole('checkbox', { name: 'Tell the chair' })).toBeChecked();

    // The coach's notes screen shows it done.
    await signInAsOwner(page);
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole('checkbox', { name: 'Done: Tell the chair' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Done: Block Tuesday mornings' })).not.toBeChecked();
  } finally {
    // Out of the other journeys' way: her session (which has started, so cannot be cancelled) is
    // erased with her, freeing its time for the next journey that books in the next minutes.
    expect((await owner.post('/api/admin/privacy/erase', { data: { email } })).status()).toBe(200);
    expect((await owner.put('/api/admin/booking/availability', { data: stored })).status()).toBe(200);
    const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
    await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, access: 'private' } });
    await context.dispose();
  }
});
