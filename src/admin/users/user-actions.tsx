'use client';

import type { ComponentProps } from 'react';
import { ImageUp, KeyRound, Trash2 } from '../../components/ui/icons.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import type { PublicUser } from '../../schemas/user.ts';

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
          <ImageUp aria-hidden="true" className="size-[18px]" />
        </IconButton>
      </Tooltip>
      <Tooltip content="Change password">
        <IconButton aria-label={`Change password of ${user.email}`} onClick={() => onAction('password', user)}>
          <KeyRound aria-hidden="true" className="size-[18px]" />
        </IconButton>
      </Tooltip>
      {deleteBlocked ? (
        <Tooltip content={deleteBlocked} disabledTrigger>
          <IconButton aria-label={`Delete ${user.email}`} disabled>
            <Trash2 aria-hidden="true" className="size-[18px]" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip content="Delete user">
          <IconButton aria-label={`Delete ${user.email}`} onClick={() => onAction('delete', user)} danger>
            <Trash2 aria-hidden="true" className="size-[18px]" />
          </IconButton>
        </Tooltip>
      )}
    </div>
  );
}
