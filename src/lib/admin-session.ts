import { unstable_getContext, unstable_getContextData } from 'waku/server';
import { getPageSession, type SessionUser } from '#server/services/session-user.ts';

export type AdminAccess =
  | { state: 'signed-out' }
  | { state: 'forbidden'; user: SessionUser }
  | {
      state: 'admin';
      user: SessionUser;
      /** The session's id, for the account page to mark "This browser". */
      sessionId: string;
      /** The owner requires two factors and this admin has none: only /admin/account opens. */
      mustSetUpTwoFactor: boolean;
    };

const KEY = 'adminAccess';

/**
 * Who is asking for an admin page, resolved once per request and shared by the layout (which
 * redirects or denies) and the page (which fetches nothing unless the answer is 'admin').
 */
export function adminAccess(): Promise<AdminAccess> {
  const data = unstable_getContextData();
  const cached = data[KEY] as Promise<AdminAccess> | undefined;
  if (cached) return cached;
  const access = getPageSession(unstable_getContext().req.headers.get('cookie')).then((session): AdminAccess => {
    if (!session) return { state: 'signed-out' };
    const { user, sessionId, mustSetUpTwoFactor } = session;
    return user.role === 'admin' ? { state: 'admin', user, sessionId, mustSetUpTwoFactor } : { state: 'forbidden', user };
  });
  data[KEY] = access;
  return access;
}

/** The signed-in admin, or null: every admin page calls this before it reads any data. */
export async function currentAdmin(): Promise<SessionUser | null> {
  const access = await adminAccess();
  return access.state === 'admin' ? access.user : null;
}
