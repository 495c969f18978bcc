import { Hono } from 'hono';
import { loginSchema } from '../../src/schemas/login.ts';
import { RESET_REQUESTED, type ResetRequested, resetConfirmSchema, resetRequestSchema } from '../../src/schemas/password-reset.ts';
import { clearSessionCookie, writeSessionCookie } from '../auth/cookie.ts';
import { knownDevice, rememberDevice } from '../auth/device-cookie.ts';
import { AUTHENTICATION_REQUIRED } from '../auth/guards.ts';
import { createSession, invalidateSession } from '../auth/session.ts';
import { clientIp } from '../client-ip.ts';
import { HttpError } from '../errors.ts';
import { limitBody } from '../http/body-limits.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { logSecurityEvent } from '../security-log.ts';
import { authenticate, emailDigest } from '../services/auth.ts';
import { confirmPasswordReset, requestPasswordReset } from '../services/password-resets.ts';
import { RateLimitedError } from '../services/rate-limits.ts';
import { findUserById, toPublicUser } from '../services/users.ts';
import { readJson } from '../validation.ts';

// An e-mail and a password of at most 256 characters, with room to spare; without it a sign-in
// could make the server read 6 MiB (Bun's ceiling) before answering.
const LOGIN_BODY_LIMIT = 16 * 1024;

export const authRoutes = new Hono<{ Variables: AuthVariables }>()
  .post('/auth/login', limitBody(LOGIN_BODY_LIMIT), async (c) => {
    const { email, password } = await readJson(c, loginSchema);
    const device = await knownDevice(c, email);
    let user: Awaited<ReturnType<typeof authenticate>>;
    try {
      user = await authenticate(email, password, clientIp(c), device);
    } catch (error) {
      if (error instanceof RateLimitedError) logSecurityEvent(c, 'login_rate_limited', { email: emailDigest(email) });
      else if (error instanceof HttpError) logSecurityEvent(c, 'login_failed', { email: emailDigest(email) });
      throw error;
    }
    // A fresh token at every sign-in; a session the browser already had is ended (ASVS 7.2.4, docs/security.md).
    const previous = c.get('session');
    if (previous) await invalidateSession(previous.id);
    const { token, expiresAt } = await createSession(user.id);
    writeSessionCookie(c, token, expiresAt);
    await rememberDevice(c, email, device);
    logSecurityEvent(c, 'login_succeeded', { userId: user.id });
    return c.json({ user: toPublicUser(user) });
  })
  .post('/auth/logout', async (c) => {
    const session = c.get('session');
    if (session) await invalidateSession(session.id);
    clearSessionCookie(c);
    c.header('Clear-Site-Data', '"cache", "storage"');
    return c.body(null, 204);
  })
  // The same 202 for every address, known or not; the link (if any) is queued after the answer.
  .post('/auth/password-reset', limitBody(LOGIN_BODY_LIMIT), async (c) => {
    const { email } = await readJson(c, resetRequestSchema);
    await requestPasswordReset(email, clientIp(c));
    logSecurityEvent(c, 'password_reset_requested', { email: emailDigest(email) });
    return c.json<ResetRequested>({ message: RESET_REQUESTED }, 202);
  })
  // A used link signs the account in afresh: every other session of it has just ended.
  .post('/auth/password-reset/confirm', limitBody(LOGIN_BODY_LIMIT), async (c) => {
    const { token, password } = await readJson(c, resetConfirmSchema);
    const userId = await confirmPasswordReset(token, password);
    const previous = c.get('session');
    if (previous) await invalidateSession(previous.id);
    const { token: sessionToken, expiresAt } = await createSession(userId);
    writeSessionCookie(c, sessionToken, expiresAt);
    logSecurityEvent(c, 'password_reset_completed', { userId });
    return c.json({ user: toPublicUser(await findUserById(userId)) });
  })
  .get('/auth/me', (c) => {
    const user = c.get('user');
    if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
    return c.json({ user: toPublicUser(user) });
  });
