import { paidSession, signedEvent, startStripeApi } from '../helpers/stripe-api-server.ts';
import { OWNER } from './support/admin.ts';
import { chooseFreeDay, timesOfDay } from './support/booking.ts';
import { waitForEmail } from './support/mail.ts';
import { type SiteApi, siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

// Issue 37 in the browser: a visitor books a paid session type up to Stripe's page (the price and
// the cancellation rules said first), comes back before Stripe has confirmed (the page waits and
// books nothing), and once the signed webhook arrives the page says it is paid and booked, and the
// receipt arrives over SMTP. Stripe is the Stripe-shaped server on E2E_STRIPE_PORT, which the
// journeys' server is pointed at (playwright.config.ts); its Checkout page is stood in for.

const typeOf = (slug: string, name: string) => ({
  name,
  slug,
  description: 'An hour of focused coaching.',
  minutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  dailyCap: null,
  location: null,
  access: 'anyone',
  listed: false,
  cancelCutoffHours: 24,
  maxReschedules: 1,
  priceMinor: 15_000,
  questions: [],
});

for (const width of [375, 1280]) {
  test(`at ${width} px: a paid session is paid at Stripe and booked by the webhook, never by coming back; axe-clean`, async ({
    page,
    playwright,
    baseURL,
    settings,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const stripe = startStripeApi(Number(process.env.E2E_STRIPE_PORT));
    const context = await playwright.request.newContext({ baseURL });
    const owner: SiteApi = siteApi(context);
    expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
    await settings.set({ bookingEnabled: true });
    const stamp = `${width}-${Date.now()}`;
    const slug = `paid-${stamp}`;
    const email = `payer-${stamp}@example.com`;
    const typeName = `Deep-dive session ${width}`;
    const made = await owner.post('/api/admin/session-types', { data: typeOf(slug, typeName) });
    expect(made.status(), await made.text()).toBe(201);
    const type = await made.json();
    // Stripe's own page is out of reach here: a stand-in that only says where the visitor was sent.
    await page.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>' }),
    );
    try {
      await page.goto(`/book/${slug}`);
      await expect(page.getByRole('heading', { name: typeName, level: 1 })).toBeVisible();
      const terms = page.getByTestId('booking-terms');
      await expect(terms).toContainText('€150.00, paid by card on the next page');
      await expect(terms).toContainText(
        'You can cancel or move it free of charge until 24 hours before it starts; a later cancellation is not refunded. It can be moved once.',
      );
      await chooseFreeDay(page, 0);
      await timesOfDay(page).last().click();
      await page.getByLabel('Name').fill('Priya Natarajan');
      await page.getByLabel('Email').fill(email);
      expect(await axe.serious()).toEqual([]);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();

      await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const session = stripe.session(page.url().split('/').pop()!);
      expect(session).toMatchObject({ amount_total: 15_000, currency: 'eur', customer_email: email });

      // Back before Stripe has told the site: the page waits, and nothing is booked.
      const back = new URL(String(session.success_url));
      await page.goto(back.pathname + back.search);
      await expect(page.getByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
      const upcoming = async () =>
        ((await (await owner.get('/api/admin/bookings?when=upcoming')).json()).bookings as Array<{ email: string }>).filter(
          (row) => row.email === email,
        );
      expect(await upcoming()).toEqual([]);

      const delivery = await signedEvent('checkout.session.completed', paidSession(session));
      const answer = await context.post('/api/payments/webhook', {
        headers: { 'Stripe-Signature': delivery.signature, 'Content-Type': 'application/json' },
        data: delivery.payload,
      });
      expect(answer.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Paid and booked' })).toBeVisible();
      await expect(page.getByRole('status')).toContainText(typeName);
      expect(await axe.serious()).toEqual([]);
      expect(await upcoming()).toHaveLength(1);

      const receipt = await waitForEmail(email, /^Receipt INV-\d{4}: €150\.00 paid to /);
      expect(receipt.text).toContain('Thank you: we received your payment of €150.00');
      await waitForEmail(email, new RegExp(`^Your ${typeName} with `));
    } finally {
      const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
      await owner.put(`/api/admin/session-types/${id}`, { data: { ...input, access: 'private' } });
      const { bookings } = await (await owner.get('/api/admin/bookings?when=upcoming')).json();
      for (const booking of bookings.filter((row: { email: string }) => row.email === email)) {
        await owner.post(`/api/admin/bookings/${booking.id}/cancel`, { data: { message: '' } });
      }
      // The coach's cancellation refunds the card: let Stripe take it before Stripe goes.
      await expect
        .poll(async () => {
          const { payments } = await (await owner.get('/api/admin/payments')).json();
          return payments.filter(
            (row: { payerEmail: string; kind: string; status: string }) =>
              row.payerEmail === email && row.kind === 'refund' && row.status !== 'succeeded',
          ).length;
        })
        .toBe(0);
      await context.dispose();
      await stripe.stop();
    }
  });
}
