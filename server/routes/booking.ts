import { Hono } from 'hono';
import { z } from 'zod';
import {
  type BookedCall,
  bookingRequestSchema,
  type ManagedBooking,
  manageCancelSchema,
  rescheduleSchema,
  type SlotsResponse,
  slotsQuerySchema,
} from '#src/schemas/booking.ts';
import type { CheckoutStarted } from '#src/schemas/payments.ts';
import { clientIp } from '../client-ip.ts';
import { env } from '../env.ts';
import { limitBody } from '../http/body-limits.ts';
import { placeOf } from '../services/booking/call-place.ts';
import {
  assertBookingOn,
  bookingOfToken,
  cancelBookingByVisitor,
  createBooking,
  managed,
  openSlots,
  rescheduleBooking,
  slotsToMoveTo,
} from '../services/booking/calls.ts';
import { checkoutForSession, paysAtCheckout } from '../services/payments/checkout.ts';
import { enforceRateLimit, releaseRateLimit } from '../services/rate-limits.ts';
import { json, query } from '../validation.ts';

/** The signed token of the visitor's manage link. */
const manageQuerySchema = z.object({ token: z.string().optional() });

// Far above the largest valid booking (a 2,000-character topic and the other fields).
const BOOKING_BODY_LIMIT = 16 * 1024;
const HOUR_MS = 60 * 60 * 1000;

const DAY_MS = 24 * HOUR_MS;

const tooManyBookings = (minutes: number) =>
  `Too many bookings from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const tooManyForAddress = (minutes: number) => {
  const hours = Math.ceil(minutes / 60);
  const wait = minutes <= 60 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `Too many bookings for this email address today. Try again in ${wait}, or write to the coach.`;
};

// The visitor's side of booking (the intro call and every other session type). The manage routes take the signed token from the
// visitor's email as their whole authority: no account, no cookie.
export const bookingRoutes = new Hono()
  .get('/booking/slots', query(slotsQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { type, key } = c.req.valid('query');
    return c.json<SlotsResponse>(await openSlots({ slug: type, key }));
  })
  .post('/bookings', limitBody(BOOKING_BODY_LIMIT), json(bookingRequestSchema), async (c) => {
    const { website, ...request } = c.req.valid('json');
    await assertBookingOn();
    // A bot's honeypot answer counts against its address and looks like success; nothing is stored.
    await enforceRateLimit(`booking:ip:${clientIp(c)}`, env().BOOKING_LIMIT_PER_HOUR, HOUR_MS, tooManyBookings);
    if (website) return c.json<BookedCall>({ start: request.start, end: request.start, place: null }, 201);
    // And per address, whatever its case, from any network: one address is not sent a stranger's
    // bookings over and over, and a few networks cannot fill the calendar under one name (issue 33 §4).
    const addressKey = `booking:email:${request.email.toLowerCase()}`;
    await enforceRateLimit(addressKey, env().BOOKING_LIMIT_PER_ADDRESS_PER_DAY, DAY_MS, tooManyForAddress);
    // A paid session without a credit is held and paid at Stripe first; the webhook books it.
    if (await paysAtCheckout(request)) {
      const started = await checkoutForSession(request).catch(async (error: unknown) => {
        await releaseRateLimit(addressKey);
        throw error;
      });
      return c.json<CheckoutStarted>(started, 202);
    }
    const row = await createBooking(request).catch(async (error: unknown) => {
      // A refused booking (a slot just taken, no credit left) does not use up the day's allowance.
      await releaseRateLimit(addressKey);
      throw error;
    });
    return c.json<BookedCall>({ start: row.startsAt.toISOString(), end: row.endsAt.toISOString(), place: placeOf(row) }, 201);
  })
  .get('/bookings/manage', query(manageQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json<ManagedBooking>(await managed(await bookingOfToken(c.req.valid('query').token ?? '')));
  })
  .get('/bookings/manage/slots', query(manageQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json<SlotsResponse>(await slotsToMoveTo(c.req.valid('query').token ?? ''));
  })
  .post('/bookings/manage/cancel', limitBody(BOOKING_BODY_LIMIT), json(manageCancelSchema), async (c) => {
    const { token, late } = c.req.valid('json');
    return c.json<ManagedBooking>(await managed(await cancelBookingByVisitor(token, new Date(), { late })));
  })
  .post('/bookings/manage/reschedule', limitBody(BOOKING_BODY_LIMIT), json(rescheduleSchema), async (c) => {
    const { token, start } = c.req.valid('json');
    return c.json<ManagedBooking>(await managed(await rescheduleBooking(token, start)));
  });
