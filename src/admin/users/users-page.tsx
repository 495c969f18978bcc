import { getOwnerId, listUsers } from '#server/services/users.ts';
import { PageTitle } from '#src/components/page-title.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { UsersAdmin } from './users-admin.tsx';

/** The users screen (server part): /admin/users, and /admin/users/new with 'Create New User' open. */
export async function UsersPage({ openCreate }: { openCreate: boolean }) {
  const admin = await currentAdmin();
  if (!admin) return null;
  const [users, ownerId] = await Promise.all([listUsers(), getOwnerId()]);
  return (
    <>
      <PageTitle title="Users" />
      <h1 className="text-3xl font-semibold">Users</h1>
      <p className="mt-1 text-muted">Create accounts, reset passwords and manage profile pictures.</p>
      <UsersAdmin initialUsers={users} ownerId={ownerId} currentUserId={admin.id} openCreate={openCreate} />
    </>
  );
}
