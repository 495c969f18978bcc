import { asc, eq } from 'drizzle-orm';
import { type User, users } from '#db/schema.ts';
import type { PublicUser, UserRole } from '#src/schemas/user.ts';
import { hashPassword } from '../auth/password.ts';
import { database } from '../db.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordChangedEmail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { endUserSessions } from './sessions.ts';
import { mailBrand } from './settings.ts';

// docs/decisions.md (protected user): the owner is never deleted or demoted, nobody deletes themselves,
// and the last admin stays.
export const OWNER_PROTECTED = 'The owner account cannot be deleted or demoted';
export const OWNER_ONLY = 'Only the owner can change the owner’s password or profile';
export const SELF_DELETE = 'You cannot delete your own account';
export const LAST_ADMIN = 'At least one admin must remain';
export const DUPLICATE_EMAIL = 'A user with this email already exists';
export const USER_NOT_FOUND = 'User not found';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type UserRow = Pick<User, 'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'profileImageUrl' | 'createdAt'>;

/** Exactly the public keys (ASVS 15.3.1, docs/security.md): never the hash or the owner flag. */
export const toPublicUser = (user: UserRow): PublicUser => ({
  id: user.id,
  email: user.email,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  createdAt: user.createdAt.toISOString(),
});

const publicColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
};

export async function listUsers(): Promise<PublicUser[]> {
  const db = await database();
  const rows = await db.select(publicColumns).from(users).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toPublicUser);
}

/** The owner's id, so the admin screen can explain why its actions are disabled. */
export async function getOwnerId(): Promise<number | null> {
  const db = await database();
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.isOwner, true));
  return owner?.id ?? null;
}

/** The user with this e-mail (compared case-insensitively), with the hash, for sign-in only. */
export async function findUserForLogin(email: string): Promise<User | null> {
  const db = await database();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return user ?? null;
}

export interface NewUser {
  email: string;
  password: string;
  role: UserRole;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export async function createUser(input: NewUser): Promise<PublicUser> {
  const db = await database();
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw conflict(DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...input, email, passwordHash })
        .returning(publicColumns);
      await recordAudit(tx, { action: 'user.created', target: { type: 'user', id: created!.id }, details: { email, role: created!.role } });
      return created!;
    });
    return toPublicUser(row);
  } catch (error) {
    // Two creates racing past the check above: the unique index decides, and the loser hears why.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * An admin sets a new password: every session of the user ends, and the account's address is told
 * (in the same transaction, so the notice goes out exactly when the change holds).
 */
export async function setUserPassword(userId: number, password: string): Promise<void> {
  const db = await database();
  const passwordHash = await hashPassword(password);
  const brand = await mailBrand();
  await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ email: users.email });
    if (!row) throw notFound(USER_NOT_FOUND);
    await endUserSessions(tx, userId, 'password_changed');
    await enqueueEmail(tx, { kind: 'password_changed', to: row.email, ...passwordChangedEmail(brand) });
    await recordAudit(tx, { action: 'user.password_changed', target: { type: 'user', id: userId }, details: { email: row.email } });
  });
}

/**
 * Another admin may change an account, but never the owner's (issue 33 §2): only the owner changes
 * the owner's password or profile, so a second admin cannot take the site over.
 */
export async function assertMayChangeAccount(actorId: number, userId: number): Promise<void> {
  if (actorId !== userId && userId === (await getOwnerId())) throw new HttpError(403, OWNER_ONLY);
}

export async function findUserById(id: number): Promise<User> {
  const db = await database();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function setUserProfileImage(userId: number, profileImageUrl: string | null): Promise<PublicUser> {
  const db = await database();
  const [row] = await db.update(users).set({ profileImageUrl }).where(eq(users.id, userId)).returning(publicColumns);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toPublicUser(row);
}

/**
 * Deletes a user and ends every session of theirs. The admins are locked first,
 * so two concurrent deletes cannot both pass the last-admin check.
 */
export async function deleteUser(userId: number, actingUserId: number): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [target] = await tx
      .select({ id: users.id, email: users.email, role: users.role, isOwner: users.isOwner })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.isOwner) throw new HttpError(403, OWNER_PROTECTED);
    if (target.id === actingUserId) throw new HttpError(403, SELF_DELETE);
    if (target.role === 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN);
    // Ended here rather than by the foreign key's cascade, so the audit log counts them.
    await endUserSessions(tx, userId, 'user_deleted');
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'user.deleted',
      target: { type: 'user', id: userId },
      details: { email: target.email, role: target.role },
    });
  });
}
