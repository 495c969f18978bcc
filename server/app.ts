import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { ADMIN_API_PATTERNS, requireAdmin } from './auth/guards.ts';
import { socketAddress } from './client-ip.ts';
import { env } from './env.ts';
import { HttpError, isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
import { bodyDeadline } from './http/body-limits.ts';
import { log, requestIdOf } from './log.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { type AuthVariables, loadSession } from './middleware/session.ts';
import { adminAccountRoutes } from './routes/admin/account.ts';
import { adminAnalyticsRoutes } from './routes/admin/analytics.ts';
import { adminAuditRoutes } from './routes/admin/audit.ts';
import { adminBacklogRoutes } from './routes/admin/backlog.ts';
import { adminBlogPostRoutes } from './routes/admin/blog-posts.ts';
import { adminBookingRoutes } from './routes/admin/booking.ts';
import { adminCategoryRoutes } from './routes/admin/categories.ts';
import { adminContactMessageRoutes } from './routes/admin/contact-messages.ts';
import { adminMediaRoutes } from './routes/admin/media.ts';
import { adminNewsletterRoutes } from './routes/admin/newsletters.ts';
import { adminOutboxRoutes } from './routes/admin/outbox.ts';
import { adminPostRevisionRoutes } from './routes/admin/post-revisions.ts';
import { adminPrivacyRoutes } from './routes/admin/privacy.ts';
import { adminScheduleRoutes } from './routes/admin/schedule.ts';
import { adminSettingsRoutes } from './routes/admin/settings.ts';
import { adminSubscriberRoutes } from './routes/admin/subscribers.ts';
import { adminTestCaseRoutes } from './routes/admin/test-cases.ts';
import { adminTestimonialRoutes } from './routes/admin/testimonials.ts';
import { adminUserRoutes } from './routes/admin/users.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { blogPostRoutes } from './routes/blog-posts.ts';
import { bookingRoutes } from './routes/booking.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contactRoutes } from './routes/contact.ts';
import { feedRoutes } from './routes/feeds.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaFileRoutes } from './routes/media-files.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { ogImageRoutes, postCoverRoutes } from './routes/post-covers.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { logSecurityEvent } from './security-log.ts';
import { RateLimitedError } from './services/rate-limits.ts';
import { ValidationError } from './validation.ts';

type AppEnv = { Variables: AuthVariables & { socketAddress: string | undefined } };

const FEED_PATHS = new Set(['/rss.xml', '/sitemap.xml', '/robots.txt']);
/** The files of a sitemap index (server/routes/feeds.ts). */
const SITEMAP_FILE = /^\/sitemap-[1-9]\d{0,6}\.xml$/;
const PRIVATE_API_PATTERNS = ['/api/auth/*', ...ADMIN_API_PATTERNS];

/** Whether a request path belongs to this app rather than to Waku's pages. */
export const isAppPath = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  FEED_PATHS.has(path) ||
  SITEMAP_FILE.test(path) ||
  path.startsWith('/og/') ||
  path.startsWith('/media/');

/**
 * The API under /api and the feeds at the root. Checks run in the order of docs/security.md:
 * Origin, then session, then role, before any route reads its body. Every error answers
 * `{ message }` as JSON (ARCHITECTURE: one error contract).
 */
export function createApp() {
  const app = new Hono<AppEnv>();
  // Lets the audit log find the request's user and address (server/http/request-actor.ts).
  app.use(contextStorage());
  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.raw) ?? crypto.randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    // Taken before anything replaces c.req.raw: Bun knows the socket only of its own Request.
    c.set('socketAddress', socketAddress(c));
    await next();
  });
  app.use(bodyDeadline(() => env().BODY_READ_TIMEOUT_MS));
  app.route('/', feedRoutes);
  app.route('/', ogImageRoutes);
  app.route('/', mediaFileRoutes);

  // Private answers (ASVS 14.3.2, docs/security.md): never stored by a cache, never indexed.
  for (const pattern of PRIVATE_API_PATTERNS) {
    app.use(pattern, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
    });
  }
  app.use('/api/*', sameOrigin());
  app.use('/api/auth/*', loadSession());
  for (const pattern of ADMIN_API_PATTERNS) app.use(pattern, loadSession(), requireAdmin());

  app.route('/api', healthRoutes);
  app.route('/api', blogPostRoutes);
  app.route('/api', categoryRoutes);
  app.route('/api', testimonialRoutes);
  app.route('/api', postCoverRoutes);
  app.route('/api', contactRoutes);
  app.route('/api', analyticsRoutes);
  app.route('/api', newsletterRoutes);
  app.route('/api', bookingRoutes);
  app.route('/api', authRoutes);
  app.route('/api', uploadRoutes);
  app.route('/api/auth/admin', adminUserRoutes);
  app.route('/api/admin', adminBlogPostRoutes);
  app.route('/api/admin', adminPostRevisionRoutes);
  app.route('/api/admin', adminContactMessageRoutes);
  app.route('/api/admin', adminSubscriberRoutes);
  app.route('/api/test-cases', adminTestCaseRoutes);
  app.route('/api/admin', adminBacklogRoutes);
  app.route('/api/admin', adminCategoryRoutes);
  app.route('/api/admin', adminTestimonialRoutes);
  app.route('/api/admin', adminMediaRoutes);
  app.route('/api/admin', adminScheduleRoutes);
  app.route('/api/admin', adminAnalyticsRoutes);
  app.route('/api/admin', adminOutboxRoutes);
  app.route('/api/admin', adminNewsletterRoutes);
  app.route('/api/admin', adminSettingsRoutes);
  app.route('/api/admin', adminBookingRoutes);
  app.route('/api/admin', adminPrivacyRoutes);
  app.route('/api/admin', adminAccountRoutes);
  app.route('/api/admin', adminAuditRoutes);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  app.onError((error, c) => {
    if (error instanceof ValidationError) {
      return c.json(error.field ? { message: error.message, field: error.field } : { message: error.message }, 400);
    }
    if (error instanceof RateLimitedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      logSecurityEvent(c, 'rate_limited');
    }
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    if (isUniqueViolation(error)) return c.json({ message: 'Already exists' }, 409);
    if (isDatabaseUnavailable(error)) return c.json({ message: 'Database unavailable' }, 503);
    const requestId = c.get('requestId');
    log('error', 'unexpected_error', { requestId, path: c.req.path, error: String(error) });
    return c.json({ message: 'Internal server error', requestId }, 500);
  });

  return app;
}

export const app = createApp();
