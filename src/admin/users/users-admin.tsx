'use client';

import { UserPlus } from 'lucide';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { PublicUser } from '#src/schemas/user.ts';
import { DeleteDialog, type DeleteTexts } from '../kit/delete-dialog.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteUser, fetchUsers } from './api.ts';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { LOAD_FAILED } from './messages.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { ProfilePictureDialog } from './profile-picture-dialog.tsx';
import { displayName } from './protection.ts';
import type { UserAction } from './user-actions.tsx';
import { UsersTable } from './users-table.tsx';

export interface UsersAdminProps {
  initialUsers: PublicUser[];
  ownerId: number | null;
  currentUserId: number;
  /** /admin/users/new: the screen opens with 'Create New User'. */
  openCreate: boolean;
}

const who = (user: PublicUser) => (displayName(user) ? `${displayName(user)} (${user.email})` : user.email);

const DELETE_USER: DeleteTexts<PublicUser> = {
  title: 'Delete User',
  question: (user) => `Are you sure you want to delete ${who(user)}? This cannot be undone.`,
  success: (user) => ({ title: 'User deleted successfully', description: user.email }),
  failureTitle: 'Failed to delete user',
};

/** docs/product.md §2 "Admin users": the list, its actions and their dialogs. Every change refetches the list. */
export function UsersAdmin({ initialUsers, ownerId, currentUserId, openCreate }: UsersAdminProps) {
  const { data: users, refetching, refetch } = useServerData(initialUsers, fetchUsers, { title: LOAD_FAILED });
  const [creating, setCreating] = useState(openCreate);
  const [action, setAction] = useState<{ kind: UserAction; user: PublicUser } | null>(null);

  const closeAction = () => setAction(null);
  const afterChange = () => {
    setAction(null);
    void refetch();
  };
  const userFor = (kind: UserAction) => (action?.kind === kind ? action.user : null);

  return (
    <ListPanel
      name="users"
      title="All users"
      count={`${users.length} ${users.length === 1 ? 'user' : 'users'}`}
      refreshing={refetching && users.length > 0}
      controls={
        <Button onClick={() => setCreating(true)}>
          <Icon shapes={UserPlus} aria-hidden="true" className="size-4" /> Add User
        </Button>
      }
    >
      <div aria-busy={refetching}>
        {users.length > 0 ? (
          <UsersTable users={users} ownerId={ownerId} currentUserId={currentUserId} onAction={(kind, user) => setAction({ kind, user })} />
        ) : (
          <p className="px-6 py-12 text-center text-muted">{refetching ? 'Loading users...' : 'No users found'}</p>
        )}
      </div>

      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => {
          setCreating(false);
          void refetch();
        }}
      />
      <ProfilePictureDialog user={userFor('picture')} onClose={closeAction} onUpdated={afterChange} />
      <PasswordDialog user={userFor('password')} onClose={closeAction} onUpdated={afterChange} />
      <DeleteDialog
        state={{ target: userFor('delete'), close: closeAction }}
        texts={DELETE_USER}
        remove={(user) => deleteUser(user.id)}
        onDeleted={afterChange}
      >
        <p className="text-sm">Their sessions end and they can no longer sign in.</p>
      </DeleteDialog>
    </ListPanel>
  );
}
