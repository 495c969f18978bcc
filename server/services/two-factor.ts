import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { recoveryCodes, siteSettings, users, userTotp } from '#db/schema.ts';
import type { AccountOverview, ReauthenticationInput, TwoFactorSetup, TwoFactorStatus } from '#src/schemas/account.ts';
import { verifyPassword } from '../auth/password.ts';
import { REQUIRE_TWO_FACTOR_KEY, type SessionUser } from '../auth/session.ts';
import { matchTotpStep, newRecoveryCodes, newTotpSecret, qrCodeDataUrl, recoveryCodeHash, totpUri } from '../auth/totp.ts';
import { database } from '../db.ts';
import { conflict, HttpError } from '../errors.ts';
import { twoFactorDisabledEmail } from '../mail/account-templates.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { ValidationError } from '../validation.ts';
import { recordAudit } from './audit.ts';
import { LOGIN_LIMIT, LOGIN_WINDOW_MS } from './auth.ts';
import { hitRateLimit, RateLimitedError, releaseRateLimit } from './rate-limits.ts';
import { endUserSessions, listSessions } from './sessions.ts';
import { mailBrand } from './settings.ts';

// Two-factor sign-in on the account page (docs/security.md#two-factor-sign-in): a TOTP secret set
// up and confirmed by a first code, ten recovery codes stored as hashes, and the owner's switch
// that requires it of every admin. Turning it on or off ends the account's other sessions.

