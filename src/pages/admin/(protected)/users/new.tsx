import { UsersPage } from '../../../../admin/users/users-page.tsx';

export default function AdminNewUserPage() {
  return <UsersPage openCreate={true} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
