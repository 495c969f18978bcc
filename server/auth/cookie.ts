import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { env } from '../env.ts';

// SECURITY.md 3.3: HttpOnly, SameSite=Lax, Path=/, an expiry, no Domain; behind https also
// Secure and the __Host- prefix.

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
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
