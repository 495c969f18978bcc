import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../errors.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { logSecurityEvent } from '../security-log.ts';
import type { SessionUser } from './session.ts';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const ADMIN_REQUIRED = 'Admin privileges required';

/**
 * Every path an admin must be signed in for (ASVS 8.2.1, docs/security.md). The app mounts the guard on
 * these patterns before any route, so a route added under them cannot skip the check; the
 * route-table test proves every other route is on the public allowlist.
 */
export const ADMIN_API_PATTERNS = ['/api/admin/*', '/api/auth/admin/*', '/api/test-cases/*', '/api/upload-profile-image'] as const;

/** 401 when signed out, 403 when signed in without the admin role. */
export function assertAdmin(user: SessionUser | null): asserts user is SessionUser {
  if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  if (user.role !== 'admin') throw new HttpError(403, ADMIN_REQUIRED);
}

export const requireAdmin = (): MiddlewareHandler<{ Variables: AuthVariables }> => async (c, next) => {
  const user = c.get('user');
  if (user?.role !== 'admin') logSecurityEvent(c, user ? 'forbidden' : 'unauthenticated');
  assertAdmin(user);
  await next();
};
