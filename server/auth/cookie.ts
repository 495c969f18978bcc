import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { env } from '../env.ts';

// The session cookie: HttpOnly, SameSite=Lax, Path=/, an expiry, no Domain; behind https also
// Secure and the __Host- prefix (docs/security.md#sessions).

const isHttps = () => env().SITE_URL?.startsWith('https://') ?? false;

export const sessionCookieName = () => (isHttps() ? '__Host-session' : 'session');

export const readSessionCookie = (c: Context) => getCookie(c, sessionCookieName());

export function writeSessionCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(), token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(), expires: expiresAt });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, sessionCookieName(), { path: '/', secure: isHttps(), httpOnly: true, sameSite: 'Lax' });
}

/** Reads the session token from a raw Cookie header (server components have no Hono context). */
export function sessionTokenFromHeader(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName();
  return parse(cookieHeader, name)[name];
}

// The sign-in's second step (docs/security.md#two-factor-sign-in): the login challenge's token, sent
// only to /api/auth, for 5 minutes. `__Secure-` behind https (`__Host-` would need Path=/).
const challengeCookieName = () => (isHttps() ? '__Secure-login_challenge' : 'login_challenge');
const CHALLENGE_PATH = '/api/auth';

export const readChallengeCookie = (c: Context) => getCookie(c, challengeCookieName());

export function writeChallengeCookie(c: Context, token: string, maxAgeSeconds: number) {
  setCookie(c, challengeCookieName(), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: CHALLENGE_PATH,
    secure: isHttps(),
    maxAge: maxAgeSeconds,
  });
}

export function clearChallengeCookie(c: Context) {
  deleteCookie(c, challengeCookieName(), { path: CHALLENGE_PATH, secure: isHttps(), httpOnly: true, sameSite: 'Lax' });
}

// The client portal's session (issue 36 §1): another cookie than the admin's, so neither session
// is ever read as the other. The same attributes, `__Host-` behind https.
const portalCookieName = () => (isHttps() ? '__Host-portal' : 'portal');

export const readPortalCookie = (c: Context) => getCookie(c, portalCookieName());

export function writePortalCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, portalCookieName(), token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(), expires: expiresAt });
}

export function clearPortalCookie(c: Context) {
  deleteCookie(c, portalCookieName(), { path: '/', secure: isHttps(), httpOnly: true, sameSite: 'Lax' });
}
