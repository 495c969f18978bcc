import { PublicShell } from '../components/layout/public-shell.tsx';
import { SiteNotFound } from '../components/site-not-found.tsx';

export default async function NotFoundPage() {
  return (
    <PublicShell>
      <SiteNotFound />
    </PublicShell>
  );
}

// Dynamic: its words are the coach's (Admin → Pages), read when a visitor meets it.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
