import { Hono } from 'hono';
import { adminCancelSchema, availabilitySchema } from '../../../src/schemas/booking.ts';
import { limitBody } from '../../http/body-limits.ts';
import { listBookings, toAdminBooking } from '../../services/booking/admin-list.ts';
import { readAvailability, updateAvailability } from '../../services/booking/availability.ts';
import { cancelBookingByCoach } from '../../services/booking/calls.ts';
import { idParam, integerParam, queryParam, readJson, ValidationError } from '../../validation.ts';

const WHEN = ['upcoming', 'past'] as const;

// Mounted under /api/admin: the admin guard has run before these.
export const adminBookingRoutes = new Hono()
  .get('/booking/availability', async (c) => c.json(await readAvailability()))
  .put('/booking/availability', limitBody(32 * 1024), async (c) => c.json(await updateAvailability(await readJson(c, availabilitySchema))))
  .get('/bookings', async (c) => {
    const when = queryParam(c, 'when') ?? 'upcoming';
    if (!WHEN.includes(when as (typeof WHEN)[number])) throw new ValidationError('when must be upcoming or past', 'when');
    const page = integerParam(c, 'page', { min: 1, max: 100_000, fallback: 1 });
    return c.json(await listBookings(when as (typeof WHEN)[number], page));
  })
  .post('/bookings/:id/cancel', limitBody(8 * 1024), async (c) => {
    const id = idParam(c);
    const { message } = await readJson(c, adminCancelSchema);
    return c.json(toAdminBooking(await cancelBookingByCoach(id, message)));
  });