export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on';
export const SETUP_NOT_STARTED = 'Start the setup again: it was not found';
export const WRONG_CODE = 'That code is not right. Enter the newest code your app shows.';
export const WRONG_PROOF = 'That password or code is not right';
export const REQUIRED_FOR_ALL = 'Two-factor sign-in is required for every admin of this site, so it cannot be turned off';
export const OWNER_ONLY = 'Only the owner can change this';
export const OWNER_FIRST = 'Turn on two-factor sign-in for your own account first';
export const tooManyProofs = (minutes: number) => `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Whether the owner requires two factors of every admin (site_settings, key `requireTwoFactor`). */
export async function readRequireTwoFactor(): Promise<boolean> {
  const db = await database();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, REQUIRE_TWO_FACTOR_KEY));
  return row?.value === true;
}

/** The owner's switch. Turning it on needs the owner's own two factors first, so nobody is left without a way in. */
export async function setRequireTwoFactor(actor: Pick<SessionUser, 'id' | 'isOwner'>, required: boolean): Promise<boolean> {
  if (!actor.isOwner) throw new HttpError(403, OWNER_ONLY);
  if (required && !(await twoFactorStatus(actor.id)).enabled) throw conflict(OWNER_FIRST);
  const before = await readRequireTwoFactor();
  if (before === required) return required;
  const db = await database();
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: REQUIRE_TWO_FACTOR_KEY, value: required })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: required, updatedAt: new Date() } });
    await recordAudit(tx, {
      action: 'settings.changed',
      target: { type: 'settings', id: 'site' },
      details: { [REQUIRE_TWO_FACTOR_KEY]: { from: before, to: required } },
    });
  });
  return required;
}

export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const db = await database();
  const [[totp], [codes]] = await Promise.all([
    db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const enabledAt = totp?.confirmedAt ?? null;
  return { enabled: enabledAt !== null, enabledAt: enabledAt?.toISOString() ?? null, recoveryCodesLeft: enabledAt ? (codes?.n ?? 0) : 0 };
}

/** Whether the account signs in with a second factor. */
export async function hasTwoFactor(userId: number): Promise<boolean> {
  const db = await database();
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return row !== undefined;
}

/** Everything the account page shows. */
export async function accountOverview(
  user: Pick<SessionUser, 'id' | 'email' | 'isOwner'>,
  sessionId: string | null,
): Promise<AccountOverview> {
  const [twoFactor, requireTwoFactor, sessions] = await Promise.all([
    twoFactorStatus(user.id),
    readRequireTwoFactor(),
    listSessions(user.id, sessionId),
  ]);
  return { email: user.email, isOwner: user.isOwner, twoFactor, requireTwoFactor, sessions };
}

/**
 * Spends a TOTP code of the account inside `tx`: true when it is right for now (± one step) and
 * later than the last one accepted, which it then becomes. The row is locked, so a code raced
 * through two requests is accepted once.
 */
export async function spendTotpCode(tx: Database, userId: number, code: string, { confirmed = true } = {}): Promise<boolean> {
  const [row] = await tx
    .select({ secret: userTotp.secret, lastUsedStep: userTotp.lastUsedStep, confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .for('update');
  if (!row || (row.confirmedAt !== null) !== confirmed) return false;
  const step = matchTotpStep(row.secret, code, row.lastUsedStep);
  if (step === null) return false;
  await tx.update(userTotp).set({ lastUsedStep: step }).where(eq(userTotp.userId, userId));
  return true;
}

/** Replaces the account's recovery codes with ten new ones; returns them (the only time they are seen). */
async function replaceRecoveryCodes(tx: Database, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** 'Set up two-factor sign-in': a new secret (replacing an unconfirmed one), its URI and QR code. */
export async function startTwoFactorSetup(user: Pick<SessionUser, 'id' | 'email'>): Promise<TwoFactorSetup> {
  const brand = await mailBrand();
  const db = await database();
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ confirmedAt: userTotp.confirmedAt })
      .from(userTotp)
      .where(eq(userTotp.userId, user.id))
      .for('update');
    if (existing?.confirmedAt) throw conflict(TWO_FACTOR_ALREADY_ON);
    await tx
      .insert(userTotp)
      .values({ userId: user.id, secret })
      .onConflictDoUpdate({ target: userTotp.userId, set: { secret, confirmedAt: null, lastUsedStep: null, createdAt: new Date() } });
  });
  const uri = totpUri(brand.name, user.email, secret);
  return { secret, uri, qrCode: qrCodeDataUrl(uri) };
}

/**
 * The first code confirms the setup: two-factor sign-in is on, ten recovery codes are made (and
 * returned, once), and every other session of the account ends.
 */
export async function confirmTwoFactor(user: Pick<SessionUser, 'id'>, code: string, currentSessionId: string): Promise<string[]> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, user.id)).for('update');
    if (!row) throw conflict(SETUP_NOT_STARTED);
    if (row.confirmedAt) throw conflict(TWO_FACTOR_ALREADY_ON);
    if (!(await spendTotpCode(tx, user.id, code, { confirmed: false }))) throw new ValidationError(WRONG_CODE, 'code');
    await tx.update(userTotp).set({ confirmedAt: sql`now()` }).where(eq(userTotp.userId, user.id));
    const codes = await replaceRecoveryCodes(tx, user.id);
    await endUserSessions(tx, user.id, 'two_factor_enabled', { except: currentSessionId });
    await recordAudit(tx, { action: 'two_factor.enabled', target: { type: 'user', id: user.id } });
    return codes;
  });
}

/**
 * Checks the password of a change that needs it, before its transaction (argon2 is slow), counted
 * like sign-ins: 5 wrong in 15 minutes per account, then 429. A code is checked (and spent) inside
 * the change's transaction by `spendTotpCode`; it is counted here too.
 */
async function checkProof(userId: number, proof: ReauthenticationInput): Promise<() => Promise<void>> {
  const key = `reauth:user:${userId}`;
  const hit = await hitRateLimit(key, LOGIN_LIMIT, LOGIN_WINDOW_MS);
  if (!hit.allowed) throw new RateLimitedError(tooManyProofs(Math.ceil(hit.retryAfterSeconds / 60)), hit.retryAfterSeconds);
  if (proof.password !== undefined) {
    const db = await database();
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(proof.password, row.passwordHash))) throw new ValidationError(WRONG_PROOF, 'password');
  }
  return () => releaseRateLimit(key);
}

const proofField = (proof: ReauthenticationInput) => (proof.password !== undefined ? 'password' : 'code');

/**
 * 'Turn off two-factor sign-in', with the current password or a code: the secret and the recovery
 * codes are deleted, every other session of the account ends, and the account is told by email.
 */
export async function disableTwoFactor(
  user: Pick<SessionUser, 'id' | 'email'>,
  proof: ReauthenticationInput,
  currentSessionId: string,
): Promise<void> {
  if (await readRequireTwoFactor()) throw conflict(REQUIRED_FOR_ALL);
  if (!(await hasTwoFactor(user.id))) throw conflict(TWO_FACTOR_NOT_ON);
  const proven = await checkProof(user.id, proof);
  const brand = await mailBrand();
  const db = await database();
  await db.transaction(async (tx) => {
    if (proof.code !== undefined && !(await spendTotpCode(tx, user.id, proof.code))) throw new ValidationError(WRONG_PROOF, 'code');
    const removed = await tx.delete(userTotp).where(eq(userTotp.userId, user.id)).returning({ userId: userTotp.userId });
    if (removed.length === 0) throw conflict(TWO_FACTOR_NOT_ON);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await endUserSessions(tx, user.id, 'two_factor_disabled', { except: currentSessionId });
    await enqueueEmail(tx, { kind: 'two_factor_disabled', to: user.email, ...twoFactorDisabledEmail(brand) });
    await recordAudit(tx, {
      action: 'two_factor.disabled',
      target: { type: 'user', id: user.id },
      details: { confirmedWith: proofField(proof) },
    });
  });
  await proven();
}

/** 'Make new recovery codes', with the current password or a code: the old ones stop working. */
export async function regenerateRecoveryCodes(user: Pick<SessionUser, 'id'>, proof: ReauthenticationInput): Promise<string[]> {
  if (!(await hasTwoFactor(user.id))) throw conflict(TWO_FACTOR_NOT_ON);
  const proven = await checkProof(user.id, proof);
  const db = await database();
  const codes = await db.transaction(async (tx) => {
    if (proof.code !== undefined && !(await spendTotpCode(tx, user.id, proof.code))) throw new ValidationError(WRONG_PROOF, 'code');
    return replaceRecoveryCodes(tx, user.id);
  });
  await proven();
  return codes;
}
