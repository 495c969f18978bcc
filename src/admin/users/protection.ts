import type { PublicUser } from '#src/schemas/user.ts';

// docs/decisions.md (protected user) and docs/security.md ("Protected accounts"): the server refuses these
// deletes with the same texts; the screen disables the action and says why up front.
export const OWNER_DELETE_REASON = 'The owner account cannot be deleted or demoted';
export const SELF_DELETE_REASON = 'You cannot delete your own account';
export const LAST_ADMIN_REASON = 'At least one admin must remain';

/** Why this user cannot be deleted by the signed-in admin, or null when they can. */
export function deleteBlockedReason(user: PublicUser, users: PublicUser[], ownerId: number | null, currentUserId: number): string | null {
  if (user.id === ownerId) return OWNER_DELETE_REASON;
  if (user.id === currentUserId) return SELF_DELETE_REASON;
  if (user.role === 'admin' && users.filter((other) => other.role === 'admin').length <= 1) return LAST_ADMIN_REASON;
  return null;
}

export const displayName = (user: PublicUser) => [user.firstName, user.lastName].filter(Boolean).join(' ');
