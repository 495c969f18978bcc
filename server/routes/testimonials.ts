import { Hono } from 'hono';
import { listTestimonials } from '../services/testimonials.ts';

export const testimonialRoutes = new Hono().get('/testimonials', async (c) => c.json(await listTestimonials()));
