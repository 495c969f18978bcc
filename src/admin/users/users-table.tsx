'use client';

import { Badge } from '#src/components/ui/badge.tsx';
import { cn } from '#src/lib/cn.ts';
import type { PublicUser } from '#src/schemas/user.ts';
import { DateTime } from '../kit/time-zone.tsx';
import { deleteBlockedReason, displayName } from './protection.ts';
import { type UserAction, UserActions } from './user-actions.tsx';
import { UserAvatar } from './user-avatar.tsx';

export interface UsersTableProps {
  users: PublicUser[];
  ownerId: number | null;
  currentUserId: number;
  onAction: (action: UserAction, user: PublicUser) => void;
}

function RoleBadge({ user }: { user: PublicUser }) {
  return <Badge tone={user.role === 'admin' ? 'primary' : 'neutral'}>{user.role === 'admin' ? 'Admin' : 'User'}</Badge>;
}

function Marks({ user, ownerId, currentUserId }: { user: PublicUser; ownerId: number | null; currentUserId: number }) {
  return (
    <>
      {user.id === ownerId && (
        <Badge tone="accent" className="px-2 py-0.5">
          Owner
        </Badge>
      )}
      {user.id === currentUserId && <span className="text-xs text-muted">(you)</span>}
    </>
  );
}

const created = (user: PublicUser) => <DateTime at={user.createdAt} style="date" />;

const NoName = () => (
  <span className="text-muted">
    <span aria-hidden="true">—</span>
    <span className="sr-only">No name</span>
  </span>
);

/** A table from the md breakpoint up; a stacked card list on phones (down to 320 px). */
const COLUMNS = [
  { label: 'Profile picture', className: 'w-16' },
  { label: 'Email' },
  { label: 'Name' },
  { label: 'Role' },
  { label: 'Created', className: 'whitespace-nowrap' },
  { label: 'Actions', className: 'text-right' },
];

export function UsersTable({ users, ownerId, currentUserId, onAction }: UsersTableProps) {
  const blocked = (user: PublicUser) => deleteBlockedReason(user, users, ownerId, currentUserId);
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-canvas text-xs font-semibold uppercase tracking-wide text-muted">
            <tr>
              {COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={cn('px-4 py-3', className)}>
                  {label === 'Profile picture' ? <span className="sr-only">{label}</span> : label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {users.map((user) => (
              <tr key={user.id} className="align-middle hover:bg-primary-50/40">
                <td className="px-4 py-3">
                  <UserAvatar user={user} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-medium text-ink">{user.email}</span>
                    <Marks user={user} ownerId={ownerId} currentUserId={currentUserId} />
                  </div>
                </td>
                <td className="px-4 py-3">{displayName(user) || <NoName />}</td>
                <td className="px-4 py-3">
                  <RoleBadge user={user} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted">{created(user)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end">
                    <UserActions user={user} deleteBlocked={blocked(user)} onAction={onAction} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-line md:hidden">
        {users.map((user) => {
          const reason = blocked(user);
          return (
            <li key={user.id} className="p-4">
              <div className="flex items-start gap-3">
                <UserAvatar user={user} />
                <div className="min-w-0 flex-1">
                  <p className="break-all font-medium text-ink">{user.email}</p>
                  <p className="mt-0.5 text-sm">{displayName(user) || <NoName />}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <RoleBadge user={user} />
                    <Marks user={user} ownerId={ownerId} currentUserId={currentUserId} />
                  </div>
                  <p className="mt-2 text-xs text-muted">Created {created(user)}</p>
                </div>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pl-[3.25rem]">
                <UserActions user={user} deleteBlocked={reason} onAction={onAction} />
                {/* Touch screens have no hover: the reason is written out here too. */}
                {reason && <p className="text-xs text-muted">{reason}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
