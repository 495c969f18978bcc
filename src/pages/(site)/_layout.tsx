import type { ReactNode } from 'react';
import { PublicShell } from '../../components/layout/public-shell.tsx';

export default async function SiteLayout({ children }: { children: ReactNode }) {
  return <PublicShell>{children}</PublicShell>;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
