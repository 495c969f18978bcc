import type { ReactNode } from 'react';
import { currentSettings } from '../../../server/services/settings.ts';
import { PageViewBeacon } from '../../components/layout/page-view-beacon.tsx';
import { PublicShell } from '../../components/layout/public-shell.tsx';

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { newsletterEnabled } = await currentSettings();
  return (
    <PublicShell newsletter={newsletterEnabled}>
      {children}
      <PageViewBeacon />
    </PublicShell>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
