import { sessionTokenFromHeader } from '../auth/cookie.ts';
import { type SessionUser, validateSessionToken } from '../auth/session.ts';

export type { SessionUser };

/** The signed-in user of a page request, from its Cookie header (pages never renew: no Set-Cookie). */
export async function getSessionUser(cookieHeader: string | null): Promise<SessionUser | null> {
  const token = sessionTokenFromHeader(cookieHeader);
  if (token === undefined) return null;
  return (await validateSessionToken(token, { renew: false }))?.user ?? null;
}
