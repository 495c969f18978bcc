import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listAdminTestimonials,
  reorderTestimonials,
  updateTestimonial,
} from '#server/services/testimonials.ts';
import { id, json } from '#server/validation.ts';
import { newTestimonialSchema, reorderTestimonialsSchema, testimonialChangeSchema } from '#src/schemas/testimonial.ts';

// A testimonial is a few kilobytes at most, even with every character escaped.
const testimonialBody = limitBody(64 * 1024);
// Roomy enough that an over-long order is refused by the schema with a 400 naming `order`.
const reorderBody = limitBody(256 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminTestimonialRoutes = new Hono()
  .get('/testimonials', async (c) => c.json(await listAdminTestimonials()))
  // Before the /:id routes, so "reorder" is never read as an id.
  .post('/testimonials/reorder', reorderBody, json(reorderTestimonialsSchema), async (c) =>
    c.json(await reorderTestimonials(c.req.valid('json').order)),
  )
  .post('/testimonials', testimonialBody, json(newTestimonialSchema), async (c) =>
    c.json(await createTestimonial(c.req.valid('json')), 201),
  )
  // Edits, hides/shows (`{ visible }`) and records or withdraws consent.
  .patch('/testimonials/:id', testimonialBody, id(), json(testimonialChangeSchema), async (c) =>
    c.json(await updateTestimonial(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/testimonials/:id', id(), async (c) => {
    await deleteTestimonial(c.req.valid('param').id);
    return c.body(null, 204);
  });
