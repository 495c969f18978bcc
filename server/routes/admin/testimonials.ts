import { Hono } from 'hono';
import { newTestimonialSchema, reorderTestimonialsSchema, testimonialChangeSchema } from '../../../src/schemas/testimonial.ts';
import { limitBody } from '../../http/body-limits.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listAdminTestimonials,
  reorderTestimonials,
  updateTestimonial,
} from '../../services/testimonials.ts';
import { idParam, readJson } from '../../validation.ts';

// A testimonial is a few kilobytes at most, even with every character escaped.
const testimonialBody = limitBody(64 * 1024);
// Roomy enough that an over-long order is refused by the schema with a 400 naming `order`.
const reorderBody = limitBody(256 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminTestimonialRoutes = new Hono()
  .get('/testimonials', async (c) => c.json(await listAdminTestimonials()))
  // Before the /:id routes, so "reorder" is never read as an id.
  .post('/testimonials/reorder', reorderBody, async (c) => {
    const { order } = await readJson(c, reorderTestimonialsSchema);
    return c.json(await reorderTestimonials(order));
  })
  .post('/testimonials', testimonialBody, async (c) => c.json(await createTestimonial(await readJson(c, newTestimonialSchema)), 201))
  // Edits, hides/shows (`{ visible }`) and records or withdraws consent.
  .patch('/testimonials/:id', testimonialBody, async (c) => {
    const id = idParam(c);
    return c.json(await updateTestimonial(id, await readJson(c, testimonialChangeSchema)));
  })
  .delete('/testimonials/:id', async (c) => {
    await deleteTestimonial(idParam(c));
    return c.body(null, 204);
  });
