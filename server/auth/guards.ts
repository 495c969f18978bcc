import type { MiddlewareHandler } from 'hono';
import { TWO_FACTOR_SETUP_REQUIRED } from '#src/schemas/account.ts';
import { HttpError } from '../errors.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { logSecurityEvent } from '../security-log.ts';
import type { SessionUser } from './session.ts';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const ADMIN_REQUIRED = 'Admin privileges required';

/** The account API: reachable while an admin still has to set up two-factor sign-in. */
export const ACCOUNT_API_PREFIX = '/api/admin/account';

const isAccountApi = (path: string) => path === ACCOUNT_API_PREFIX || path.startsWith(`${ACCOUNT_API_PREFIX}/`);

/** 401 when signed out, 403 when signed in without the admin role. */
export function assertAdmin(user: SessionUser | null): asserts user is SessionUser {
  if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  if (user.role !== 'admin') throw new HttpError(403, ADMIN_REQUIRED);
}

export const requireAdmin = (): MiddlewareHandler<{ Variables: AuthVariables }> => async (c, next) => {
  const user = c.get('user');
  if (user?.role !== 'admin') logSecurityEvent(c, user ? 'forbidden' : 'unauthenticated');
  assertAdmin(user);
  // The owner requires two factors and this admin has none: only the account page's API answers
  // (docs/security.md#two-factor-sign-in).
  if (c.get('session')?.mustSetUpTwoFactor && !isAccountApi(c.req.path)) throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED);
  await next();
};
