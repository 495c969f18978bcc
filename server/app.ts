import { Hono } from 'hono';
import { HttpError, isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { blogPostRoutes } from './routes/blog-posts.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contactRoutes } from './routes/contact.ts';
import { feedRoutes } from './routes/feeds.ts';
import { postCoverRoutes } from './routes/post-covers.ts';
import { healthRoutes } from './routes/health.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { RateLimitedError } from './services/rate-limits.ts';
import { ValidationError } from './validation.ts';

type AppEnv = { Variables: { requestId: string } };

const FEED_PATHS = new Set(['/rss.xml', '/sitemap.xml', '/robots.txt']);

/** Whether a request path belongs to this app rather than to Waku's pages. */
export const isAppPath = (path: string) => path === '/api' || path.startsWith('/api/') || FEED_PATHS.has(path);

/** The API under /api and the feeds at the root: every error answers `{ message }` as JSON (ARCHITECTURE). */
export function createApp() {
  const api = new Hono<AppEnv>()
    .use(sameOrigin())
    .route('/', healthRoutes)
    .route('/', blogPostRoutes)
    .route('/', categoryRoutes)
    .route('/', testimonialRoutes)
    .route('/', postCoverRoutes)
    .route('/', contactRoutes);

  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('requestId', crypto.randomUUID());
    await next();
  });
  app.route('/', feedRoutes);
  app.route('/api', api);

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
