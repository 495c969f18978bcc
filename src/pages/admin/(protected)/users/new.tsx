import { UsersPage } from '#src/admin/users/users-page.tsx';

export default function AdminNewUserPage() {
  return <UsersPage openCreate={true} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
