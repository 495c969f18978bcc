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
