import type { MiddlewareHandler } from 'hono';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/cookie.ts';
import { type SessionInfo, type SessionUser, validateSessionToken } from '../auth/session.ts';

export type AuthVariables = {
  requestId: string;
  user: SessionUser | null;
  session: SessionInfo | null;
  sessionLoaded: boolean;
};

/**
 * Resolves the session cookie into `user` and `session`. An unknown or expired cookie is
 * cleared; a renewed session gets its cookie again. Only mounted where a session matters, so
 * public responses never carry a Set-Cookie.
 */
export const loadSession = (): MiddlewareHandler<{ Variables: AuthVariables }> => async (c, next) => {
  if (!c.get('sessionLoaded')) {
    c.set('sessionLoaded', true);
    c.set('user', null);
    c.set('session', null);
    const token = readSessionCookie(c);
    if (token !== undefined) {
      const result = await validateSessionToken(token);
      if (!result) {
        clearSessionCookie(c);
      } else {
        c.set('user', result.user);
        c.set('session', result.session);
        if (result.session.renewed) writeSessionCookie(c, token, result.session.expiresAt);
      }
    }
  }
  await next();
};
