import { getOwnerId, listUsers } from '../../../../../server/services/users.ts';
import { UsersAdmin } from '../../../../admin/users/users-admin.tsx';
import { siteConfig } from '../../../../config/site.ts';
import { currentAdmin } from '../../../../lib/admin-session.ts';

export default async function AdminUsersPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  const [users, ownerId] = await Promise.all([listUsers(), getOwnerId()]);
  return (
    <>
      <title>{`Users | ${siteConfig().name}`}</title>
      <h1 className="text-3xl font-semibold">Users</h1>
      <p className="mt-1 text-muted">Create accounts, reset passwords and manage profile pictures.</p>
      <UsersAdmin initialUsers={users} ownerId={ownerId} currentUserId={admin.id} openCreate={false} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
