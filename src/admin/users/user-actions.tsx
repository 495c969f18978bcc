'use client';

import { ImageUp, KeyRound, Trash2 } from 'lucide';
import type { ComponentProps } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { Tooltip } from '#src/components/ui/tooltip.tsx';
import { cn } from '#src/lib/cn.ts';
import type { PublicUser } from '#src/schemas/user.ts';

export type UserAction = 'picture' | 'password' | 'delete';

function IconButton({ danger = false, ...props }: ComponentProps<'button'> & { danger?: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        'flex size-9 items-center justify-center rounded-control transition-colors disabled:cursor-not-allowed disabled:text-primary-300',
        props.disabled ? '' : danger ? 'text-red-700 hover:bg-red-50' : 'text-primary-800 hover:bg-primary-50',
      )}
      {...props}
    />
  );
}

/** Edit picture, change password, delete: icon buttons named for the user, each with a tooltip. */
export function UserActions({
  user,
  deleteBlocked,
  onAction,
}: {
  user: PublicUser;
  /** Why the delete is disabled, or null. */
  deleteBlocked: string | null;
  onAction: (action: UserAction, user: PublicUser) => void;
}) {
  return (
    <div className="flex items-center gap-1">
      <Tooltip content="Edit profile picture">
        <IconButton aria-label={`Edit profile picture of ${user.email}`} onClick={() => onAction('picture', user)}>
          <Icon shapes={ImageUp} aria-hidden="true" className="size-[18px]" />
        </IconButton>
      </Tooltip>
      <Tooltip content="Change password">
        <IconButton aria-label={`Change password of ${user.email}`} onClick={() => onAction('password', user)}>
          <Icon shapes={KeyRound} aria-hidden="true" className="size-[18px]" />
        </IconButton>
      </Tooltip>
      {deleteBlocked ? (
        <Tooltip content={deleteBlocked} disabledTrigger>
          <IconButton aria-label={`Delete ${user.email}`} disabled>
            <Icon shapes={Trash2} aria-hidden="true" className="size-[18px]" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip content="Delete user">
          <IconButton aria-label={`Delete ${user.email}`} onClick={() => onAction('delete', user)} danger>
            <Icon shapes={Trash2} aria-hidden="true" className="size-[18px]" />
          </IconButton>
        </Tooltip>
      )}
    </div>
  );
}
