import { sessionTokenFromHeader } from '../auth/cookie.ts';
import { type SessionUser, validateSessionToken } from '../auth/session.ts';

export type { SessionUser };

/** A page request's session: its user, its id (the account page marks it) and whether two-factor setup is owed. */
export interface PageSession {
  user: SessionUser;
  sessionId: string;
  mustSetUpTwoFactor: boolean;
}

/** The signed-in session of a page request, from its Cookie header (pages never renew: no Set-Cookie). */
export async function getPageSession(cookieHeader: string | null): Promise<PageSession | null> {
  const token = sessionTokenFromHeader(cookieHeader);
  if (token === undefined) return null;
  const result = await validateSessionToken(token, { renew: false });
  return result ? { user: result.user, sessionId: result.session.id, mustSetUpTwoFactor: result.session.mustSetUpTwoFactor } : null;
}
