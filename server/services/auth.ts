import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { User } from '#db/schema.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { HttpError } from '../errors.ts';
import { recordAuditNow } from './audit.ts';
import { clearRateLimit, hitRateLimit, RateLimitedError, releaseRateLimit } from './rate-limits.ts';
import { findUserForLogin, normaliseEmail } from './users.ts';

// ASVS 6.1.1, docs/security.md: 5 attempts in 15 minutes per client IP and per e-mail, counted in Postgres
// before any hashing. Attempts are counted up front (one atomic upsert each), so 20 parallel
// guesses get exactly 5 answers and 15 refusals; a success takes its attempt back.
export const LOGIN_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';

export const tooManyLogins = (minutes: number) => `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** A stable, non-reversible handle for an e-mail in logs and limiter keys. */
export const emailDigest = (email: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(normaliseEmail(email)))).slice(0, 12);

export const loginLimitKeys = (email: string, ip: string) => ({
  ip: `login:ip:${ip}`,
  email: `login:email:${emailDigest(email)}`,
});

/**
 * The user these credentials belong to; 429 past the limit, 401 with one message otherwise.
 * `device`: the browser's id when its device cookie is this e-mail's (server/auth/device-cookie.ts):
 * its attempts are counted for that browser instead of for the e-mail, so guesses from elsewhere
 * never lock it out.
 */
export async function authenticate(email: string, password: string, ip: string, device: string | null = null): Promise<User> {
  const keys = loginLimitKeys(email, ip);
  const account = device ? `login:device:${device}` : keys.email;
  // One counter after the other, not both at once: an attempt counts against the IP only once the
  // e-mail (or the known browser) let it through, so under any interleaving exactly LOGIN_LIMIT
  // attempts reach the hash.
  for (const key of [account, keys.ip]) {
    const hit = await hitRateLimit(key, LOGIN_LIMIT, LOGIN_WINDOW_MS);
    if (!hit.allowed) throw new RateLimitedError(tooManyLogins(Math.ceil(hit.retryAfterSeconds / 60)), hit.retryAfterSeconds);
  }
  const user = await findUserForLogin(email);
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    // The e-mail as typed (and the account's id when there is one), never the password. Attempts
    // refused by the limits above reach no password check and leave no row.
    await recordAuditNow({ action: 'sign_in.failed', actor: { id: user?.id ?? null, email } });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await Promise.all([clearRateLimit(account), releaseRateLimit(keys.ip)]);
  return user;
}

/** Clears the login limits of an e-mail (the operator's reset-password command). */
export async function clearLoginLimit(email: string): Promise<void> {
  await clearRateLimit(`login:email:${emailDigest(email)}`);
}
