import { atom } from 'jotai';
import { ApiError, api } from '../../lib/api-client.ts';
import type { PublicUser } from '../../schemas/user.ts';

// Spec §9: the signed-in user is cached on the client for 5 minutes; a failed fetch counts as
// signed out. Logout drops it with every other cached admin state (the page is left entirely).
export const SESSION_CACHE_MS = 5 * 60 * 1000;

interface CachedUser {
  user: PublicUser | null;
  fetchedAt: number;
}

export const cachedUserAtom = atom<CachedUser | null>(null);

/** The signed-in user, from the cache while it is fresh, else from GET /api/auth/me (not retried). */
export async function fetchCurrentUser(cached: CachedUser | null, now = Date.now()): Promise<CachedUser> {
  if (cached && now - cached.fetchedAt < SESSION_CACHE_MS) return cached;
  try {
    const { user } = await api.get<{ user: PublicUser }>('/api/auth/me');
    return { user, fetchedAt: now };
  } catch (error) {
    if (error instanceof ApiError || error instanceof TypeError) return { user: null, fetchedAt: now };
    throw error;
  }
}
