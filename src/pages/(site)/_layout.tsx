import type { ReactNode } from 'react';
import { currentSettings } from '../../../server/services/settings.ts';
import { PublicShell } from '../../components/layout/public-shell.tsx';

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { newsletterEnabled } = await currentSettings();
  return <PublicShell newsletter={newsletterEnabled}>{children}</PublicShell>;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
