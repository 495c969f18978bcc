import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { API_BASES, adminApi, adminUserApi, portalApi, profileImageApi, publicApi, testCaseApi } from './api.ts';
import { socketAddress } from './client-ip.ts';
import { env } from './env.ts';
import { HttpError, isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
import { bodyDeadline } from './http/body-limits.ts';
import { refuseMalformedUrl } from './http/malformed-url.ts';
import { log, requestIdOf } from './log.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { type AuthVariables, loadSession } from './middleware/session.ts';
import { feedRoutes } from './routes/feeds.ts';
import { mediaFileRoutes } from './routes/media-files.ts';
import { ogImageRoutes } from './routes/post-covers.ts';
import { logSecurityEvent } from './security-log.ts';
import { RateLimitedError } from './services/rate-limits.ts';
import { ValidationError } from './validation.ts';

type AppEnv = { Variables: AuthVariables & { socketAddress: string | undefined } };

const FEED_PATHS = new Set(['/rss.xml', '/sitemap.xml', '/robots.txt']);
/** The files of a sitemap index (server/routes/feeds.ts). */
const SITEMAP_FILE = /^\/sitemap-[1-9]\d{0,6}\.xml$/;

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
  // A path or query that decodes to NUL or to no UTF-8 at all: 400 before any route reads it.
  app.use(refuseMalformedUrl());
  app.use(bodyDeadline(() => env().BODY_READ_TIMEOUT_MS));
  app.route('/', feedRoutes);
  app.route('/', ogImageRoutes);
  app.route('/', mediaFileRoutes);

  // Private answers (ASVS 14.3.2, docs/security.md): never stored by a cache, never indexed. The
  // admin's routers say so themselves (server/api.ts).
  app.use('/api/auth/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  });
  app.use('/api/*', sameOrigin());
  app.use('/api/auth/*', loadSession());

  // Admin routers first: each carries its guard, which must run before any public route under
  // the same prefix could answer (/api/auth/admin/* is under /api/auth/*).
  app.route(API_BASES.admin, adminApi);
  app.route(API_BASES.adminUsers, adminUserApi);
  app.route(API_BASES.testCases, testCaseApi);
  app.route(API_BASES.profileImage, profileImageApi);
  app.route(API_BASES.portal, portalApi);
  app.route(API_BASES.public, publicApi);

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
