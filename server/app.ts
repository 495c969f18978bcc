import { Hono } from 'hono';
import { HttpError, isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { blogPostRoutes } from './routes/blog-posts.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { RateLimitedError } from './services/rate-limits.ts';
import { ValidationError } from './validation.ts';

type AppEnv = { Variables: { requestId: string } };

/** The API under /api: every error answers `{ message }` as JSON (ARCHITECTURE: one error contract). */
export function createApp() {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(async (c, next) => {
    c.set('requestId', crypto.randomUUID());
    await next();
  });
  app.use(sameOrigin());

  app.route('/', healthRoutes);
  app.route('/', blogPostRoutes);
  app.route('/', categoryRoutes);
  app.route('/', testimonialRoutes);
  app.route('/', contactRoutes);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  app.onError((error, c) => {
    if (error instanceof ValidationError) {
      return c.json(error.field ? { message: error.message, field: error.field } : { message: error.message }, 400);
    }
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    if (isUniqueViolation(error)) return c.json({ message: 'Already exists' }, 409);
    if (isDatabaseUnavailable(error)) return c.json({ message: 'Database unavailable' }, 503);
    const requestId = c.get('requestId');
    console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(error) }));
    return c.json({ message: 'Internal server error', requestId }, 500);
  });

  return app;
}

export const app = createApp();
