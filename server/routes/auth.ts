import { type Context, Hono } from 'hono';
import { secondFactorSchema, type TwoFactorRequired } from '#src/schemas/account.ts';
import { loginSchema } from '#src/schemas/login.ts';
import { RESET_REQUESTED, type ResetRequested, resetRequestSchema } from '#src/schemas/password-reset.ts';
import type { PublicUser } from '#src/schemas/user.ts';
import { clearChallengeCookie, clearSessionCookie, readChallengeCookie, writeChallengeCookie, writeSessionCookie } from '../auth/cookie.ts';
import { knownDevice, rememberDevice } from '../auth/device-cookie.ts';
import { AUTHENTICATION_REQUIRED } from '../auth/guards.ts';
import { resetConfirmSchema } from '../auth/password-policy.ts';
import { createSession, invalidateSession } from '../auth/session.ts';
import { clientIp } from '../client-ip.ts';
import { HttpError } from '../errors.ts';
import { limitBody } from '../http/body-limits.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { logSecurityEvent } from '../security-log.ts';
import { authenticate, emailDigest } from '../services/auth.ts';
import { confirmPasswordReset, requestPasswordReset } from '../services/password-resets.ts';
import { RateLimitedError } from '../services/rate-limits.ts';
import {
  CHALLENGE_MINUTES,
  CHALLENGE_SPENT,
  challengeAccount,
  completeSecondFactor,
  createLoginChallenge,
  SIGN_IN_EXPIRED,
  type SignInContext,
  signInWithPassword,
} from '../services/sign-in.ts';
import { hasTwoFactor } from '../services/two-factor.ts';
import { findUserById, toPublicUser } from '../services/users.ts';
import { json } from '../validation.ts';

// An e-mail and a password of at most 256 characters, with room to spare; without it a sign-in
// could make the server read 6 MiB (Bun's ceiling) before answering.
const LOGIN_BODY_LIMIT = 16 * 1024;

/** What a sign-in needs to know of the browser: its device cookie for the account, its session, agent and address. */
const signInContext = (c: Context<{ Variables: AuthVariables }>, device: string | null): SignInContext => ({
  newDevice: device === null,
  previousSessionId: c.get('session')?.id ?? null,
  userAgent: c.req.header('user-agent') ?? null,
  ip: clientIp(c),
});

/** A used reset link: the account, and whether it must still sign in with its second factor. */
type ResetConfirmed = { user: PublicUser; twoFactorRequired?: true };

export const authRoutes = new Hono<{ Variables: AuthVariables }>()
  .post('/auth/login', limitBody(LOGIN_BODY_LIMIT), json(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const device = await knownDevice(c, email);
    let user: Awaited<ReturnType<typeof authenticate>>;
    try {
      user = await authenticate(email, password, clientIp(c), device);
    } catch (error) {
      if (error instanceof RateLimitedError) logSecurityEvent(c, 'login_rate_limited', { email: emailDigest(email) });
      else if (error instanceof HttpError) logSecurityEvent(c, 'login_failed', { email: emailDigest(email) });
      throw error;
    }
    // Two-factor sign-in: no session yet, only a challenge for the second step (docs/security.md#two-factor-sign-in).
    if (await hasTwoFactor(user.id)) {
      const challenge = await createLoginChallenge(user.id, readChallengeCookie(c));
      writeChallengeCookie(c, challenge, CHALLENGE_MINUTES * 60);
      logSecurityEvent(c, 'login_second_factor_required', { userId: user.id });
      return c.json<TwoFactorRequired>({ twoFactorRequired: true });
    }
    // A fresh token at every sign-in; a session the browser already had is ended (ASVS 7.2.4, docs/security.md).
    const { token, expiresAt } = await signInWithPassword(user, signInContext(c, device));
    writeSessionCookie(c, token, expiresAt);
    await rememberDevice(c, email, device);
    logSecurityEvent(c, 'login_succeeded', { userId: user.id });
    return c.json({ user: toPublicUser(user) });
  })
  // The second step: the challenge's cookie and a code from the app, or a recovery code.
  .post('/auth/login/second-factor', limitBody(LOGIN_BODY_LIMIT), json(secondFactorSchema), async (c) => {
    const input = c.req.valid('json');
    const challenge = readChallengeCookie(c);
    let opened: Awaited<ReturnType<typeof completeSecondFactor>>;
    let account: Awaited<ReturnType<typeof challengeAccount>>;
    let device: string | null;
    try {
      account = await challengeAccount(challenge);
      device = await knownDevice(c, account.email);
      opened = await completeSecondFactor(challenge!, account, input, signInContext(c, device));
    } catch (error) {
      if (error instanceof HttpError)
        logSecurityEvent(c, error instanceof RateLimitedError ? 'login_rate_limited' : 'second_factor_failed');
      // A challenge that is gone takes its cookie with it: the form asks for the password again.
      if (error instanceof HttpError && (error.message === SIGN_IN_EXPIRED || error.message === CHALLENGE_SPENT)) clearChallengeCookie(c);
      throw error;
    }
    writeSessionCookie(c, opened.token, opened.expiresAt);
    await rememberDevice(c, account.email, device);
    clearChallengeCookie(c);
    logSecurityEvent(c, 'login_succeeded', { userId: account.id });
    return c.json({ user: toPublicUser(await findUserById(account.id)) });
  })
  .post('/auth/logout', async (c) => {
    const session = c.get('session');
    if (session) await invalidateSession(session.id);
    clearSessionCookie(c);
    c.header('Clear-Site-Data', '"cache", "storage"');
    return c.body(null, 204);
  })
  // The same 202 for every address, known or not; the link (if any) is queued after the answer.
  .post('/auth/password-reset', limitBody(LOGIN_BODY_LIMIT), json(resetRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await requestPasswordReset(email, clientIp(c));
    logSecurityEvent(c, 'password_reset_requested', { email: emailDigest(email) });
    return c.json<ResetRequested>({ message: RESET_REQUESTED }, 202);
  })
  // A used link signs the account in afresh: every other session of it has just ended.
  .post('/auth/password-reset/confirm', limitBody(LOGIN_BODY_LIMIT), json(resetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const userId = await confirmPasswordReset(token, password, clientIp(c));
    // The link proves the mailbox, not the second factor: an account with two-factor sign-in signs in afresh.
    if (await hasTwoFactor(userId)) {
      logSecurityEvent(c, 'password_reset_completed', { userId });
      return c.json<ResetConfirmed>({ user: toPublicUser(await findUserById(userId)), twoFactorRequired: true });
    }
    const previous = c.get('session');
    if (previous) await invalidateSession(previous.id);
    const { token: sessionToken, expiresAt } = await createSession(userId, { userAgent: c.req.header('user-agent') });
    writeSessionCookie(c, sessionToken, expiresAt);
    logSecurityEvent(c, 'password_reset_completed', { userId });
    return c.json<ResetConfirmed>({ user: toPublicUser(await findUserById(userId)) });
  })
  .get('/auth/me', (c) => {
    const user = c.get('user');
    if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
    return c.json({ user: toPublicUser(user) });
  });
