import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { env } from '../env.ts';
import { appSecretKey } from '../services/app-secrets.ts';
import { normaliseEmail } from '../services/users.ts';

// OWASP's "device cookies" against online guessing (docs/security.md#rate-limits): a browser that
// has signed in to an account carries a signed, HttpOnly cookie naming that browser and bound to
// the account's e-mail. Its sign-ins are counted on their own, so wrong passwords sent for the
// e-mail from anywhere else can never lock the coach's own browser out; its own wrong passwords
// are still limited.

const KEY_NAME = 'device-cookie-hmac';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const isHttps = () => env().SITE_URL?.startsWith('https://') ?? false;
/** The admin's sign-in and the client portal's each have their own (a client's never names an admin). */
export type DeviceKind = 'admin' | 'portal';
const NAMES: Record<DeviceKind, string> = { admin: 'device', portal: 'portal_device' };
const cookieName = (kind: DeviceKind) => (isHttps() ? `__Host-${NAMES[kind]}` : NAMES[kind]);

/** Signed with the kind's name too: a portal device cookie never passes as an admin's. */
const signature = (key: Uint8Array, email: string, device: string, kind: DeviceKind) =>
  hmac(SHA256, key, new TextEncoder().encode(`${NAMES[kind]}:${normaliseEmail(email)}:${device}`)).slice(0, 16);

/** The browser's id when it carries a device cookie for this e-mail, else null (none, forged, or another account's). */
export async function knownDevice(c: Context, email: string, kind: DeviceKind = 'admin'): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(getCookie(c, cookieName(kind)) ?? '');
  if (!match) return null;
  const [, device, given] = match as unknown as [string, string, string];
  const expected = signature(await appSecretKey(KEY_NAME), email, device, kind);
  return constantTimeEqual(decodeBase64urlIgnorePadding(given), expected) ? device : null;
}

/** After a sign-in: the browser keeps (or gets) its device cookie for this account, for a year. */
export async function rememberDevice(c: Context, email: string, device: string | null, kind: DeviceKind = 'admin'): Promise<void> {
  const id = device ?? encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  const value = `${id}.${encodeBase64urlNoPadding(signature(await appSecretKey(KEY_NAME), email, id, kind))}`;
  setCookie(c, cookieName(kind), value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(), maxAge: ONE_YEAR_S });
}
