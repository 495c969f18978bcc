import { PublicShell } from '../components/layout/public-shell.tsx';
import { NotFoundView } from '../components/not-found-view.tsx';

export default async function NotFoundPage() {
  return (
    <PublicShell>
      <NotFoundView />
    </PublicShell>
  );
}

export const getConfig = async () => ({ render: 'static' }) as const;
