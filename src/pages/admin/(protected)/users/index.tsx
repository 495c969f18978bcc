import { UsersPage } from '#src/admin/users/users-page.tsx';

export default function AdminUsersPage() {
  return <UsersPage openCreate={false} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
