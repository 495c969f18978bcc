import type { MiddlewareHandler } from 'hono';
import { env } from '../env.ts';
import { HttpError } from '../errors.ts';
import { logSecurityEvent } from '../security-log.ts';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** RFC 8058 one-click unsubscribe: posted by mail clients from anywhere; its URL's token is its authority. */
// Stripe's webhook comes from Stripe, not a browser: its signature is its authority.
const CROSS_SITE_ALLOWED = new Set(['/api/newsletter/unsubscribe', '/api/payments/webhook']);

function originOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF (ASVS 3.5.1, docs/security.md): a state-changing request must name this site in Origin (or, lacking
 * it, Referer). Runs before anything reads the body or the database. hono/csrf is not enough:
 * it only looks at form content types, and JSON requests would pass unchecked.
 */
export const sameOrigin = (): MiddlewareHandler => async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !CROSS_SITE_ALLOWED.has(c.req.path)) {
    const site = env().SITE_URL ?? new URL(c.req.url).origin;
    const origin = originOf(c.req.header('origin')) ?? (c.req.header('origin') ? undefined : originOf(c.req.header('referer')));
    if (origin !== site) {
      logSecurityEvent(c, 'cross_site_refused');
      throw new HttpError(403, CROSS_SITE_MESSAGE);
    }
  }
  await next();
};
