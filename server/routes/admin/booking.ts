import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { adminBooking, listBookings } from '#server/services/booking/admin-list.ts';
import { readAvailability } from '#server/services/booking/availability.ts';
import { cancelBookingByCoach, markNoShow, returnCreditByCoach } from '#server/services/booking/calls.ts';
import { saveAvailability } from '#server/services/booking/save-availability.ts';
import { id, json, query } from '#server/validation.ts';
import { adminCancelSchema, availabilitySchema, bookingsQuerySchema } from '#src/schemas/booking.ts';
import { coachReasonSchema, requiredReasonSchema } from '#src/schemas/credits.ts';

// Mounted under /api/admin: the admin guard has run before these.
export const adminBookingRoutes = new Hono()
  .get('/booking/availability', async (c) => c.json(await readAvailability()))
  .put('/booking/availability', limitBody(32 * 1024), json(availabilitySchema), async (c) =>
    c.json(await saveAvailability(c.req.valid('json'))),
  )
  .get('/bookings', query(bookingsQuerySchema), async (c) => c.json(await listBookings(c.req.valid('query'))))
  .post('/bookings/:id/cancel', limitBody(8 * 1024), id(), json(adminCancelSchema), async (c) =>
    c.json(await adminBooking((await cancelBookingByCoach(c.req.valid('param').id, c.req.valid('json').message)).id)),
  )
  // Issue 35 §4: the coach's no-show, and the override that gives a credit back, each with a reason.
  .post('/bookings/:id/no-show', limitBody(8 * 1024), id(), json(coachReasonSchema), async (c) =>
    c.json(await adminBooking((await markNoShow(c.req.valid('param').id, c.req.valid('json').reason)).id)),
  )
  .post('/bookings/:id/return-credit', limitBody(8 * 1024), id(), json(requiredReasonSchema), async (c) => {
    await returnCreditByCoach(c.req.valid('param').id, c.req.valid('json').reason);
    return c.json(await adminBooking(c.req.valid('param').id));
  });
